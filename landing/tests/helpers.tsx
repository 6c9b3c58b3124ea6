/*
 * What the site's tests share: the signed-in owner, fetch answered from canned routes, and a page rendered the way
 * the site renders it.
 */
import { Suspense, type ReactElement } from 'react'
import { vi } from 'vitest'
import { render } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { SessionProvider } from '#site/session'
import { ToastProvider } from '#site/toast'
import type { UserDto } from '@reviewroute/backend/types/api'

/** A signed-in owner as GET /api/auth/user answers. */
export const USER = {
  id: 1,
  email: 'asha@example.in',
  firstName: 'Asha',
  lastName: '',
  name: 'Asha',
  username: 'asha',
  phone: '',
  profileImageUrl: '',
  trialStartsAt: null,
  trialEndsAt: null,
  createdAt: '',
  emailVerified: true,
  role: 'owner',
} satisfies UserDto

export interface FakeCall {
  url: string
  method: string
  body: unknown
  headers: Record<string, string>
}

export type FakeAnswer = { status?: number; body?: unknown }
export type FakeRoute = (call: FakeCall) => FakeAnswer | Promise<FakeAnswer>

/** An answer that never comes, for calls a test does not look at (the footer's health check). */
export const NEVER: FakeRoute = () => new Promise<never>(() => {})

const unexpected: FakeRoute = (call) => {
  throw new TypeError(`unexpected fetch ${call.method} ${call.url}`)
}

/**
 * Replaces fetch with a router of canned JSON answers, the first route whose "METHOD path" starts the call's; a call
 * no route takes gets `otherwise` (by default it fails as the network would). Records every call.
 */
export function mockFetch(routes: Record<string, FakeRoute>, otherwise: FakeRoute = unexpected) {
  const calls: FakeCall[] = []
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input)
    const call: FakeCall = {
      url,
      method: init.method ?? 'GET',
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: (init.headers as Record<string, string>) ?? {},
    }
    calls.push(call)
    const key = Object.keys(routes).find((pattern) => `${call.method} ${url}`.startsWith(pattern))
    const { status = 200, body } = await (key ? routes[key] : otherwise)(call)
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    })
  })
  vi.stubGlobal('fetch', fetchMock)
  return { calls, fetchMock }
}

/** Renders `page` at `url` inside what the site's entry puts around every page (main.tsx): session and toasts. */
export function renderAt(url: string, page: ReactElement) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <SessionProvider>
        <ToastProvider>
          <Suspense fallback={null}>{page}</Suspense>
        </ToastProvider>
      </SessionProvider>
    </MemoryRouter>
  )
}
