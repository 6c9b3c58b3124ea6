/*
 * The dashboard's service worker (providers/service-worker.ts): registered once the page has loaded where browsers
 * support it (never in jsdom), it keeps the build's hashed files and answers them from its cache, and leaves the HTML,
 * the API and everything else to the network. It shows pushed alerts and opens the dashboard on a tap, telling the
 * server an alert was opened when the alert carries a token for that.
 */
import { describe, expect, it, vi } from 'vitest'
import { registerServiceWorker, serviceWorker, SERVICE_WORKER_URL, type WorkerScope } from '#providers/service-worker'

const ORIGIN = 'https://app.example'

describe('registering the service worker', () => {
  it('does nothing where there are no service workers (jsdom, old browsers)', () => {
    expect('serviceWorker' in navigator).toBe(false)
    expect(registerServiceWorker()).toBe(false)
  })

  const fakeWindow = (readyState: string) => {
    const register = vi.fn(async () => ({}))
    const listeners: Record<string, () => void> = {}
    const win = {
      navigator: { serviceWorker: { register } },
      document: { readyState },
      addEventListener: (type: string, listener: () => void) => (listeners[type] = listener),
    } as unknown as Window
    return { win, register, listeners }
  }

  it('registers sw.js for the whole origin once the page has loaded', () => {
    const { win, register, listeners } = fakeWindow('interactive')
    expect(registerServiceWorker(win)).toBe(true)
    expect(register).not.toHaveBeenCalled()
    listeners.load()
    expect(register).toHaveBeenCalledWith(SERVICE_WORKER_URL, { scope: '/' })
  })

  it('registers at once when the page has already loaded', () => {
    const { win, register } = fakeWindow('complete')
    registerServiceWorker(win)
    expect(register).toHaveBeenCalledWith('/dashboard-assets/sw.js', { scope: '/' })
  })
})

/** A window of the origin the worker can focus and move (a WindowClient). */
function fakeWindow(url: string) {
  const client = {
    url,
    focus: vi.fn(async () => client),
    navigate: vi.fn(async (to: string) => ({ ...client, url: to })),
  }
  return client
}

/**
 * A worker global scope with an in-memory Cache Storage, a network that records what it was asked for, the
 * notifications it showed and the windows open on the origin.
 */
function fakeScope(initialCaches: string[] = [], windows: ReturnType<typeof fakeWindow>[] = []) {
  const stores = new Map<string, Map<string, Response>>(initialCaches.map((name) => [name, new Map()]))
  const network: string[] = []
  const listeners: Record<string, (event: unknown) => void> = {}
  const key = (request: Request | string) => new URL(typeof request === 'string' ? request : request.url, ORIGIN).href
  const response = (url: string) =>
    ({ ok: !url.includes('missing'), body: `body of ${url}`, clone: () => response(url) }) as unknown as Response
  const fetch = vi.fn(async (request: Request | string) => {
    network.push(key(request))
    return response(key(request))
  })
  const caches = {
    open: async (name: string) => {
      if (!stores.has(name)) stores.set(name, new Map())
      const store = stores.get(name)!
      return {
        addAll: async (urls: string[]) => {
          for (const url of urls) store.set(key(url), await fetch(url))
        },
        match: async (request: Request) => store.get(key(request)),
        put: async (request: Request, value: Response) => void store.set(key(request), value),
      }
    },
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
  } as unknown as CacheStorage
  const scope = {
    location: { origin: ORIGIN },
    caches,
    fetch,
    skipWaiting: vi.fn(async () => undefined),
    clients: {
      claim: vi.fn(async () => undefined),
      matchAll: vi.fn(async () => windows),
      openWindow: vi.fn(async () => null),
    },
    registration: { showNotification: vi.fn(async () => undefined) },
    addEventListener: (type: string, listener: (event: unknown) => void) => (listeners[type] = listener),
  } as unknown as WorkerScope
  const dispatch = async (type: string, extra: object = {}) => {
    const waits: Promise<unknown>[] = []
    let answer: Promise<Response> | undefined
    listeners[type]({
      ...extra,
      waitUntil: (promise: Promise<unknown>) => waits.push(promise),
      respondWith: (promise: Promise<Response>) => (answer = promise),
    })
    await Promise.all(waits)
    return answer
  }
  const request = (path: string, method = 'GET', origin = ORIGIN) => ({ url: `${origin}${path}`, method }) as Request
  return { scope, stores, network, dispatch, request }
}

