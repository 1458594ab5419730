/** Where '/' (and so the sign-in) lands: the home grid, or 上传票据 for a sub-account on a phone. */
import { Navigate } from 'react-router-dom'
import type { UserInfo } from '@app/contract'
import { isPhoneScreen } from '../components/phoneScreen'
import type { RouteTable } from './menu'

/** A sub-account (no role) on a phone comes to take ticket photos; everyone else starts at the table's home. */
export function landingPath(table: RouteTable, info: Pick<UserInfo, 'nickName'>, phone: boolean): string {
  if (phone && !info.nickName) {
    const upload = [...table.pages.values()].find((e) => e.component === 'upload')
    if (upload) return upload.path
  }
  return table.home
}

export default function Landing({ table, info }: { table: RouteTable; info: UserInfo }) {
  return <Navigate to={landingPath(table, info, isPhoneScreen())} replace />
}
