/*
 * Test harness for dashboard screens: the real providers (Refine, antd App, router) around a screen, with
 * `fetch` answered from a table of routes so every screen runs its real data code against a fake API.
 */
import { Refine, type AccessControlProvider } from '@refinedev/core'
import routerProvider from '@refinedev/react-router'
import { act, render } from '@testing-library/react'
import { App as AntApp } from 'antd'
import type { ReactElement } from 'react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { vi } from 'vitest'
import { resources } from '#config/resources'
import { accessControlProvider } from '#providers/access-control'
import { authProvider } from '#providers/auth'
import { dataProvider } from '#providers/data'
import { TOAST_LIMIT } from '#providers/toast'
import { TOKEN_KEY } from '@reviewroute/web-shared/token'
import type { BusinessDto, ReviewSessionDto, TrialStatusDto, UserDto } from '@reviewroute/backend/types/api'

export const TEST_TOKEN = 'oat_test-token-that-is-long-enough'

type Answer = unknown | { status: number; body?: unknown; headers?: Record<string, string> }
/** `'GET /api/billing/trial-status'` (query string ignored) → a body, `{status, body}`, or a function of the request. */
export type Routes = Record<string, Answer | ((request: { url: URL; body: unknown; method: string }) => Answer)>

export interface FakeApi {
  calls: { method: string; path: string; url: URL; body: unknown; headers: Record<string, string> }[]
  fetch: ReturnType<typeof vi.fn>
}

const isAnswerShape = (value: unknown): value is { status: number; body?: unknown; headers?: Record<string, string> } =>
  typeof value === 'object' && value !== null && 'status' in value && typeof (value as { status: unknown }).status === 'number'

/** JSON bodies parsed; any other text (the customers' CSV import) kept as it was sent. */
function parseBody(text: string) {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/** Replaces global fetch. Unknown routes answer 404 `{error:'Not found'}` so a missing fake is visible. */
export function fakeApi(routes: Routes): FakeApi {
  const calls: FakeApi['calls'] = []
  const fetch = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost')
    const method = (init.method ?? 'GET').toUpperCase()
    const body = typeof init.body === 'string' ? parseBody(init.body) : undefined
    calls.push({ method, path: url.pathname, url, body, headers: (init.headers ?? {}) as Record<string, string> })
    let answer = routes[`${method} ${url.pathname}`]
    if (typeof answer === 'function') answer = await answer({ url, body, method })
    if (answer === undefined) answer = { status: 404, body: { error: 'Not found', message: 'Not found' } }
    const { status, body: payload, headers } = isAnswerShape(answer) ? answer : { status: 200, body: answer, headers: {} }
    return new Response(status === 204 ? null : JSON.stringify(payload ?? null), {
      status,
      headers: { 'content-type': 'application/json', ...(headers ?? {}) },
    })
  })
  vi.stubGlobal('fetch', fetch)
  return { calls, fetch }
}

export function signIn(token = TEST_TOKEN) {
  localStorage.setItem(TOKEN_KEY, token)
}

/**
 * Renders `element` at `path` inside the app's providers. `pattern` is the route pattern (for params); `access` an
 * access control provider in the app's place.
 */
export function renderScreen(
  element: ReactElement,
  { path = '/', pattern = '*', access = accessControlProvider }: { path?: string; pattern?: string; access?: AccessControlProvider } = {}
) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AntApp notification={{ maxCount: TOAST_LIMIT }}>
        <Refine
          routerProvider={routerProvider}
          dataProvider={dataProvider}
          authProvider={authProvider}
          accessControlProvider={access}
          resources={resources}
          options={{
            disableTelemetry: true,
            reactQuery: {
              clientConfig: { defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } },
            },
          }}
        >
          <Routes>
            <Route path={pattern} element={element} />
          </Routes>
        </Refine>
      </AntApp>
    </MemoryRouter>
  )
}

/** Fixtures in the API's shapes: `satisfies` makes a change of backend/types/api.ts fail the type check here. */
export const fixtures = {
  user: {
    id: 1,
    email: 'asha@example.in',
    firstName: 'Asha',
    lastName: 'Verma',
    name: 'Asha Verma',
    username: 'asha',
    phone: '',
    profileImageUrl: '',
    trialStartsAt: '2026-11-20T00:00:00.000Z',
    trialEndsAt: '2026-11-27T00:00:00.000Z',
    createdAt: '2026-11-20T00:00:00.000Z',
    emailVerified: true,
    role: 'owner',
  } satisfies UserDto,
  business: (overrides: Partial<BusinessDto> = {}) =>
    ({
      id: 7,
      placeId: 'demo-cafe',
      name: 'Chai Point Cafe',
      address: 'MG Road, Bengaluru',
      rating: 4.2,
      reviewCount: 120,
      shortUrl: 'chai123',
      // APP_URL's address, not the test page's (localhost:3000): the dashboard shows the API's link.
      reviewUrl: `https://reviews.example.in/review/${overrides.shortUrl ?? 'chai123'}`,
      googleReviewUrl: 'https://search.google.com/local/writereview?placeid=demo-cafe',
      complianceMode: false,
      language: null,
      createdAt: '2026-11-20T10:00:00.000Z',
      ...overrides,
    }) satisfies BusinessDto,
  session: (overrides: Partial<ReviewSessionDto> = {}) =>
    ({
      id: 1,
      businessId: 7,
      rating: 5,
      feedback: null,
      redirected: true,
      resolved: false,
      resolvedAt: null,
      createdAt: '2026-11-21T10:00:00.000Z',
      timestamp: '2026-11-21T10:00:00.000Z',
      contactName: null,
      contactPhone: null,
      reviewRequestId: null,
      customer: null,
      language: null,
      staff: null,
      source: 'page',
      voiceNote: null,
      ...overrides,
    }) satisfies ReviewSessionDto,
  trialStatus: (overrides: Partial<TrialStatusDto> = {}) =>
    ({
      hasActivePaidSubscription: false,
      hasActiveSubscription: false,
      isTrialActive: true,
      trialStatus: 'active',
      trialDaysRemaining: 5,
      trialEndsAt: '2026-11-27T00:00:00.000Z',
      subscriptionPlan: 'trial',
      planType: null,
      planName: null,
      subscriptionStatus: null,
      currentPeriodEnd: null,
      daysRemaining: 0,
      isLimited: false,
      // The fixture is a personal workspace's status, where the free plan closes the dashboard.
      isLocked: overrides.isLimited ?? false,
      freePlan: { keepsWorking: { id: 7, name: 'Chai Point Cafe' }, paused: [] },
      paymentsConfigured: true,
      ...overrides,
    }) satisfies TrialStatusDto,
}

/**
 * Replaces IntersectionObserver (jsdom has none) with one that sees nothing until `reveal()`, which tells every
 * observer its target scrolled into view. Undo with vi.unstubAllGlobals().
 */
export function stubIntersectionObserver() {
  const observers: ((entries: { isIntersecting: boolean }[]) => void)[] = []
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
        observers.push(callback)
      }
      observe() {}
      disconnect() {}
    }
  )
  return { reveal: () => act(() => observers.forEach((callback) => callback([{ isIntersecting: true }]))) }
}