describe('the service worker', () => {
  const PRECACHE = ['/dashboard-assets/index-AAAAAAAA.js', '/dashboard-assets/index-BBBBBBBB.css']

  it("stores the first screens' files when it installs and takes over at once", async () => {
    const { scope, stores, dispatch } = fakeScope()
    serviceWorker(scope, 'v2', PRECACHE)
    await dispatch('install')
    expect([...stores.get('reviewroute-dashboard-v2')!.keys()]).toEqual(PRECACHE.map((path) => ORIGIN + path))
    expect(scope.skipWaiting).toHaveBeenCalled()
  })

  it('answers hashed files from its cache, and fetches and keeps one it lacks', async () => {
    const { scope, stores, network, dispatch, request } = fakeScope()
    serviceWorker(scope, 'v2', PRECACHE)
    await dispatch('install')
    network.length = 0
    const cached = await dispatch('fetch', { request: request(PRECACHE[0]) })
    expect(cached).toBeDefined()
    expect(((await cached) as unknown as { body: string }).body).toBe(`body of ${ORIGIN}${PRECACHE[0]}`)
    expect(network).toEqual([])

    const later = '/dashboard-assets/settings-CCCCCCCC.js'
    await await dispatch('fetch', { request: request(later) })
    expect(network).toEqual([ORIGIN + later])
    await vi.waitFor(() => expect(stores.get('reviewroute-dashboard-v2')!.has(ORIGIN + later)).toBe(true))
    await dispatch('fetch', { request: request(later) })
    expect(network).toEqual([ORIGIN + later])
  })

  it('never answers the HTML, the API, sw.js itself, other sites or anything but a GET', async () => {
    const { scope, stores, network, dispatch, request } = fakeScope()
    serviceWorker(scope, 'v2', PRECACHE)
    await dispatch('install')
    const before = stores.get('reviewroute-dashboard-v2')!.size
    for (const passed of [
      request('/dashboard'),
      request('/'),
      request('/api/overview'),
      request('/api/businesses?_start=0&_end=100'),
      request('/dashboard-assets/sw.js'),
      request('/dashboard-assets/index-AAAAAAAA.js', 'POST'),
      request('/dashboard-assets/index-AAAAAAAA.js', 'GET', 'https://elsewhere.example'),
    ]) {
      expect(await dispatch('fetch', { request: passed }), passed.url).toBeUndefined()
    }
    expect(stores.get('reviewroute-dashboard-v2')!.size).toBe(before)
    expect(network.filter((url) => !PRECACHE.some((path) => url.endsWith(path)))).toEqual([])
  })

  it('a failed answer is passed on and not kept', async () => {
    const { scope, stores, dispatch, request } = fakeScope()
    serviceWorker(scope, 'v2', PRECACHE)
    const answer = await await dispatch('fetch', { request: request('/dashboard-assets/missing-DDDDDDDD.js') })
    expect(answer!.ok).toBe(false)
    expect(stores.get('reviewroute-dashboard-v2')?.has(`${ORIGIN}/dashboard-assets/missing-DDDDDDDD.js`) ?? false).toBe(false)
  })

  it("a new build deletes the older builds' caches and leaves other caches alone", async () => {
    const { scope, stores, dispatch } = fakeScope(['reviewroute-dashboard-v1', 'someone-else'])
    serviceWorker(scope, 'v2', PRECACHE)
    await dispatch('install')
    await dispatch('activate')
    expect([...stores.keys()].sort()).toEqual(['reviewroute-dashboard-v2', 'someone-else'])
    expect(scope.clients.claim).toHaveBeenCalled()
  })
})

