/*
 * The dashboard's service worker (providers/service-worker.ts): registered once the page has loaded where browsers
 * support it (never in jsdom), it keeps the build's hashed files and answers them from its cache, and leaves the HTML,
 * the API and everything else to the network.
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

/** A worker global scope with an in-memory Cache Storage and a network that records what it was asked for. */
function fakeScope(initialCaches: string[] = []) {
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
    clients: { claim: vi.fn(async () => undefined) },
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
