import {
  BarChartOutlined,
  CreditCardOutlined,
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
import { BOTTOM_NAV, isItemActive, navItems, SIDE_NAV } from '#lib/nav'

const ICONS: Record<string, ReactNode> = {
  dashboard: <DashboardOutlined />,
  send: <WhatsAppOutlined />,
  customers: <TeamOutlined />,
  requests: <UnorderedListOutlined />,
  businesses: <ShopOutlined />,
  analytics: <BarChartOutlined />,
  qr: <QrcodeOutlined />,
  feedback: <MessageOutlined />,
  billing: <CreditCardOutlined />,
  settings: <SettingOutlined />,
}

/** The collapsible side navigation (desktop). `locked`: the trial is over without a plan (billing and profile only). */
export function SideNav({ collapsed, locked = false }: { collapsed: boolean; locked?: boolean }) {
  const { pathname } = useLocation()
  const items = navItems(SIDE_NAV, locked)
  const active = items.filter((item) => isItemActive(item, pathname)).map((item) => item.key)
  return (
    <Layout.Sider className="app-sider" collapsed={collapsed} collapsedWidth={72} width={228} theme="light" trigger={null}>
      <Link to="/dashboard" className="app-brand" aria-label="ReviewRoute dashboard">
        <Logo size={32} />
        {!collapsed && <span>ReviewRoute</span>}
      </Link>
      <Menu
        mode="inline"
        selectedKeys={active}
        items={items.map((item) => ({ key: item.key, icon: ICONS[item.key], label: <Link to={item.href}>{item.label}</Link> }))}
      />
    </Layout.Sider>
  )
}

/** The mobile bottom bar (also drawn at build time for the overview's first paint, never locked there). */
export function BottomNav({ locked = false }: { locked?: boolean }) {
  const { pathname } = useLocation()
  return (
    <nav className="bottom-nav" aria-label="Main">
      {navItems(BOTTOM_NAV, locked).map((item) => {
        const active = isItemActive(item, pathname)
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
