import { screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { signIn } from '../helpers'
import { callsTo, chromeApi, renderChrome, setViewport, tick } from './chrome-helpers'

beforeEach(() => {
  signIn()
  setViewport(1280)
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('sync-user (README.md#api, docs/product-rules.md: about 1 s after the owner loads)', () => {
  it('posts /api/auth/sync-user once, about 1 s after the layout mounts', async () => {
    const api = chromeApi()
    renderChrome('/dashboard')
    await tick(900)
    expect(callsTo(api, 'POST', '/api/auth/sync-user')).toHaveLength(0)
    await tick(100)
    expect(callsTo(api, 'POST', '/api/auth/sync-user')).toHaveLength(1)
    expect(callsTo(api, 'POST', '/api/auth/sync-user')[0].body).toBeUndefined()
    await tick(10_000)
    expect(callsTo(api, 'POST', '/api/auth/sync-user')).toHaveLength(1)
  })

  it('only logs a failure: no toast, no error, the screen stays', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const api = chromeApi({ 'POST /api/auth/sync-user': { status: 503, body: { error: 'Service unavailable' } } })
    renderChrome('/dashboard')
    await tick(1_500)
    expect(callsTo(api, 'POST', '/api/auth/sync-user')).toHaveLength(1)
    expect(warn).toHaveBeenCalledWith('sync-user failed', expect.objectContaining({ message: 'Service unavailable' }))
    expect(screen.getByText('Page content')).toBeInTheDocument()
    expect(screen.queryByText('Service unavailable')).not.toBeInTheDocument()
    expect(document.querySelector('.ant-notification-notice')).toBeNull()
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/dashboard$/)
  })

  it('is not sent when the layout goes away within the second', async () => {
    const api = chromeApi()
    const view = renderChrome('/dashboard')
    await tick(500)
    view.unmount()
    await tick(2_000)
    expect(callsTo(api, 'POST', '/api/auth/sync-user')).toHaveLength(0)
  })
})

describe('trial banner inside the layout', () => {
  it('is gone 30 s after the screen appears while the screen stays', async () => {
    chromeApi()
    renderChrome('/dashboard')
    await tick(200)
    expect(screen.getByText('5 days left in your free trial')).toBeInTheDocument()
    await tick(30_000)
    expect(screen.queryByText('5 days left in your free trial')).not.toBeInTheDocument()
    expect(screen.getByText('Page content')).toBeInTheDocument()
  })
})
