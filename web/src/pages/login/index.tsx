/**
 * /login (spec 000 §2, §4). User name (trimmed), password, 记住登录 (keeps the user name and a 7-day
 * session; never the password), 忘记密码 dialog, `?token=` single-use login, then `redirect` or '/'.
 * Kept free of ProLayout/ProComponents: this route's JavaScript is budgeted (bench/web-bundle.mjs).
 */
import { useEffect, useRef, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { Alert, App, Button, Checkbox, Form, Input, Spin, Typography } from 'antd'
import { LockOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons'
import { Msg, ResultCode, type LoginResult } from '@app/contract'
import * as usersApi from '../../api/users'
import { RequestError } from '../../api/request'
import { startSession } from '../../app/session'
import { getRememberedUsername } from '../../app/storage'
import { PRODUCT_NAME } from '../../app/theme'
import { preloadSignedIn } from '../../router'
import { PROFILE_PATH, safeRedirect } from '../../router/static'
import ForgotPasswordModal from './ForgotPasswordModal'
import styles from './login.module.css'

interface LoginForm {
  username: string
  password: string
  remember: boolean
}

const errorText = (e: unknown) => (e instanceof Error && e.message ? e.message : Msg.loginFailed)

export default function LoginPage() {
  const { message } = App.useApp()
  const navigate = useNavigate()
  const [params, setParams] = useSearchParams()
  const [form] = Form.useForm<LoginForm>()
  const [submitting, setSubmitting] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [forgotOpen, setForgotOpen] = useState(false)
  const loginToken = params.get('token')
  const [tokenLogin, setTokenLogin] = useState(!!loginToken)
  const tokenTried = useRef<string | null>(null)
  const remembered = getRememberedUsername()

  useEffect(() => {
    document.title = `登录 - ${PRODUCT_NAME}`
    // the password cipher and key arrive while the user types, so 登录 sends at once
    if (!loginToken) usersApi.preparePasswordEncryption()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const finish = (result: LoginResult, remember: boolean, username?: string) => {
    startSession(result, { remember, username })
    if (result.mustChangePassword) {
      message.warning(Msg.mustChangePassword, 8)
      navigate(PROFILE_PATH, { replace: true })
      return
    }
    if (!result.lastPasswordResetDate) message.warning(Msg.resetReminder, 6)
    navigate(safeRedirect(params.get('redirect')), { replace: true })
  }

  // `?token=`: single-use login handed over by another system
  useEffect(() => {
    if (!loginToken || tokenTried.current === loginToken) return
    tokenTried.current = loginToken
    setTokenLogin(true)
    preloadSignedIn()
    usersApi.getLoginByToken(loginToken, { silent: true })
      .then((result) => finish(result, false))
      .catch((e) => {
        setError(`${Msg.fetchFailed}：${errorText(e)}`)
        setTokenLogin(false)
        const next = new URLSearchParams(params)
        next.delete('token')
        setParams(next, { replace: true })
      })
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loginToken])

  const onFinish = async (values: LoginForm) => {
    setError(null)
    setSubmitting(true)
    const username = values.username.trim()
    const attempt = () => usersApi.login({ username, password: values.password, remember: values.remember }, { silent: true })
    try {
      let result: LoginResult
      try {
        const first = attempt()
        // the shell and the home grid load while the server checks the password
        preloadSignedIn()
        result = await first
      } catch (e) {
        // the server's key changed (e.g. a new data directory) or the page sat open too long: fetch the key again once
        if (e instanceof RequestError && e.code === ResultCode.PASSWORD_STALE) {
          usersApi.resetPublicKey()
          result = await attempt()
        } else throw e
      }
      finish(result, values.remember, username)
    } catch (e) {
      setError(errorText(e))
      form.setFieldValue('password', '')
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <div className={styles.page}>
      <div className={styles.card}>
        <div className={styles.brand}>
          <div className={styles.logo} aria-hidden>
            <SafetyCertificateOutlined />
          </div>
          <Typography.Title level={3} className={styles.title}>{PRODUCT_NAME}</Typography.Title>
          <Typography.Text type="secondary">检验基地与物流票据一体化管理</Typography.Text>
        </div>

        {tokenLogin ? (
          <div className={styles.tokenLogin}>
            <Spin />
            <span>正在通过登录链接登录…</span>
          </div>
        ) : (
          <Form<LoginForm>
            form={form}
            name="login"
            size="large"
            initialValues={{ username: remembered ?? '', remember: !!remembered }}
            onFinish={onFinish}
            onValuesChange={() => error && setError(null)}
            autoComplete="on"
          >
            <Form.Item
              name="username"
              rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}
              normalize={(v: string) => v?.replace(/^\s+/, '')}
            >
              <Input prefix={<UserOutlined />} placeholder="用户名（手机号）" aria-label="用户名" autoComplete="username" autoFocus={!remembered} maxLength={64} />
            </Form.Item>
            <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
              <Input.Password prefix={<LockOutlined />} placeholder="密码" aria-label="密码" autoComplete="current-password" autoFocus={!!remembered} maxLength={64} />
            </Form.Item>
            {error && (
              <Form.Item>
                <Alert type="error" showIcon message={error} role="alert" data-testid="login-error" />
              </Form.Item>
            )}
            <div className={styles.row}>
              <Form.Item name="remember" valuePropName="checked" noStyle>
                <Checkbox>记住登录</Checkbox>
              </Form.Item>
              <Button type="link" size="small" style={{ paddingInline: 0 }} onClick={() => setForgotOpen(true)}>忘记密码</Button>
            </div>
            <Form.Item style={{ marginBottom: 0 }}>
              <Button type="primary" htmlType="submit" block loading={submitting}>
                登 录
              </Button>
            </Form.Item>
          </Form>
        )}
      </div>
      <div className={styles.footer}>© {new Date().getFullYear()} {PRODUCT_NAME}</div>
      <ForgotPasswordModal
        open={forgotOpen}
        onClose={() => setForgotOpen(false)}
        onDone={(phone) => {
          setForgotOpen(false)
          setError(null)
          form.setFieldsValue({ username: phone, password: '' })
        }}
      />
    </div>
  )
}
