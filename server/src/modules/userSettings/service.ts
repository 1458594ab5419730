import type { UserSettingKey, UserSettingValue } from '@app/contract'
import { and, eq, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { userSettings } from '../../db/schema/index.js'
import type { SessionUser } from '../../platform/sessions.js'

/** The caller's own value of a setting, or null before they saved one. Only ever the caller's row. */
export async function getSetting<K extends UserSettingKey>(db: Executor, auth: SessionUser, key: K): Promise<UserSettingValue<K> | null> {
  const [row] = await db.select({ value: userSettings.value }).from(userSettings)
    .where(and(eq(userSettings.userId, auth.userId), eq(userSettings.key, key)))
  return (row?.value as UserSettingValue<K> | undefined) ?? null
}

/** Replaces the caller's value of a setting (one statement: two tabs saving at once both succeed, the last wins). */
export async function putSetting<K extends UserSettingKey>(db: Executor, auth: SessionUser, key: K, value: UserSettingValue<K>) {
  await db.insert(userSettings).values({ userId: auth.userId, key, value })
    .onConflictDoUpdate({ target: [userSettings.userId, userSettings.key], set: { value, updateTime: sql`now()` } })
  return value
}
