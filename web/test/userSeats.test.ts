import { HQ_COMPANY_ID, type CompanyRow } from '@app/contract'
import { describe, expect, it } from 'vitest'
import { canAddSubAccount, seatLeft, seatsOf, seatsText } from '../src/pages/users/seats'

const base = (extra: Partial<CompanyRow>) => ({
  id: 7, isCreate: '1', userAmount: 3, assignedUserNums: 3, remainingUserNums: 0, ...extra,
}) as CompanyRow

describe('seats in the user list', () => {
  it('a full base: no 新增, no 添加子账号, and the counts as the base list words them', () => {
    const s = seatsOf(base({}))
    expect(seatsText(s!)).toBe('子账号：共 3 个，已分配 3 个，剩余 0 个')
    expect(seatLeft(s)).toBe(false)
    expect(canAddSubAccount(1, s)).toBe(false)
  })

  it('a seat left: both, but 添加子账号 only under an account that may create them in a base that allows them', () => {
    const s = seatsOf(base({ assignedUserNums: 2, remainingUserNums: 1 }))
    expect(seatLeft(s)).toBe(true)
    expect(canAddSubAccount(1, s)).toBe(true)
    expect(canAddSubAccount(0, s)).toBe(false)
    expect(canAddSubAccount(1, seatsOf(base({ isCreate: '0', remainingUserNums: 1 })))).toBe(false)
  })

  it('headquarters has no limit, and unknown seats leave the decision to the server', () => {
    const hq = seatsOf(base({ id: HQ_COMPANY_ID, userAmount: 0, assignedUserNums: 12, remainingUserNums: 0 }))
    expect(hq).toBeNull()
    expect(seatLeft(hq)).toBe(true)
    expect(canAddSubAccount(1, hq)).toBe(true)
    expect(seatLeft(undefined)).toBe(true)
  })
})