describe('alerts on this phone, in the worker', () => {
  const pushed = (data: unknown) => ({
    data: {
      json: () => {
        if (typeof data !== 'string') return data
        return JSON.parse(data) as unknown
      },
    },
  })

  it("shows the server's alert with its page, tag and the app's icons", async () => {
    const { scope, dispatch } = fakeScope()
    serviceWorker(scope, 'v2', [])
    await dispatch(
      'push',
      pushed({ title: 'New 2-star feedback', body: 'Ravi at Spice Hub: "Cold food"', url: '/feedbacks?id=41', tag: 'feedback-7' })
    )
    expect(scope.registration.showNotification).toHaveBeenCalledWith('New 2-star feedback', {
      body: 'Ravi at Spice Hub: "Cold food"',
      tag: 'feedback-7',
      data: { url: '/feedbacks?id=41' },
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
    })
  })

  it('shows a plain ReviewRoute notification for a payload that is not JSON, or none', async () => {
    const { scope, dispatch } = fakeScope()
    serviceWorker(scope, 'v2', [])
    await dispatch('push', pushed('not json {'))
    await dispatch('push', { data: null })
    const show = vi.mocked(scope.registration.showNotification)
    expect(show).toHaveBeenCalledTimes(2)
    for (const [title, options] of show.mock.calls) {
      expect(title).toBe('ReviewRoute')
      expect(options).toMatchObject({ body: 'Something new is waiting for you in ReviewRoute.', data: { url: '/dashboard' } })
    }
  })

  const click = (url: unknown) => ({ notification: { data: { url }, close: vi.fn() } })

  it('a tap closes the alert, brings an open dashboard window forward and moves it to the alert', async () => {
    const site = fakeWindow(`${ORIGIN}/pricing`)
    const dashboard = fakeWindow(`${ORIGIN}/profile`)
    const { scope, dispatch } = fakeScope([], [site, dashboard])
    serviceWorker(scope, 'v2', [])
    const event = click('/feedbacks?id=41')
    await dispatch('notificationclick', event)
    expect(event.notification.close).toHaveBeenCalled()
    expect(site.focus).not.toHaveBeenCalled()
    expect(dashboard.focus).toHaveBeenCalled()
    expect(dashboard.navigate).toHaveBeenCalledWith(`${ORIGIN}/feedbacks?id=41`)
    expect(scope.clients.openWindow).not.toHaveBeenCalled()
  })

  it('opens a window on the alert when no dashboard is open, or when the open one cannot be moved', async () => {
    const { scope, dispatch } = fakeScope([], [fakeWindow(`${ORIGIN}/review/ABC123`)])
    serviceWorker(scope, 'v2', [])
    await dispatch('notificationclick', click('/dashboard/google'))
    expect(scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/dashboard/google`)

    const stuck = fakeWindow(`${ORIGIN}/dashboard`)
    stuck.navigate.mockRejectedValue(new TypeError('not controlled'))
    const other = fakeScope([], [stuck])
    serviceWorker(other.scope, 'v2', [])
    await other.dispatch('notificationclick', click('/feedbacks'))
    expect(other.scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/feedbacks`)
  })

  it('never opens another site: a foreign or missing url opens the overview', async () => {
    const { scope, dispatch } = fakeScope()
    serviceWorker(scope, 'v2', [])
    await dispatch('notificationclick', click('https://evil.example/phish'))
    await dispatch('notificationclick', { notification: { data: null, close: vi.fn() } })
    expect(vi.mocked(scope.clients.openWindow).mock.calls).toEqual([[`${ORIGIN}/dashboard`], [`${ORIGIN}/dashboard`]])
  })

  it("keeps the alert's opened token with the notification", async () => {
    const { scope, dispatch } = fakeScope()
    serviceWorker(scope, 'v2', [])
    await dispatch('push', pushed({ title: 'New 1-star feedback', url: '/feedbacks?businessId=7&feedback=41', opened: 'tok_abc' }))
    expect(scope.registration.showNotification).toHaveBeenCalledWith(
      'New 1-star feedback',
      expect.objectContaining({ data: { url: '/feedbacks?businessId=7&feedback=41', opened: 'tok_abc' } })
    )
  })

  const opens = (scope: WorkerScope) => vi.mocked(scope.fetch).mock.calls.filter(([url]) => String(url) === `${ORIGIN}/api/alerts/opened`)

  it('a tap on an alert with a token tells the server it was opened, and opens the alert', async () => {
    const { scope, dispatch } = fakeScope()
    serviceWorker(scope, 'v2', [])
    await dispatch('notificationclick', { notification: { data: { url: '/feedbacks?feedback=41', opened: 'tok_abc' }, close: vi.fn() } })
    expect(opens(scope)).toEqual([
      [
        `${ORIGIN}/api/alerts/opened`,
        { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token: 'tok_abc' }), keepalive: true },
      ],
    ])
    expect(scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/feedbacks?feedback=41`)
  })

  it('sends nothing for an alert without a token', async () => {
    const { scope, dispatch } = fakeScope()
    serviceWorker(scope, 'v2', [])
    await dispatch('notificationclick', click('/feedbacks?feedback=41'))
    await dispatch('notificationclick', { notification: { data: { url: '/dashboard', opened: '' }, close: vi.fn() } })
    await dispatch('notificationclick', { notification: { data: null, close: vi.fn() } })
    expect(scope.fetch).not.toHaveBeenCalled()
    expect(scope.clients.openWindow).toHaveBeenCalledTimes(3)
  })

  it('still opens the alert when telling the server fails', async () => {
    const { scope, dispatch } = fakeScope()
    vi.mocked(scope.fetch).mockRejectedValue(new TypeError('offline'))
    serviceWorker(scope, 'v2', [])
    await dispatch('notificationclick', { notification: { data: { url: '/profile', opened: 'tok_abc' }, close: vi.fn() } })
    expect(opens(scope)).toHaveLength(1)
    expect(scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/profile`)
  })

  it('works from its source alone, as sw.js runs it', async () => {
    const { scope, dispatch } = fakeScope()
    // What vite.config.ts writes into sw.js: the function's text, called with the worker's scope, and nothing else.
    const run = new Function('scope', `(${serviceWorker.toString()})(scope, 'v2', [])`) as (scope: WorkerScope) => void
    run(scope)
    await dispatch('push', pushed({ title: 'New Google review', url: '/dashboard/google' }))
    expect(scope.registration.showNotification).toHaveBeenCalledWith(
      'New Google review',
      expect.objectContaining({ data: { url: '/dashboard/google' } })
    )
  })
})
