import { z } from 'zod'
import { oneOf } from './fields.js'

/**
 * A signed-in user's own settings (`GET`/`PUT /users/settings/{key}`), one JSON value a key, kept on
 * the server so they follow the user from browser to browser. Every key is a grid's layout today.
 */
export const USER_SETTING_KEYS = ['transportGrid'] as const
export type UserSettingKey = (typeof USER_SETTING_KEYS)[number]

/** The largest value a setting keeps, as UTF-8 JSON. */
export const USER_SETTING_MAX_BYTES = 16 * 1024
/** Columns a grid layout names at most (the transport grid has about 30). */
export const GRID_LAYOUT_MAX_COLUMNS = 100
export const GRID_COLUMN_WIDTH = { min: 40, max: 2000 } as const

export const UserSettingMsg = {
  tooLarge: `设置内容不能超过${USER_SETTING_MAX_BYTES / 1024}KB`,
  saved: '保存成功',
} as const

export const userSettingParams = z.object({ key: oneOf('设置项', USER_SETTING_KEYS) })

const columnKey = z.string({ error: '列名格式不正确' })
  .regex(/^[A-Za-z0-9_.-]{1,60}$/, { error: '列名只能是1至60个字母、数字、下划线、点或短横线' })
const columnKeys = (label: string) =>
  z.array(columnKey, { error: `${label}格式不正确` }).max(GRID_LAYOUT_MAX_COLUMNS, { error: `${label}最多${GRID_LAYOUT_MAX_COLUMNS}列` })

const byteLength = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length

/**
 * A grid's layout as its user left it: the column keys in display order, the hidden ones, and widths
 * in pixels. Keys the grid no longer has are ignored when it is restored; new columns are added.
 */
export const gridLayout = z.strictObject({
  order: columnKeys('列顺序'),
  hidden: columnKeys('隐藏列'),
  widths: z.record(columnKey, z.number({ error: '列宽必须是数字' }).int({ error: '列宽必须是整数' })
    .min(GRID_COLUMN_WIDTH.min, { error: `列宽不能小于${GRID_COLUMN_WIDTH.min}` })
    .max(GRID_COLUMN_WIDTH.max, { error: `列宽不能大于${GRID_COLUMN_WIDTH.max}` }), { error: '列宽格式不正确' })
    .refine((w) => Object.keys(w).length <= GRID_LAYOUT_MAX_COLUMNS, { error: `列宽最多${GRID_LAYOUT_MAX_COLUMNS}列` }),
}, { error: (iss) => (iss.code === 'invalid_type' ? '列表设置格式不正确' : undefined) }).refine((v) => byteLength(v) <= USER_SETTING_MAX_BYTES, { error: UserSettingMsg.tooLarge })
export type GridLayout = z.infer<typeof gridLayout>

/** The value each key holds. */
export const USER_SETTING_SCHEMAS = { transportGrid: gridLayout } as const satisfies Record<UserSettingKey, z.ZodType>
export type UserSettingValue<K extends UserSettingKey = UserSettingKey> = z.infer<(typeof USER_SETTING_SCHEMAS)[K]>
