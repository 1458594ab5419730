/** Navbar parts: breadcrumb, company name and switcher, avatar dropdown (spec 000 §2 Shell). */
import { useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import { App, Breadcrumb, Button, Dropdown, Space, Typography } from 'antd'
import { BankOutlined, DownOutlined, HomeOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons'
import { Msg, type UserInfo } from '@app/contract'
import * as usersApi from '../api/users'
import { breadcrumbFor, type RouteTable } from '../router/menu'
import { LOGIN_PATH, PROFILE_PATH } from '../router/paths'
import { endSession, loadUserInfo } from './session'

export function NavBreadcrumb({ table }: { table: RouteTable }) {
  const { pathname } = useLocation()
  const trail = breadcrumbFor(table, pathname)
  return (
    <Breadcrumb
      style={{ marginInlineStart: 16 }}
      items={[
        { title: <Link to="/" aria-label="首页"><HomeOutlined /></Link> },
        ...trail.map((t, i) => ({ title: i === trail.length - 1 ? t.title : <span>{t.title}</span> })),
      ]}
    />
  )
}

/** Company name; a switcher when the user belongs to several companies. */
export function CompanySwitcher({ info }: { info: UserInfo }) {
  const { message } = App.useApp()
  const [busy, setBusy] = useState(false)
  const navigate = useNavigate()
  const label = (
    <Space size={6}>
      <BankOutlined />
      <Typography.Text strong data-testid="company-name">{info.companyName || '未分配基地'}</Typography.Text>
    </Space>
  )
  if (info.companies.length <= 1) return <span style={{ padding: '0 8px' }}>{label}</span>

  const switchTo = async (companyId: number) => {
    if (companyId === info.companyId) return
    setBusy(true)
    try {
      const env = await usersApi.changeCompany(companyId, info.id)
      await loadUserInfo({ force: true })
      message.success(env.message || Msg.companyChanged)
      navigate('/', { replace: true })
    } catch {
      // the request client already showed the server's message
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [String(info.companyId)],
        items: info.companies.map((c) => ({ key: String(c.id), label: c.name })),
        onClick: ({ key }) => void switchTo(Number(key)),
      }}
    >
      <Button type="text" loading={busy} aria-label="切换基地" title="切换所属基地">
        {label}
        <DownOutlined style={{ fontSize: 10 }} />
      </Button>
    </Dropdown>
  )
}

export function AvatarMenu({ dom }: { dom: React.ReactNode }) {
  const navigate = useNavigate()
  return (
    <Dropdown
      menu={{
        items: [
          { key: 'profile', icon: <UserOutlined />, label: '个人中心' },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: '退出登录', danger: true },
        ],
        onClick: ({ key }) => {
          if (key === 'profile') navigate(PROFILE_PATH)
          else void endSession({ server: true, reloadOn: LOGIN_PATH })
        },
      }}
    >
      <span data-testid="avatar-menu" style={{ cursor: 'pointer' }}>{dom}</span>
    </Dropdown>
  )
}
