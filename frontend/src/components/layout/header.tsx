import { DashboardOutlined, LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, SettingOutlined, ShopOutlined, UserOutlined } from '@ant-design/icons'
import { useLogout } from '@refinedev/core'
import { Avatar, Button, Dropdown, Flex, Grid, Layout, Typography } from 'antd'
import { lazy, Suspense, useState } from 'react'
import { useNavigate } from 'react-router'
import { useCurrentUser } from '#hooks/use-current-user'
import { greetingName, initials } from '#lib/greeting'
import { useBusinesses } from '#hooks/use-businesses'

// Both are rare on the first screen (a dialog opened from the menu, a picker for owners of 2+ businesses),
// so their form and select code loads only when needed. On a phone the picker takes the greeting's place: there
// is room for one of them, and the business is what the screen is about.
const BusinessSelector = lazy(() => import('./business-selector'))
const ProfileSettingsDialog = lazy(() => import('./profile-settings-dialog'))

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
          <Typography.Title level={4} className="app-greeting" style={{ margin: 0 }}>
            Hi, {greetingName(user)}!
          </Typography.Title>
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
            <Avatar src={user?.profileImageUrl || undefined} style={{ backgroundColor: '#1d4ed8' }}>
              {initials(user)}
            </Avatar>
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
