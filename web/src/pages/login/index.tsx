/**
 * /login (spec 000 §2, §4). User name (trimmed), password, 记住登录 (keeps the user name and a 7-day
 * session; never the password), 忘记密码 dialog, `?token=` single-use login, then `redirect` or '/'.
 * Plain React and CSS, no antd: on a slow link the page must take the password before antd's
 * JavaScript has arrived and run (bench/web-load.bench.ts); the 忘记密码 dialog loads antd when opened.
 */
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { Msg, ResultCode, type LoginResult } from '@app/contract'
import * as usersApi from '../../api/users'
import { RequestError, toast } from '../../api/request'
import { startSession } from '../../app/session'
import { loadSignedIn } from '../../app/signedIn'
import { getRememberedUsername } from '../../app/storage'
import { PRODUCT_NAME } from '../../app/theme'
import PageLoading from '../../components/PageLoading'
import { preloadSignedIn, withAntd } from '../../router/signedIn'
import { PROFILE_PATH, safeRedirect } from '../../router/paths'
import { EyeIcon, LockIcon, ShieldIcon, UserIcon, WarningIcon } from './icons'
import styles from './login.module.css'

/** The 忘记密码 dialog (antd), fetched the first time it opens. */
const ForgotPasswordModal = lazy(() => import('./ForgotPasswordModal'))

const FIELD_MAX = 64
const errorText = (e: unknown) => (e instanceof Error && e.message ? e.message : Msg.loginFailed)

interface FieldErrors { username?: string; password?: string }

function validate(username: string, password: string): FieldErrors {
  return { username: username.trim() ? undefined : '请输入账号', password: password ? undefined : '请输入密码' }
}

const messageId = (name: string) => `login-${name}-error`
/** An input's state for assistive technology: invalid, and described by its field's message. */
const errorProps = (name: string, error: string | undefined) =>
  ({ 'aria-invalid': !!error, 'aria-describedby': error ? messageId(name) : undefined })

/** One input as antd's large Input draws it: icon, the caller's input, the message below. */
function Field({ name, icon, error, children }: { name: string; icon: ReactNode; error?: string; children: ReactNode }) {
  return (
    <div className={styles.field}>
      <label className={`${styles.input} ${error ? styles.invalid : ''}`}>
        {icon}
        {children}
      </label>
      {error && <div id={messageId(name)} className={styles.fieldError}>{error}</div>}
    </div>
  )
}

