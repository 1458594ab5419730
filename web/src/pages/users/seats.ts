/**
 * A base's seats as the user list shows them: every member beyond the base's main account takes one,
 * whatever its role (the screens call them 子账号). Headquarters has no limit.
 */
import { HQ_COMPANY_ID, IS_CREATE, type CompanyRow } from '@app/contract'

export interface Seats {
  /** the base allows role-less sub-accounts (its isCreate flag) */
  allowsSubAccounts: boolean
  amount: number
  used: number
  left: number
}

/** The seats of a base; null for headquarters, which has no limit. */
export const seatsOf = (c: CompanyRow): Seats | null =>
  c.id === HQ_COMPANY_ID ? null : { allowsSubAccounts: c.isCreate === IS_CREATE.yes, amount: c.userAmount, used: c.assignedUserNums, left: c.remainingUserNums }

export const seatsText = (s: Seats) => `子账号：共 ${s.amount} 个，已分配 ${s.used} 个，剩余 ${s.left} 个`

/** Whether one more user fits (unknown seats: let the server decide). */
export const seatLeft = (s: Seats | null | undefined) => !s || s.left > 0

/** 添加子账号 under an account that may create them, in a base that allows them and has a seat left. */
export const canAddSubAccount = (isCreate: number, s: Seats | null | undefined) =>
  isCreate === 1 && (!s || (s.allowsSubAccounts && s.left > 0))
