/*
 * The side menu (desktop) and the bottom bar (phone), from the screens table (lib/nav.ts), each offering what the
 * access control provider lets the member open (hooks/use-access.ts).
 */
import { Layout, Menu } from 'antd'
import { Link, useLocation } from 'react-router'
import { Logo } from '#components/logo'
import { useAllowedScreens } from '#hooks/use-access'
import { useWorkspaces } from '#hooks/use-workspaces'
import { BOTTOM_NAV, isItemActive, navItems, SIDE_NAV, type NavItem } from '#lib/nav'
import { BrandMark } from './workspace-brand'

/** The items this member sees in this workspace: the lock's, then what the provider allows. */
export const useNavItems = (items: NavItem[], locked: boolean) => useAllowedScreens(navItems(items, locked))

/** The sider's top: ReviewRoute's logo and name, or the brand of the workspace (a client's agency, an agency's own). */
function SiderBrand({ collapsed }: { collapsed: boolean }) {
  const brand = useWorkspaces().current?.brand ?? null
  const name = brand?.name ?? 'ReviewRoute'
  // A long name wraps onto a second line (styles.css) rather than being cut short.
  return (
    <Link to="/dashboard" className="app-brand" aria-label={`${name} dashboard`}>
      {brand ? <BrandMark brand={brand} size={32} /> : <Logo size={32} />}
      {!collapsed && (
        <span className={`app-brand__name app-brand__name--wraps${name.length > 16 ? ' app-brand__name--long' : ''}`} title={name}>
          {name}
        </span>
      )}
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
        items={items.map(({ key, icon: Icon, href, label }) => ({ key, icon: <Icon />, label: <Link to={href}>{label}</Link> }))}
      />
    </Layout.Sider>
  )
}

/** The mobile bottom bar with what this member may open. */
export function BottomNav({ locked = false }: { locked?: boolean }) {
  return <BottomBar items={useNavItems(BOTTOM_NAV, locked)} />
}

/** The bottom bar's links (also drawn at build time for the overview's first paint, with every item: BOTTOM_NAV). */
export function BottomBar({ items }: { items: NavItem[] }) {
  const { pathname } = useLocation()
  return (
    <nav className="bottom-nav" aria-label="Main">
      {items.map((item) => {
        const active = isItemActive(item, pathname)
        const Icon = item.icon
        return (
          <Link key={item.key} to={item.href} className={active ? 'active' : undefined} aria-current={active ? 'page' : undefined}>
            <Icon />
            <span>{item.label}</span>
          </Link>
        )
      })}
    </nav>
  )
}
