/** The signed-in user's own settings: server module userSettings (server/src/modules/userSettings/routes.ts). */
import type { UserSettingKey, UserSettingValue } from '@app/contract'
import { http, type RequestOptions } from './request'

/** The saved value, or null before the user saved one. */
export const getUserSetting = <K extends UserSettingKey>(key: K, opts?: RequestOptions) =>
  http.get<UserSettingValue<K> | null>(`/users/settings/${key}`, undefined, opts)

export const putUserSetting = <K extends UserSettingKey>(key: K, value: UserSettingValue<K>, opts?: RequestOptions) =>
  http.put<UserSettingValue<K>>(`/users/settings/${key}`, value, opts)
