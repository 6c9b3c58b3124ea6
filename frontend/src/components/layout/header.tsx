import { LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, PlusOutlined } from '@ant-design/icons'
import { useLogout } from '@refinedev/core'
import { Avatar, Button, Dropdown, Flex, Grid, Layout, Typography, type MenuProps } from 'antd'
import { lazy, Suspense, useState } from 'react'
import { useNavigate } from 'react-router'
import { useCurrentUser } from '#hooks/use-current-user'
import { greetingName, initials } from '#lib/greeting'
import { useBusinesses } from '#hooks/use-businesses'
import { useWorkspaces } from '#hooks/use-workspaces'
import { preloadable } from '#lib/preloadable'
import { useAllowedScreens } from '#hooks/use-access'
import { isAllowedWhenLocked } from '#lib/access'
import { AVATAR_NAV, type NavItem } from '#lib/nav'
import { BrandMark } from './workspace-brand'
import { WorkspaceSwitcher } from './workspace-switcher'

// On a phone the business selector (owners of 2+ businesses) takes the greeting's place: there is room for one of
// them, and the business is what the screen is about. It renders at once when its module is here (preloadable), and
// on /dashboard it is fetched from the start: the overview's first paint shows it, so the app's header must not
// draw without it.
const BusinessSelector = preloadable(() => import('./business-selector'))
if (typeof window !== 'undefined' && window.location.pathname === '/dashboard') void BusinessSelector.preload()

// Asked for from the avatar menu of a member of one workspace (the switcher offers it to the others).
const CreateWorkspaceModal = lazy(() =>
  import('#components/workspaces/create-workspace-modal').then(({ CreateWorkspaceModal }) => ({ default: CreateWorkspaceModal }))
)

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

/**
 * The avatar menu: the screens a phone's bottom bar has no room for, and the profile, where the name, phone and
 * email are edited (one entry: a "Profile" page beside a "Profile Settings" dialog editing part of the same was
 * two doors to one room). A locked owner gets the workspace's administration, billing and the profile, as in the
 * side menu; what the member's role or the workspace's kind has no use for is left out as there (`screens`: the
 * avatar menu's screens the access control provider allows, lib/nav.ts). A member of one workspace has no switcher,
 * so "New workspace" (a team or an agency) is here for them.
 */
function userMenuItems(
  navigate: (path: string) => void,
  logout: () => void,
  { screens, onNewWorkspace }: { screens: NavItem[]; onNewWorkspace: (() => void) | null }
): MenuProps['items'] {
  return [
    ...screens.map(({ key, icon: Icon, label, href }) => ({ key, icon: <Icon />, label, onClick: () => navigate(href) })),
    ...(onNewWorkspace ? [{ key: 'new-workspace', icon: <PlusOutlined />, label: 'New workspace', onClick: onNewWorkspace }] : []),
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined />, label: 'Log out', onClick: () => logout() },
  ]
}

/** The avatar menu's screens for this member; when locked, those a locked workspace opens (lib/access.ts). */
const useAvatarScreens = (locked: boolean) =>
  useAllowedScreens(locked ? AVATAR_NAV.filter((item) => isAllowedWhenLocked(item.href)) : AVATAR_NAV)

export function AppHeader({ collapsed, onToggle, locked = false }: { collapsed: boolean; onToggle(): void; locked?: boolean }) {
  const { user } = useCurrentUser()
  const { mutate: logout } = useLogout()
  const navigate = useNavigate()
  const screens = Grid.useBreakpoint()
  const desktop = screens.md ?? true
  const { businesses } = useBusinesses()
  const { current, workspaces } = useWorkspaces()
  const [creating, setCreating] = useState(false)
  const several = businesses.length > 1
  const items = userMenuItems(navigate, () => logout(), {
    screens: useAvatarScreens(locked),
    onNewWorkspace: workspaces.length === 1 ? () => setCreating(true) : null,
  })
  // On a phone there is no sider: a client's (or an agency's) brand stands at the header's start.
  const brand = !desktop ? (current?.brand ?? null) : null

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
        {brand && (
          <span className="app-header-brand">
            <BrandMark brand={brand} size={28} />
            <span className="app-header-brand__name" title={brand.name}>
              {brand.name}
            </span>
          </span>
        )}
        {/* On a phone the brand's name takes the greeting's place (the overview's welcome still greets). */}
        {desktop || !several ? (
          !brand && <Greeting name={greetingName(user)} />
        ) : (
          <Suspense fallback={null}>
            <BusinessSelector compact />
          </Suspense>
        )}
      </Flex>
      <Flex align="center" gap={desktop ? 12 : 8} style={{ flex: 'none' }}>
        <WorkspaceSwitcher compact={!desktop} />
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
      {creating && (
        <Suspense fallback={null}>
          <CreateWorkspaceModal open onClose={() => setCreating(false)} />
        </Suspense>
      )}
    </Layout.Header>
  )
}
