/*
 * What the chrome tests share: a viewport for antd's breakpoints, a stand-in for window.location (jsdom cannot
 * navigate), the API the chrome reads on every page, and the app layout around a placeholder page.
 */
import type { AccessControlProvider } from '@refinedev/core'
import { act, configure } from '@testing-library/react'
import type { ReactElement } from 'react'
import { Route, Routes, useLocation } from 'react-router'
import { vi } from 'vitest'
import { AppLayout } from '#components/layout/app-layout'
import { fakeApi, fixtures, renderScreen, type Routes as ApiRoutes } from '../helpers'
import { fakeMediaQueryList } from '../media'

// The chrome renders Refine, antd and lazy chunks; on a busy 2-core machine that can take more than 1 s.
configure({ asyncUtilTimeout: 5_000 })

/** Makes window.matchMedia answer min-/max-width queries as a window `width` pixels wide would. */
export function setViewport(width: number) {
  window.matchMedia = (query: string) => {
    const min = /min-width:\s*(\d+)/.exec(query)
    const max = /max-width:\s*(\d+)/.exec(query)
    return fakeMediaQueryList(query, (!min || width >= Number(min[1])) && (!max || width <= Number(max[1])))
  }
}

/** Replaces window.location with one at `path` whose navigation methods are spies. Undo with vi.unstubAllGlobals(). */
export function stubLocation(path = '/dashboard') {
  const url = new URL(path, 'http://localhost')
  const location = {
    href: url.href,
    origin: url.origin,
    pathname: url.pathname,
    search: url.search,
    hash: url.hash,
    assign: vi.fn(),
    replace: vi.fn(),
    reload: vi.fn(),
  }
  vi.stubGlobal('location', location)
  return location
}

/** The calls every app page makes, answered for a signed-in owner in an active trial. */
export function chromeApi(routes: ApiRoutes = {}) {
  return fakeApi({
    'GET /api/auth/user': fixtures.user,
    'GET /api/businesses': [fixtures.business()],
    'GET /api/billing/trial-status': fixtures.trialStatus(),
    'POST /api/auth/sync-user': { id: 1, email: fixtures.user.email, firstName: 'Asha', lastName: 'Verma' },
    ...routes,
  })
}

/** Shows the router's current path and query, so tests can see redirects. */
export function Where() {
  const location = useLocation()
  return <output data-testid="where">{location.pathname + location.search}</output>
}

/** The app layout at `path` with `page` as the screen inside it (`access`: an access control provider of the test's). */
export function renderChrome(path: string, page: ReactElement = <p>Page content</p>, access?: AccessControlProvider) {
  return renderScreen(
    <>
      <Where />
      <Routes>
        <Route element={<AppLayout />}>
          <Route path="*" element={page} />
        </Route>
      </Routes>
    </>,
    { path, access }
  )
}

/** Moves fake time forward and lets the promises it releases settle. */
export async function tick(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms)
  })
}

export const callsTo = <Call extends { method: string; path: string }>(api: { calls: Call[] }, method: string, path: string) =>
  api.calls.filter((call) => call.method === method && call.path === path)
