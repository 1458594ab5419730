/** 重置密码: an administrator sets a new password; the user is signed out and must change it at the next login. */
import { ModalForm, ProFormText } from '@ant-design/pro-components'
import type { UserRow } from '@app/contract'
import * as userApi from '../../api/userAdmin'
import { dialogFormProps, submitDialog } from '../../components/dialogForm'
import HiddenSubmit from '../../components/HiddenSubmit'
import PasswordFields from '../../components/PasswordFields'

export default function ResetPasswordModal({ user, onClose }: { user: UserRow | null; onClose: () => void }) {
  return (
    <ModalForm<{ password: string; passwordAgain: string }>
      title="重置密码"
      open={!!user}
      onOpenChange={(o) => { if (!o) onClose() }}
      width={480}
      {...dialogFormProps(100)}
      name="reset-password"
      onFinish={async (v) => {
        if (!user) return false
        // the toast is the server's own message
        return submitDialog(() => userApi.resetPassword(user.id, v.password, v.passwordAgain), (serverMessage) => serverMessage)
      }}
    >
      <ProFormText label="用户" disabled fieldProps={{ value: `${user?.name ?? ''}（${user?.phone ?? ''}）` }} />
      <PasswordFields label="新密码" confirmLabel="确认密码" />
      <HiddenSubmit />
    </ModalForm>
  )
}
