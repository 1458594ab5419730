import { Form, Input } from 'antd'
import { LockOutlined } from '@ant-design/icons'
import { Msg, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@app/contract'

/**
 * New password + its repeat, with the rules of spec 000 §5: at least 6 characters
 * ('密码位数至少为6位') and both equal ('两次输入的密码不一致，请重新输入').
 */
export default function PasswordFields({
  name = 'password',
  confirmName = 'passwordAgain',
  label = '新密码',
  confirmLabel = '确认密码',
}: { name?: string; confirmName?: string; label?: string; confirmLabel?: string }) {
  return (
    <>
      <Form.Item
        name={name}
        label={label}
        hasFeedback
        rules={[
          { required: true, message: `请输入${label}` },
          { min: PASSWORD_MIN_LENGTH, message: Msg.passwordTooShort },
          { max: PASSWORD_MAX_LENGTH, message: `密码不能超过${PASSWORD_MAX_LENGTH}个字符` },
        ]}
      >
        <Input.Password prefix={<LockOutlined />} placeholder={`至少${PASSWORD_MIN_LENGTH}位`} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name={confirmName}
        label={confirmLabel}
        dependencies={[name]}
        hasFeedback
        rules={[
          { required: true, message: `请再次输入密码` },
          ({ getFieldValue }) => ({
            validator(_, value) {
              if (!value || getFieldValue(name) === value) return Promise.resolve()
              return Promise.reject(new Error(Msg.passwordMismatch))
            },
          }),
        ]}
      >
        <Input.Password prefix={<LockOutlined />} placeholder="再次输入新密码" autoComplete="new-password" />
      </Form.Item>
    </>
  )
}
