import {
  DashboardOutlined,
  MessageOutlined,
  QrcodeOutlined,
  SettingOutlined,
  ShopOutlined,
  TeamOutlined,
  UnorderedListOutlined,
  WhatsAppOutlined,
} from '@ant-design/icons'
import { Layout, Menu } from 'antd'
import type { ReactNode } from 'react'
import { Link, useLocation } from 'react-router'
import { Logo } from '#components/logo'
import { BOTTOM_NAV, isNavActive, SIDE_NAV } from '#lib/nav'

const ICONS: Record<string, ReactNode> = {
  dashboard: <DashboardOutlined />,
  send: <WhatsAppOutlined />,
  customers: <TeamOutlined />,
  requests: <UnorderedListOutlined />,
  businesses: <ShopOutlined />,
  qr: <QrcodeOutlined />,
  feedback: <MessageOutlined />,
  settings: <SettingOutlined />,
}

/** The collapsible side navigation (desktop). */
export function SideNav({ collapsed }: { collapsed: boolean }) {
  const { pathname } = useLocation()
  const active = SIDE_NAV.filter((item) => isNavActive(item.href, pathname)).map((item) => item.key)
  return (
    <Layout.Sider className="app-sider" collapsed={collapsed} collapsedWidth={72} width={228} theme="light" trigger={null}>
      <Link to="/dashboard" className="app-brand" aria-label="ReviewRoute dashboard">
        <Logo size={32} />
        {!collapsed && <span>ReviewRoute</span>}
      </Link>
      <Menu
        mode="inline"
        selectedKeys={active}
        items={SIDE_NAV.map((item) => ({ key: item.key, icon: ICONS[item.key], label: <Link to={item.href}>{item.label}</Link> }))}
      />
    </Layout.Sider>
  )
}

/** The mobile bottom bar. */
export function BottomNav() {
  const { pathname } = useLocation()
  return (
    <nav className="bottom-nav" aria-label="Main">
      {BOTTOM_NAV.map((item) => {
        const active = isNavActive(item.href, pathname)
        return (
          <Link key={item.key} to={item.href} className={active ? 'active' : undefined} aria-current={active ? 'page' : undefined}>
            {ICONS[item.key]}
            <span>{item.label}</span>
          </Link>
        )
      })}
    </nav>
  )
}
