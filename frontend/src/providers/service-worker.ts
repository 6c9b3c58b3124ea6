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
 *   - Alerts on this phone (docs/decisions.md D68): a push shows the notification the server sent as JSON `{title,
 *     body, url, tag, opened}` (anything else: a plain "ReviewRoute" one); a tap on it focuses an open dashboard window
 *     on its url, or opens one. Only same-origin urls: anything else opens the overview. A tap also tells the server
 *     the alert was opened (POST /api/alerts/opened with its opaque `opened` token), when it carries one.
 * Only public, hashed build files are stored: nothing of an owner's, so signing out has nothing to clear.
 * No offline page: navigations skip the worker (the install's route rule), so a phone's visit never waits for it to
 * start; answering them offline would put that start-up before every visit's HTML.
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
interface PushEvent extends WorkerEvent {
  data: { json(): unknown } | null
}
interface NotificationEvent extends WorkerEvent {
  notification: { data?: { url?: unknown; opened?: unknown } | null; close(): void }
}
interface WindowClient {
  url: string
  focus(): Promise<WindowClient>
  navigate(url: string): Promise<WindowClient | null>
}
export interface WorkerScope {
  location: { origin: string }
  caches: CacheStorage
  fetch: typeof fetch
  skipWaiting(): Promise<void>
  clients: {
    claim(): Promise<void>
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClient[]>
    openWindow(url: string): Promise<unknown>
  }
  registration: { showNotification(title: string, options: NotificationOptions): Promise<void> }
  addEventListener(type: 'install', listener: (event: InstallEvent) => void): void
  addEventListener(type: 'activate', listener: (event: WorkerEvent) => void): void
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void
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

  // A push: the server's JSON {title, body, url, tag, opened}; a payload that is not JSON still shows something.
  scope.addEventListener('push', (event) => {
    let message: Record<string, unknown> = {}
    try {
      const data = event.data?.json()
      if (data && typeof data === 'object') message = data as Record<string, unknown>
    } catch {
      // Not JSON: the plain notification below.
    }
    const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined)
    const url = text(message.url) ?? '/dashboard'
    const opened = text(message.opened)
    event.waitUntil(
      scope.registration.showNotification(text(message.title) ?? 'ReviewRoute', {
        body: text(message.body) ?? (text(message.title) ? undefined : 'Something new is waiting for you in ReviewRoute.'),
        tag: text(message.tag),
        data: opened ? { url, opened } : { url },
        icon: '/icons/icon-192.png',
        badge: '/icons/badge-96.png',
      })
    )
  })

  // A tap: a dashboard window already open is brought forward on the alert's page; otherwise a new one opens there.
  scope.addEventListener('notificationclick', (event) => {
    event.notification.close()
    const origin = scope.location.origin
    // The tap, for the owner's alert history: sent while the window opens; a failure changes nothing.
    const token = event.notification.data?.opened
    if (typeof token === 'string' && token) {
      try {
        event.waitUntil(
          scope
            .fetch(`${origin}/api/alerts/opened`, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ token }),
              keepalive: true,
            })
            .catch(() => undefined)
        )
      } catch {
        // No fetch: the window still opens.
      }
    }
    const wanted = event.notification.data?.url
    let url = `${origin}/dashboard`
    try {
      const parsed = new URL(typeof wanted === 'string' ? wanted : '/dashboard', origin)
      if (parsed.origin === origin) url = parsed.href
    } catch {
      // A malformed url: the overview.
    }
    // The dashboard's pages (backend/contract/web_routes.ts), copied: the worker imports nothing.
    const dashboard = /^\/(dashboard|feedbacks|profile|billing|business|admin|invite)(\/|$)/
    const open = () => scope.clients.openWindow(url)
    event.waitUntil(
      scope.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
        const found = windows.find((client) => {
          const at = new URL(client.url)
          return at.origin === origin && dashboard.test(at.pathname)
        })
        if (!found) return open()
        return found
          .focus()
          .then((focused) => (focused.url === url ? focused : focused.navigate(url)))
          .catch(open)
      })
    )
  })
}
