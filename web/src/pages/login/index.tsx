/**
 * /login (spec 000 §2, §4). User name (trimmed), password, 记住登录 (keeps the user name and a 7-day
 * session; never the password), 忘记密码 dialog, `?token=` single-use login, then `redirect` or '/'.
 * Plain React and CSS, no antd: on a slow link the page must take the password before antd's
 * JavaScript has arrived and run (bench/web-load.bench.ts); the 忘记密码 dialog loads antd when opened.
 */
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { Msg, ResultCode, type BaseOfDomain, type LoginResult } from '@app/contract'
import { basePictureUrl, getBaseOfDomain } from '../../api/baseOfHost'
import * as usersApi from '../../api/users'
import { RequestError, toast } from '../../api/request'
import { startSession } from '../../app/session'
import { loadSignedIn } from '../../app/signedIn'
import { getRememberedUsername } from '../../app/storage'
import { PRODUCT_NAME } from '../../app/theme'
import PageLoading from '../../components/PageLoading'
import { preloadSignedIn, withAntd } from '../../router/signedIn'
import { PROFILE_PATH, safeRedirect } from '../../router/paths'
import { baseLabelOf } from './baseHost'
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

/**
 * On a base's own sub-domain, that base (its name and picture on the page, and the base the sign-in
 * lands in); null elsewhere or when no base has the sub-domain. `ready` settles once the look-up has.
 */
function useBaseOfHost() {
  const label = baseLabelOf(window.location.hostname)
  const [base, setBase] = useState<BaseOfDomain | null>(null)
  const ready = useRef<Promise<BaseOfDomain | null>>(Promise.resolve(null))
  useEffect(() => {
    if (!label) return
    const abort = new AbortController()
    ready.current = getBaseOfDomain(label, { signal: abort.signal }).then((b) => {
      setBase(b)
      return b
    }, () => null)
    return () => abort.abort()
  }, [label])
  return { label, base, ready }
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
  const host = useBaseOfHost()

  useEffect(() => {
    document.title = `登录 - ${host.base?.name ?? PRODUCT_NAME}`
  }, [host.base])

  useEffect(() => {
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
    try {
      // on a base's own page the sign-in lands in that base (a user of none is told so by the server)
      const companyid = (await host.ready.current)?.id
      const attempt = () => usersApi.login({ username: name, password, remember, companyid }, { silent: true })
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
          {host.base?.picId && host.label ? (
            <img className={styles.basePicture} src={basePictureUrl(host.label)} alt={`${host.base.name}图片`} />
          ) : (
            <div className={styles.logo} aria-hidden>
              <ShieldIcon />
            </div>
          )}
          <h1 className={styles.title}>{host.base?.name ?? PRODUCT_NAME}</h1>
          <span className={styles.subtitle}>{host.base ? PRODUCT_NAME : '检验基地与物流票据一体化管理'}</span>
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
