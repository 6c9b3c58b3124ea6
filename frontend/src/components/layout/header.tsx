import {
  DashboardOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SettingOutlined,
  ShopOutlined,
  UserOutlined,
} from '@ant-design/icons'
import { useLogout } from '@refinedev/core'
import { Avatar, Button, Dropdown, Flex, Grid, Layout, Typography } from 'antd'
import { lazy, Suspense, useState } from 'react'
import { useNavigate } from 'react-router'
import { useCurrentUser } from '#hooks/use-current-user'
import { greetingName, initials } from '#lib/greeting'
import { useBusinesses } from '#hooks/use-businesses'
import { preloadable } from '#lib/preloadable'

// On a phone the business selector (owners of 2+ businesses) takes the greeting's place: there is room for one of
// them, and the business is what the screen is about. It renders at once when its module is here (preloadable), and
// on /dashboard it is fetched from the start: the overview's first paint shows it, so the app's header must not
// draw without it. The settings dialog is rare (opened from the menu): its form code loads only when needed.
const BusinessSelector = preloadable(() => import('./business-selector'))
if (typeof window !== 'undefined' && window.location.pathname === '/dashboard') void BusinessSelector.preload()
const ProfileSettingsDialog = lazy(() => import('./profile-settings-dialog'))

/** The header's pieces, also rendered at build time for the first paint (first-paint/prerender.tsx). */
export const Greeting = ({ name }: { name: string }) => (
  <Typography.Title level={4} className="app-greeting" style={{ margin: 0 }}>
    {`Hi, ${name}!`}
  </Typography.Title>
)

export const UserAvatar = ({ initials, imageUrl }: { initials: string; imageUrl?: string | null }) => (
  <Avatar src={imageUrl || undefined} style={{ backgroundColor: '#1d4ed8' }}>
    {initials}
  </Avatar>
)

export function AppHeader({ collapsed, onToggle }: { collapsed: boolean; onToggle(): void }) {
  const { user, refetch } = useCurrentUser()
  const { mutate: logout } = useLogout()
  const navigate = useNavigate()
  const screens = Grid.useBreakpoint()
  const [settingsOpen, setSettingsOpen] = useState(false)
  const desktop = screens.md ?? true
  const { businesses } = useBusinesses()
  const several = businesses.length > 1

  const items = [
    { key: 'dashboard', icon: <DashboardOutlined />, label: 'Dashboard', onClick: () => navigate('/dashboard') },
    { key: 'businesses', icon: <ShopOutlined />, label: 'My Businesses', onClick: () => navigate('/dashboard/businesses') },
    { key: 'profile', icon: <UserOutlined />, label: 'Profile', onClick: () => navigate('/profile') },
    { key: 'settings', icon: <SettingOutlined />, label: 'Profile Settings', onClick: () => setSettingsOpen(true) },
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined />, label: 'Log out', onClick: () => logout() },
  ]

  return (
    <Layout.Header className="app-header">
      <Flex align="center" gap={12} style={{ minWidth: 0, flex: desktop ? undefined : 1 }}>
        {desktop && (
          <Button
            type="text"
            aria-label={collapsed ? 'Expand menu' : 'Collapse menu'}
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={onToggle}
          />
        )}
        {desktop || !several ? (
          <Greeting name={greetingName(user)} />
        ) : (
          <Suspense fallback={null}>
            <BusinessSelector compact />
          </Suspense>
        )}
      </Flex>
      <Flex align="center" gap={12}>
        {desktop && several && (
          <Suspense fallback={null}>
            <BusinessSelector />
          </Suspense>
        )}
        <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight">
          <Button type="text" shape="circle" aria-label="User menu" style={{ padding: 0 }}>
            <UserAvatar initials={initials(user)} imageUrl={user?.profileImageUrl} />
          </Button>
        </Dropdown>
      </Flex>
      {user && settingsOpen && (
        <Suspense fallback={null}>
          <ProfileSettingsDialog user={user} open onClose={() => setSettingsOpen(false)} onSaved={() => void refetch()} />
        </Suspense>
      )}
    </Layout.Header>
  )
}
