/*
 * The owner dashboard's screens, each once (docs/screens.md, docs/architecture.md "Screens and access"): its address,
 * the Refine resource and action it stands for, where the navigation offers it and with which label and icon, and
 * who may open it. Refine's `resources` (config/resources.ts), the side menu, the bottom bar and the avatar menu
 * (lib/nav.ts) and the access control provider's answers (providers/access-control.ts) are all read from here.
 * The server still decides every call (403 `{error}`); this only keeps a member from being offered what it refuses.
 */
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
  UserOutlined,
  WhatsAppOutlined,
} from '@ant-design/icons'
import type { ResourceProps } from '@refinedev/core'
import type { WorkspaceDto } from '@reviewroute/backend/types/api'
import { roleAllows, type RoleNeed, type WorkspaceRole } from '@reviewroute/backend/contract/workspace_roles'
import type { ComponentType } from 'react'

/** The Refine actions a screen stands for. */
export type ScreenAction = 'list' | 'create' | 'show'

/** Who may open a screen beyond every member: a role at least, and/or an agency's workspace. */
export interface ScreenAccess {
  role?: Exclude<RoleNeed, 'read'>
  workspace?: 'agency'
}

/** An entry in one of the menus: its label, and an icon of its own where it differs from the screen's. */
interface MenuEntry {
  label: string
  icon?: ComponentType
}

export interface Screen {
  /** The navigation's key (and the screen's name in tests). */
  key: string
  path: string
  /** Other addresses of the same screen: the menu marks it active there, and the same rule guards them. */
  aliases?: string[]
  /** The Refine resource and action it stands for (an API resource where there is one, else the screen's key). */
  resource: string
  action: ScreenAction
  icon: ComponentType
  /** Where the navigation offers it (docs/screens.md#navigation); a screen in none is reached from others. */
  side?: MenuEntry
  bottom?: MenuEntry
  avatar?: MenuEntry
  /** Absent: every member may open it (a viewer's writes are hidden on the screen itself, lib/roles.ts). */
  access?: ScreenAccess
}

/** In the side menu's order; the bottom bar and the avatar menu keep it too. */
export const SCREENS: readonly Screen[] = [
  {
    key: 'dashboard',
    path: '/dashboard',
    resource: 'dashboard',
    action: 'list',
    icon: DashboardOutlined,
    side: { label: 'Dashboard' },
    bottom: { label: 'Dashboard' },
    avatar: { label: 'Dashboard' },
  },
  { key: 'qr', path: '/dashboard/qr-codes', resource: 'qr-codes', action: 'list', icon: QrcodeOutlined, bottom: { label: 'QR' } },
  {
    key: 'send',
    path: '/dashboard/send',
    resource: 'review-requests',
    action: 'create',
    icon: WhatsAppOutlined,
    side: { label: 'Ask for a review' },
    bottom: { label: 'Ask' },
    access: { role: 'write' },
  },
  // Sending to a list of customers one by one: the same action as the quick send, opened from Customers.
  {
    key: 'send-list',
    path: '/dashboard/send-list',
    resource: 'review-requests',
    action: 'create',
    icon: WhatsAppOutlined,
    access: { role: 'write' },
  },
  {
    key: 'customers',
    path: '/dashboard/customers',
    resource: 'customers',
    action: 'list',
    icon: TeamOutlined,
    side: { label: 'Customers' },
  },
  {
    key: 'requests',
    path: '/dashboard/requests',
    resource: 'review-requests',
    action: 'list',
    icon: UnorderedListOutlined,
    side: { label: 'Requests' },
    bottom: { label: 'Requests' },
  },
  {
    key: 'businesses',
    path: '/dashboard/businesses',
    resource: 'businesses',
    action: 'list',
    icon: ShopOutlined,
    side: { label: 'Businesses' },
    avatar: { label: 'My Businesses' },
  },
  // One business's analytics and its widget, opened from its card.
  { key: 'business', path: '/business/:id', resource: 'businesses', action: 'show', icon: ShopOutlined },
  {
    key: 'analytics',
    path: '/dashboard/analytics',
    resource: 'analytics',
    action: 'list',
    icon: BarChartOutlined,
    side: { label: 'Analytics' },
    avatar: { label: 'Analytics' },
  },
  {
    key: 'feedback',
    path: '/feedbacks',
    resource: 'feedbacks',
    action: 'list',
    icon: MessageOutlined,
    side: { label: 'Feedback' },
    bottom: { label: 'Feedback' },
  },
  {
    key: 'google',
    path: '/dashboard/google',
    aliases: ['/dashboard/reply-templates'],
    resource: 'google',
    action: 'list',
    icon: GoogleOutlined,
    side: { label: 'Google' },
    avatar: { label: 'Google' },
  },
  {
    key: 'clients',
    path: '/dashboard/clients',
    resource: 'clients',
    action: 'list',
    icon: ApartmentOutlined,
    side: { label: 'Clients' },
    avatar: { label: 'Clients' },
    access: { workspace: 'agency' },
  },
  {
    key: 'team',
    path: '/dashboard/team',
    resource: 'team',
    action: 'list',
    icon: UsergroupAddOutlined,
    side: { label: 'Team' },
    avatar: { label: 'Team' },
  },
  {
    key: 'brand',
    path: '/dashboard/brand',
    resource: 'brand',
    action: 'list',
    icon: BgColorsOutlined,
    side: { label: 'Brand' },
    avatar: { label: 'Brand' },
    access: { role: 'owner', workspace: 'agency' },
  },
  {
    key: 'billing',
    path: '/billing',
    aliases: ['/dashboard/settings'],
    resource: 'billing',
    action: 'list',
    icon: CreditCardOutlined,
    side: { label: 'Billing' },
    avatar: { label: 'Billing' },
    access: { role: 'owner' },
  },
  {
    key: 'settings',
    path: '/profile',
    resource: 'profile',
    action: 'list',
    icon: SettingOutlined,
    side: { label: 'Settings' },
    bottom: { label: 'Settings' },
    avatar: { label: 'Profile & Settings', icon: UserOutlined },
  },
]

