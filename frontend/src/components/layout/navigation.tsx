import {
  ApartmentOutlined,
  BarChartOutlined,
  BgColorsOutlined,
  CreditCardOutlined,
  DashboardOutlined,
  GoogleOutlined,
  MessageOutlined,
  QrcodeOutlined,
  SettingOutlined,
  ShopOutlined,
  TeamOutlined,
  UnorderedListOutlined,
  UsergroupAddOutlined,
  WhatsAppOutlined,
} from '@ant-design/icons'
import { Layout, Menu } from 'antd'
import type { ReactNode } from 'react'
import { Link, useLocation } from 'react-router'
import { Logo } from '#components/logo'
import { useWorkspaces } from '#hooks/use-workspaces'
import { BOTTOM_NAV, isItemActive, SIDE_NAV, visibleNavItems, type NavItem } from '#lib/nav'
import { BrandMark } from './workspace-brand'

const ICONS: Record<string, ReactNode> = {
  dashboard: <DashboardOutlined />,
  send: <WhatsAppOutlined />,
  customers: <TeamOutlined />,
  requests: <UnorderedListOutlined />,
  businesses: <ShopOutlined />,
  analytics: <BarChartOutlined />,
  qr: <QrcodeOutlined />,
  feedback: <MessageOutlined />,
  google: <GoogleOutlined />,
  billing: <CreditCardOutlined />,
  settings: <SettingOutlined />,
  team: <UsergroupAddOutlined />,
  clients: <ApartmentOutlined />,
  brand: <BgColorsOutlined />,
}

/** The items this member sees in this workspace (lib/nav.ts, lib/roles.ts). */
function useNavItems(items: NavItem[], locked: boolean) {
  const { permissions, current } = useWorkspaces()
  return visibleNavItems(items, { locked, permissions, workspace: current })
}

/** The sider's top: ReviewRoute's logo and name, or the brand of the workspace (a client's agency, an agency's own). */
function SiderBrand({ collapsed }: { collapsed: boolean }) {
  const brand = useWorkspaces().current?.brand ?? null
  return (
    <Link to="/dashboard" className="app-brand" aria-label={`${brand?.name ?? 'ReviewRoute'} dashboard`}>
      {brand ? <BrandMark brand={brand} size={32} /> : <Logo size={32} />}
      {!collapsed && <span className="app-brand__name">{brand?.name ?? 'ReviewRoute'}</span>}
    </Link>
  )
}

/** The collapsible side navigation (desktop). `locked`: the trial is over without a plan (billing and profile only). */
export function SideNav({ collapsed, locked = false }: { collapsed: boolean; locked?: boolean }) {
  const { pathname } = useLocation()
  const items = useNavItems(SIDE_NAV, locked)
  const active = items.filter((item) => isItemActive(item, pathname)).map((item) => item.key)
  return (
    <Layout.Sider className="app-sider" collapsed={collapsed} collapsedWidth={72} width={228} theme="light" trigger={null}>
      <SiderBrand collapsed={collapsed} />
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
  const items = useNavItems(BOTTOM_NAV, locked)
  return (
    <nav className="bottom-nav" aria-label="Main">
      {items.map((item) => {
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
