/** 总部大屏 (menu component key 'screen', headquarters): every base's figures today, by base and by province. */
import SignedInScreen from './SignedInScreen'

export default function ScreenPage() {
  return <SignedInScreen allBases />
}
