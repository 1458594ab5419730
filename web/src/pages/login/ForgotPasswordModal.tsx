/** 忘记密码: phone, SMS code (获取验证码, 60 s count-down), new password twice (spec 000 §2, §5). */
import { useEffect, useState } from 'react'
import { Alert, App, Button, Form, Input, Modal, Space } from 'antd'
import { MailOutlined, MobileOutlined } from '@ant-design/icons'
// the server's rules for the phone and the code (resetByCodeBody) as plain patterns: the login route does without zod
import { MOBILE_RE, Msg, SMS_CODE, SMS_CODE_RE } from '@app/contract'
import * as usersApi from '../../api/users'
import PasswordFields from '../../components/PasswordFields'

interface ResetForm {
  phone: string
  code: string
  password: string
  passwordAgain: string
}

const RESEND_SECONDS = SMS_CODE.resendMs / 1000

export default function ForgotPasswordModal({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: (phone: string) => void }) {
  const { message } = App.useApp()
  const [form] = Form.useForm<ResetForm>()
  const [countdown, setCountdown] = useState(0)
  const [sending, setSending] = useState(false)
  const [submitting, setSubmitting] = useState(false)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    if (countdown <= 0) return
    const t = setTimeout(() => setCountdown((c) => c - 1), 1000)
    return () => clearTimeout(t)
  }, [countdown])

  useEffect(() => {
    if (!open) {
      form.resetFields()
      setError(null)
    }
  }, [open, form])

  const sendCode = async () => {
    setError(null)
    let phone: string
    try {
      phone = (await form.validateFields(['phone'])).phone.trim()
    } catch {
      return
    }
    setSending(true)
    try {
      const msg = await usersApi.sendResetCode(phone, { silent: true })
      message.success(msg || Msg.sendOk)
      setCountdown(RESEND_SECONDS)
    } catch (e) {
      setError(`${Msg.sendFailed}：${(e as Error).message}`)
    } finally {
      setSending(false)
    }
  }

  const submit = async () => {
    setError(null)
    const values = await form.validateFields()
    setSubmitting(true)
    try {
      const msg = await usersApi.resetPasswordByCode({ phone: values.phone, code: values.code, password: values.password }, { silent: true })
      message.success(msg || Msg.ok)
      onDone(values.phone.trim())
    } catch (e) {
      setError((e as Error).message)
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <Modal
      title="忘记密码"
      open={open}
      onCancel={onClose}
      onOk={() => submit().catch(() => undefined)}
      okText="重置密码"
      cancelText="取消"
      confirmLoading={submitting}
      forceRender
      width={440}
    >
      <Form<ResetForm> form={form} layout="vertical" name="forgot-password" requiredMark={false} style={{ marginTop: 16 }}>
        <Form.Item
          name="phone"
          label="手机号"
          rules={[
            { required: true, whitespace: true, message: '请输入手机号' },
            { pattern: MOBILE_RE, message: Msg.mobileFormat },
          ]}
        >
          <Input prefix={<MobileOutlined />} placeholder="账号绑定的手机号" maxLength={11} inputMode="numeric" />
        </Form.Item>
        <Form.Item label="验证码" required htmlFor="forgot-password_code">
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item
              name="code"
              noStyle
              rules={[
                { required: true, message: '请输入验证码' },
                { pattern: SMS_CODE_RE, message: Msg.smsCodeFormat },
              ]}
            >
              <Input prefix={<MailOutlined />} placeholder="6位短信验证码" maxLength={6} inputMode="numeric" />
            </Form.Item>
            <Button onClick={sendCode} loading={sending} disabled={countdown > 0} style={{ minWidth: 116 }}>
              {countdown > 0 ? `${countdown}秒后重新获取` : '获取验证码'}
            </Button>
          </Space.Compact>
        </Form.Item>
        <PasswordFields label="新密码" confirmLabel="确认新密码" />
        {error && <Alert type="error" showIcon message={error} role="alert" />}
      </Form>
    </Modal>
  )
}
