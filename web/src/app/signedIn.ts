/**
 * The signed-in screens' first calls: the user info and, when the user lands on the home grid, the
 * grid's first page. The login page asks for them as soon as it holds the token, while the shell's
 * code is still arriving, so the shell finds both there; after a reload the shell asks itself.
 * One call at a time: a second caller gets the one under way.
 */
import type { UserInfo } from '@app/contract'
import { prefetchTransportGrid } from '../api/transports'
import { buildRouteTable } from '../router/menu'
import { HOME_PATH } from '../router/paths'
import { loadUserInfo } from './session'

let pending: Promise<UserInfo> | null = null

/** `landing`: the path the user is on or is being sent to */
export function loadSignedIn(landing: string): Promise<UserInfo> {
  pending ??= loadUserInfo()
    .then((info) => {
      const home = buildRouteTable(info.menus, info.permissions).home
      if (home === HOME_PATH && ['/', HOME_PATH].includes(landing.split(/[?#]/)[0]!)) prefetchTransportGrid()
      return info
    })
    .finally(() => { pending = null })
  return pending
}