export default function LoginPage() {
  const navigate = useNavigate()
  const [params, setParams] = useSearchParams()
  const remembered = getRememberedUsername()
  const [username, setUsername] = useState(remembered ?? '')
  const [password, setPassword] = useState('')
  const [remember, setRemember] = useState(!!remembered)
  const [showPassword, setShowPassword] = useState(false)
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({})
  const [submitting, setSubmitting] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [forgotOpen, setForgotOpen] = useState(false)
  const [forgotLoaded, setForgotLoaded] = useState(false)
  const loginToken = params.get('token')
  const [tokenLogin, setTokenLogin] = useState(!!loginToken)
  const tokenTried = useRef<string | null>(null)
  const usernameInput = useRef<HTMLInputElement>(null)
  const passwordInput = useRef<HTMLInputElement>(null)

  useEffect(() => {
    document.title = `登录 - ${PRODUCT_NAME}`
    // the password cipher and key arrive while the user types, so 登录 sends at once
    if (!loginToken) usersApi.preparePasswordEncryption()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const finish = (result: LoginResult, rememberIt: boolean, name?: string) => {
    startSession(result, { remember: rememberIt, username: name })
    const target = result.mustChangePassword ? PROFILE_PATH : safeRedirect(params.get('redirect'))
    // the shell shows what went wrong, should this fail
    loadSignedIn(target).catch(() => undefined)
    if (result.mustChangePassword) toast('warning', Msg.mustChangePassword, 8)
    else if (!result.lastPasswordResetDate) toast('warning', Msg.resetReminder, 6)
    navigate(target, { replace: true })
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

  const preloaded = useRef(false)
  const preloadOnce = () => {
    if (preloaded.current) return
    preloaded.current = true
    preloadSignedIn()
  }

  /** A field's message goes once it is filled, as it came: on submit. */
  const edited = (next: { username?: string; password?: string }) => {
    if (error) setError(null)
    const u = next.username ?? username
    const p = next.password ?? password
    if (fieldErrors.username || fieldErrors.password) {
      const now = validate(u, p)
      setFieldErrors({ username: fieldErrors.username && now.username, password: fieldErrors.password && now.password })
    }
  }

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault()
    if (submitting) return
    const errors = validate(username, password)
    setFieldErrors(errors)
    if (errors.username || errors.password) {
      (errors.username ? usernameInput : passwordInput).current?.focus()
      return
    }
    setError(null)
    setSubmitting(true)
    const name = username.trim()
    const attempt = () => usersApi.login({ username: name, password, remember }, { silent: true })
    try {
      let result: LoginResult
      try {
        const first = attempt()
        // the shell and the home grid load while the server checks the password
        preloadSignedIn()
        result = await first
      } catch (err) {
        // the server's key changed (e.g. a new data directory) or the page sat open too long: fetch the key again once
        if (err instanceof RequestError && err.code === ResultCode.PASSWORD_STALE) {
          usersApi.resetPublicKey()
          result = await attempt()
        } else throw err
      }
      finish(result, remember, name)
    } catch (err) {
      setError(errorText(err))
      setPassword('')
      passwordInput.current?.focus()
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <div className={styles.page}>
      <main className={styles.card}>
        <div className={styles.brand}>
          <div className={styles.logo} aria-hidden>
            <ShieldIcon />
          </div>
          <h1 className={styles.title}>{PRODUCT_NAME}</h1>
          <span className={styles.subtitle}>检验基地与物流票据一体化管理</span>
        </div>

        {tokenLogin ? (
          <PageLoading tip="正在通过登录链接登录…" />
        ) : (
          // the user is typing: the signed-in screens load meanwhile (not before, so that a page only
          // looked at costs its own bytes)
          <form name="login" onSubmit={onSubmit} onInput={preloadOnce} noValidate autoComplete="on">
            <Field name="username" icon={<UserIcon />} error={fieldErrors.username}>
              <input
                ref={usernameInput}
                name="username"
                placeholder="账号（手机号）"
                aria-label="账号"
                {...errorProps('username', fieldErrors.username)}
                autoComplete="username"
                autoFocus={!remembered}
                maxLength={FIELD_MAX}
                value={username}
                onChange={(e) => {
                  const v = e.target.value.replace(/^\s+/, '')
                  setUsername(v)
                  edited({ username: v })
                }}
              />
            </Field>
            <Field name="password" icon={<LockIcon />} error={fieldErrors.password}>
              <input
                ref={passwordInput}
                name="password"
                type={showPassword ? 'text' : 'password'}
                placeholder="密码"
                aria-label="密码"
                {...errorProps('password', fieldErrors.password)}
                autoComplete="current-password"
                autoFocus={!!remembered}
                maxLength={FIELD_MAX}
                value={password}
                onChange={(e) => {
                  setPassword(e.target.value)
                  edited({ password: e.target.value })
                }}
              />
              <button
                type="button"
                className={styles.reveal}
                tabIndex={-1}
                aria-label={showPassword ? '隐藏密码' : '显示密码'}
                onClick={() => setShowPassword((v) => !v)}
              >
                <EyeIcon open={showPassword} />
              </button>
            </Field>
            {error && (
              <div className={styles.alert} role="alert" data-testid="login-error">
                <WarningIcon />
                <span>{error}</span>
              </div>
            )}
            <div className={styles.row}>
              <label className={styles.check}>
                <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
                <span>记住登录</span>
              </label>
              <button type="button" className={styles.link} onClick={() => { setForgotLoaded(true); setForgotOpen(true) }}>忘记密码</button>
            </div>
            <button type="submit" className={styles.submit} disabled={submitting} aria-busy={submitting}>
              {submitting && <span className={styles.spinnerSmall} aria-hidden />}
              登 录
            </button>
          </form>
        )}
      </main>
      <div className={styles.footer}>© {new Date().getFullYear()} {PRODUCT_NAME}</div>
      {forgotLoaded && (
        <Suspense fallback={null}>
          {withAntd(<ForgotPasswordModal
            open={forgotOpen}
            onClose={() => setForgotOpen(false)}
            onDone={(phone) => {
              setForgotOpen(false)
              setError(null)
              setFieldErrors({})
              setUsername(phone)
              setPassword('')
            }}
          />)}
        </Suspense>
      )}
    </div>
  )
}