/** API resources without a screen of their own: a session's details, and the Google reviews (a tab of Feedback). */
const OTHER_RESOURCES: ResourceProps[] = [
  { name: 'review-sessions', meta: { hide: true } },
  { name: 'google-reviews', list: '/feedbacks', meta: { hide: true } },
]

/** Refine's resources, one per resource name, with the address of each of its actions. */
export const screenResources: ResourceProps[] = [
  ...SCREENS.reduce((byName, screen) => {
    const resource = byName.get(screen.resource) ?? { name: screen.resource, meta: { label: screen.side?.label ?? screen.key } }
    // A second screen of the same action (send-list) keeps the first's address as the resource's.
    resource[screen.action] ??= screen.path
    return byName.set(screen.resource, resource)
  }, new Map<string, ResourceProps>()).values(),
  ...OTHER_RESOURCES,
]

/** The member the access rules are asked about: their role and the workspace's kind. */
export interface Member {
  role: WorkspaceRole
  kind: WorkspaceDto['kind'] | null
}

/**
 * Before the workspaces are known, or when they cannot be read: as the owner of a personal workspace (every
 * account's first), so everything but an agency's pages shows; the server refuses what the role may not do.
 */
export const UNKNOWN_MEMBER: Member = { role: 'owner', kind: null }

export const memberOf = (workspace: Pick<WorkspaceDto, 'role' | 'kind'> | null): Member =>
  workspace ? { role: workspace.role, kind: workspace.kind } : UNKNOWN_MEMBER

/** Whether `member` may open `screen`. */
export function screenAllows(screen: Pick<Screen, 'access'>, member: Member) {
  const { role, workspace } = screen.access ?? {}
  return (!role || roleAllows(member.role, role)) && (!workspace || member.kind === workspace)
}

const below = (path: string, pathname: string) => pathname === path || pathname.startsWith(`${path}/`)

/** The screen at `pathname`: the one whose address (or alias) is the longest that it is, or is below. */
export function screenAt(pathname: string) {
  let found: { screen: Screen; length: number } | null = null
  for (const screen of SCREENS)
    for (const path of [screen.path, ...(screen.aliases ?? [])])
      if (!path.includes(':') && below(path, pathname) && path.length > (found?.length ?? 0)) found = { screen, length: path.length }
  return found?.screen
}

/** The screen standing for a Refine resource's action. */
export const screenOf = (resource: string | undefined, action: string) =>
  SCREENS.find((screen) => screen.resource === resource && screen.action === action)
