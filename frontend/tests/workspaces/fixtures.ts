/* Workspaces in the API's shapes (backend/types/api.ts), for the workspace, team and agency tests. */
import type {
  AgencyClientDto,
  WorkspaceBrandDto,
  WorkspaceDto,
  WorkspaceInvitationDto,
  WorkspaceMemberDto,
} from '@reviewroute/backend/types/api'

export const workspace = (overrides: Partial<WorkspaceDto> = {}) =>
  ({
    id: 1,
    name: 'Asha Verma',
    kind: 'personal',
    role: 'owner',
    businessIds: null,
    managedBy: null,
    isLimited: false,
    brand: null,
    ...overrides,
  }) satisfies WorkspaceDto

export const brand = (overrides: Partial<WorkspaceBrandDto> = {}) =>
  ({ name: 'Spice Digital', color: '#c2410c', logoUrl: null, ...overrides }) satisfies WorkspaceBrandDto

/** Asha's personal workspace, the agency she owns, and a client of it. */
export const agency = workspace({ id: 2, name: 'Spice Digital', kind: 'agency', brand: brand() })
export const client = workspace({
  id: 3,
  name: 'Sharma Sweets',
  kind: 'client',
  managedBy: { id: 2, name: 'Spice Digital' },
  brand: brand(),
})

export const member = (overrides: Partial<WorkspaceMemberDto> = {}) =>
  ({
    userId: 1,
    email: 'asha@example.in',
    name: 'Asha Verma',
    role: 'owner',
    businessIds: null,
    joinedAt: '2026-11-20T10:00:00.000Z',
    canChange: true,
    ...overrides,
  }) satisfies WorkspaceMemberDto

export const invitation = (overrides: Partial<WorkspaceInvitationDto> = {}) =>
  ({
    id: 41,
    email: 'ravi@example.in',
    role: 'viewer',
    businessIds: null,
    expiresAt: '2026-12-04T10:00:00.000Z',
    ...overrides,
  }) satisfies WorkspaceInvitationDto

export const agencyClient = (overrides: Partial<AgencyClientDto> = {}) =>
  ({
    id: 3,
    name: 'Sharma Sweets',
    businesses: 2,
    ratingsThisMonth: 48,
    averageThisMonth: 4.4,
    unansweredGoogleReviews: 3,
    plan: { status: 'free', planName: null, currentPeriodEnd: null },
    ...overrides,
  }) satisfies AgencyClientDto
