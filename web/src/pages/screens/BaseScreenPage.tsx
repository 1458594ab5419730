/** 基地大屏 (menu component key 'base_screen'): a base's own figures today; headquarters picks the base. */
import SignedInScreen from './SignedInScreen'

export default function BaseScreenPage() {
  return <SignedInScreen allBases={false} />
}
