/*
 * What the operator console's tests share: an operator, the admin API's rows in their exact shapes, a Refine list
 * answer (`x-total-count`), and the whole app (the real router and the lazy /admin chunk) at a path.
 */
import { configure, fireEvent, screen } from '@testing-library/react'
import { beforeAll } from 'vitest'
import type {
  AdminBusinessDto,
  AdminContactMessageDto,
  AdminPaymentDto,
  AdminUserDetailDto,
  AdminUserDto,
  AuditLogDto,
  TwoFactorStatusDto,
  UserDto,
} from '@reviewroute/backend/types/api'
import { AppRoutes } from '#app'
import { Where } from '../chrome/chrome-helpers'
import { fakeApi, fixtures, renderScreen, signIn, type Routes } from '../helpers'

// The first test of a file imports the console's chunk (Refine, antd's table, form and modal): seconds on a busy machine.
configure({ asyncUtilTimeout: 15_000 })
/**
 * Loads, before a file's tests, the same module AppRoutes' lazy /admin route imports: a first test's wait for its screen
 * is then a wait for the screen, not for that import (which alone outlasted the wait on a loaded machine). Not for
 * admin-routes.test.tsx, which checks that an owner never loads it.
 */
export function loadConsoleFirst() {
  beforeAll(() => import('#pages/admin'), 120_000)
}

export const operator = {
  ...fixtures.user,
  id: 99,
  email: 'ops@reviewroute.in',
  firstName: 'Ops',
  name: 'Ops Team',
  role: 'operator',
} satisfies UserDto

export const verified: TwoFactorStatusDto = { enrolled: true, verified: true, verifiedUntil: '2026-11-24T14:00:00.000Z' }

/** A bare array with the total in `x-total-count`, as every admin list answers. */
export const list = (rows: unknown[], total = rows.length) => ({ status: 200, body: rows, headers: { 'x-total-count': String(total) } })

export const adminUser = (overrides: Partial<AdminUserDto> = {}) =>
  ({
    id: 5,
    email: 'asha@example.in',
    name: 'Asha Verma',
    role: 'owner',
    createdAt: '2026-11-20T10:00:00.000Z',
    lastSeenAt: '2026-11-23T09:00:00.000Z',
    trialEndsAt: '2026-11-27T00:00:00.000Z',
    plan: 'trial',
    planType: null,
    currentPeriodEnd: null,
    businesses: 1,
    disabledAt: null,
    disabledReason: null,
    ...overrides,
  }) satisfies AdminUserDto

export const adminBusiness = (overrides: Partial<AdminBusinessDto> = {}) =>
  ({
    id: 7,
    name: 'Chai Point Cafe',
    shortUrl: 'chai123',
    userId: 5,
    ownerEmail: 'asha@example.in',
    workspaceId: 3,
    workspaceName: 'Asha Rao',
    createdAt: '2026-11-20T10:00:00.000Z',
    ratings: 42,
    disabledAt: null,
    disabledReason: null,
    ...overrides,
  }) satisfies AdminBusinessDto

export const adminPayment = (overrides: Partial<AdminPaymentDto> = {}) =>
  ({
    id: 31,
    userId: 5,
    userEmail: 'asha@example.in',
    planName: 'Pro 12 months',
    amount: 299900,
    status: 'paid',
    razorpayOrderId: 'order_Abc123',
    razorpayPaymentId: 'pay_Xyz789',
    createdAt: '2026-11-21T10:00:00.000Z',
    paidAt: '2026-11-21T10:01:00.000Z',
    invoiceId: 3,
    invoiceNumber: 'RR/2026-27/00003',
    refund: null,
    ...overrides,
  }) satisfies AdminPaymentDto

export const adminUserDetail = (overrides: Partial<AdminUserDetailDto> = {}) =>
  ({ ...adminUser(), businessList: [adminBusiness()], payments: [adminPayment()], ...overrides }) satisfies AdminUserDetailDto

export const contactMessage = (overrides: Partial<AdminContactMessageDto> = {}) =>
  ({
    id: 12,
    name: 'Ravi Kumar',
    email: 'ravi@example.in',
    subject: 'Invoice needs my GSTIN',
    message: 'Please add my GSTIN to the invoice.',
    userId: null,
    createdAt: '2026-11-22T08:00:00.000Z',
    handledAt: null,
    handledBy: null,
    ...overrides,
  }) satisfies AdminContactMessageDto

export const auditEntry = (overrides: Partial<AuditLogDto> = {}) =>
  ({
    id: 1,
    operatorId: 99,
    operatorEmail: 'ops@reviewroute.in',
    action: 'user.extend_trial',
    targetType: 'user',
    targetId: '5',
    before: { trialEndsAt: '2026-11-27T00:00:00.000Z' },
    after: { trialEndsAt: '2026-12-04T00:00:00.000Z' },
    reason: 'Asked on the phone for more time',
    createdAt: '2026-11-23T10:00:00.000Z',
    ...overrides,
  }) satisfies AuditLogDto

/** The fake API of a signed-in operator whose token passed the TOTP step, plus `routes`. */
export function operatorApi(routes: Routes = {}) {
  signIn()
  return fakeApi({ 'GET /api/auth/user': operator, 'GET /api/admin/2fa': verified, ...routes })
}

/** The whole app at `path`: the real routes, so /admin loads its lazy chunk as in the browser. */
export function renderApp(path: string) {
  return renderScreen(
    <>
      <Where />
      <AppRoutes />
    </>,
    { path }
  )
}

/** The query string of the last call to `path`, as an object. */
export function lastQuery(api: ReturnType<typeof fakeApi>, path: string) {
  const call = api.calls.filter((entry) => entry.path === path && entry.method === 'GET').at(-1)
  return call ? Object.fromEntries(call.url.searchParams) : undefined
}

export const where = () => screen.getByTestId('where').textContent

/** Picks `option` in the antd select labelled `label`. */
export async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }))
  const options = await screen.findAllByTitle(option)
  fireEvent.click(options.find((element) => element.classList.contains('ant-select-item-option'))!)
}
