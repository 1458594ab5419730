/** Roles are stored by the spec's nickName and shown by their Chinese label (contract/src/permissions.ts). */
import { describe, expect, it } from 'vitest'
import { roleLabel, roleNickName, roleOptions, ROLES } from '@app/contract'

describe('role labels', () => {
  it('shows each role by its Chinese name, 子账号 for none, an unknown one as it is', () => {
    expect(['reception', 'operator', 'base admin', 'admin', '检验员', '', null].map(roleLabel))
      .toEqual(['接待员', '操作员', '基地管理员', '系统管理员', '检验员', '子账号', '子账号'])
    expect(roleLabel('质检')).toBe('质检')
  })

  it('a picker shows the label and keeps the nickName as its value', () => {
    expect(roleOptions([ROLES.baseAdmin.nickName, ROLES.inspector.nickName])).toEqual([
      { label: '基地管理员', value: 'base admin' }, { label: '检验员', value: '检验员' },
    ])
  })

  it('what a sheet names, by label or nickName, reads back as the nickName; 子账号 is no role to give', () => {
    expect(['接待员', ' 操作员 ', '基地管理员', '系统管理员', '检验员', 'operator', '子账号', '厨师'].map(roleNickName))
      .toEqual(['reception', 'operator', 'base admin', 'admin', '检验员', 'operator', '子账号', '厨师'])
  })
})
