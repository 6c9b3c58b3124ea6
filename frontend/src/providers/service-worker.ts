/*
 * A small service worker for the dashboard's hashed files (docs/architecture.md#dashboard-on-a-phone: a phone's repeat visit). Scripts a
 * service worker puts in Cache Storage while it installs get their compiled code cached by Chromium at once, so an
 * owner coming back runs the dashboard's scripts without compiling them again (without it, Chromium keeps compiled
 * code from its HTTP cache only from a script's third run on).
 *   - vite.config.ts's dashboardServiceWorker writes `serviceWorker` below, called with the build's version and the
 *     files the first screens load, to dist/dashboard-assets/sw.js; the backend serves it uncached, allowed scope /.
 *   - Installing, it stores those files (already in the HTTP cache after the visit that registers it); requests for
 *     /dashboard-assets/ are answered from its cache, anything missing fetched and kept (hashed names: a file's
 *     content never changes). Everything else (the HTML, /api/, the site) is not touched: the network as always.
 *   - A new build is a new sw.js (its version and list change): it installs, takes over and deletes older caches.
 * Only public, hashed build files are stored: nothing of an owner's, so signing out has nothing to clear.
 */
export const SERVICE_WORKER_URL = '/dashboard-assets/sw.js'
export const ASSETS_PREFIX = '/dashboard-assets/'
export const CACHE_PREFIX = 'reviewroute-dashboard-'

/** Registers the worker once the page has loaded (after the first screen's own downloads); a no-op without support. */
export function registerServiceWorker(win: Window = window) {
  const container = win.navigator.serviceWorker as ServiceWorkerContainer | undefined
  if (!container || typeof container.register !== 'function') return false
  const register = () => {
    container.register(SERVICE_WORKER_URL, { scope: '/' }).catch(() => undefined)
  }
  if (win.document.readyState === 'complete') register()
  else win.addEventListener('load', register, { once: true })
  return true
}

/* The worker's side. Serialised into sw.js with Function#toString: it must use nothing from outside its body. */

interface WorkerEvent {
  waitUntil(promise: Promise<unknown>): void
}
interface InstallEvent extends WorkerEvent {
  addRoutes?: (rules: unknown) => Promise<void>
}
interface FetchEvent extends WorkerEvent {
  request: Request
  respondWith(response: Promise<Response>): void
}
export interface WorkerScope {
  location: { origin: string }
  caches: CacheStorage
  fetch: typeof fetch
  skipWaiting(): Promise<void>
  clients: { claim(): Promise<void> }
  addEventListener(type: 'install', listener: (event: InstallEvent) => void): void
  addEventListener(type: 'activate', listener: (event: WorkerEvent) => void): void
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void
}

export function serviceWorker(scope: WorkerScope, version: string, precache: string[]) {
  const PREFIX = '/dashboard-assets/'
  const CACHES = 'reviewroute-dashboard-'
  const name = CACHES + version
  const own = (request: Request) => {
    const url = new URL(request.url)
    return (
      request.method === 'GET' &&
      url.origin === scope.location.origin &&
      url.pathname.startsWith(PREFIX) &&
      url.pathname !== `${PREFIX}sw.js`
    )
  }

  scope.addEventListener('install', (event) => {
    // Where supported, requests outside the hashed files skip the worker altogether (no start-up on navigations).
    try {
      event.addRoutes?.([{ condition: { not: { urlPattern: `${PREFIX}*` } }, source: 'network' }])?.catch(() => undefined)
    } catch {
      // Older browsers: the fetch handler below lets those requests through.
    }
    event.waitUntil(
      scope.caches
        .open(name)
        .then((cache) => cache.addAll(precache))
        .then(() => scope.skipWaiting())
    )
  })

  scope.addEventListener('activate', (event) => {
    event.waitUntil(
      scope.caches
        .keys()
        .then((keys) => Promise.all(keys.filter((key) => key.startsWith(CACHES) && key !== name).map((key) => scope.caches.delete(key))))
        .then(() => scope.clients.claim())
    )
  })

  scope.addEventListener('fetch', (event) => {
    if (!own(event.request)) return
    const request = event.request
    event.respondWith(
      scope.caches.open(name).then((cache) =>
        cache.match(request, { ignoreVary: true }).then(
          (hit) =>
            hit ??
            scope.fetch(request).then((response) => {
              if (response.ok) cache.put(request, response.clone()).catch(() => undefined)
              return response
            })
        )
      )
    )
  })
}
