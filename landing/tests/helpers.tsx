import { vi } from 'vitest'
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
  body: any
  headers: Record<string, string>
}

/** Replaces fetch with a router of canned JSON answers; records every call. */
export function mockFetch(routes: Record<string, (call: FakeCall) => { status?: number; body?: unknown } | Promise<{ status?: number; body?: unknown }>>) {
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
    if (!key) throw new TypeError(`unexpected fetch ${call.method} ${url}`)
    const { status = 200, body } = await routes[key](call)
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    })
  })
  vi.stubGlobal('fetch', fetchMock)
  return { calls, fetchMock }
}
