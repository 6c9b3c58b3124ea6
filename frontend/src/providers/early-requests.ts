/*
 * The first screen's API calls, started by index.html before the app's own scripts have downloaded and run
 * (docs/architecture.md#dashboard-on-a-phone: on a phone on slow 4G that is seconds). Its own tiny entry, importing nothing: it reads the
 * stored token, sends the GETs the signed-in chrome and the overview make first, exactly as the data provider
 * would write them, and leaves the pending answers in `window.__reviewrouteEarly`. providers/early-data.ts hands
 * each to the first call for the same path (once, same token, within EARLY_MAX_AGE_MS); anything else goes to the
 * network as before. No token, nothing sent: the app then sends the owner to sign in as usual.
 * Kept in step with the hooks by tests/providers/early-requests.test.ts.
 */
export const EARLY_KEY = '__reviewrouteEarly'
const TOKEN_KEY = 'reviewroute.token' // web-shared/src/token.ts
// lib/selected-business.ts: the device's last choice, and each owner's own under `${SELECTED_KEY}.{user id}`.
const SELECTED_KEY = 'reviewroute.selectedBusiness'
// lib/workspace-store.ts: the device's last workspace, `{user, workspace}`, sent as `X-Workspace-Id`.
const WORKSPACE_KEY = 'reviewroute.workspace'

export interface EarlyRequests {
  token: string
  /** performance.now() when they were sent. */
  at: number
  /** The workspace they named (`X-Workspace-Id`); null: none, the user's default. */
  workspace: number | null
  responses: Map<string, Promise<Response>>
}

/** The businesses list of BusinessesProvider (useList: page 1 of 100, newest first). */
export const BUSINESSES_PATH = '/api/businesses?_start=0&_end=100&_sort=createdAt&_order=desc'
/** The overview's 5 newest sessions of a business (useOverviewStats: RECENT_ACTIVITY_COUNT). */
export const recentSessionsPath = (businessId: number) =>
  `/api/review-sessions?_start=0&_end=5&_sort=createdAt&_order=desc&businessId=${businessId}`

/** The user's workspaces (hooks/use-workspaces.tsx): the header's switcher and what the role may do. */
export const WORKSPACES_PATH = '/api/workspaces'

/**
 * Which paths to ask for on the screen at `pathname` (the owner's chrome on every owner screen, the overview's on
 * /dashboard; the user only on the operator console and the invitation page, which have no chrome).
 */
export function earlyPaths(pathname: string) {
  if (pathname === '/admin' || pathname.startsWith('/admin/') || pathname === '/invite') return ['/api/auth/user']
  // The first paint's four answers first (user, status, businesses, the overview's numbers): on HTTP/1.1's six
  // connections, shared with the app's files, a call later in the list waits for a free one; the workspaces only
  // the app's chrome reads.
  if (pathname === '/dashboard') return ['/api/auth/user', '/api/billing/trial-status', BUSINESSES_PATH, '/api/overview', WORKSPACES_PATH]
  return ['/api/auth/user', '/api/billing/trial-status', BUSINESSES_PATH, WORKSPACES_PATH]
}

function validToken(token: string | null): token is string {
  return typeof token === 'string' && token.length > 20 && token !== 'null' && token !== 'undefined'
}

function storedId(key: string) {
  const raw = Number(localStorage.getItem(key))
  return Number.isInteger(raw) && raw > 0 ? raw : null
}

function deviceWorkspace() {
  try {
    const choice = JSON.parse(localStorage.getItem(WORKSPACE_KEY) ?? 'null')
    const id = choice?.workspace
    return Number.isInteger(id) && id > 0 && Number.isInteger(choice?.user) && choice.user > 0 ? (id as number) : null
  } catch {
    return null
  }
}

function rememberedBusiness(userId?: unknown) {
  return (typeof userId === 'number' ? storedId(`${SELECTED_KEY}.${userId}`) : null) ?? storedId(SELECTED_KEY)
}

const jsonOf = (response: Promise<Response>) => response.then((answer) => (answer.ok ? answer.clone().json() : null)).catch(() => null)

/**
 * Preloads the chunks index.html names for this route in the early script's `data-preload` (vite.config.ts's
 * earlyStart): the lazy page and the header's lazy parts download with the app's own chunks rather than after the
 * app has run.
 */
export function preloadFirstScreen(pathname = location.pathname) {
  let routes: Record<string, string[]> = {}
  try {
    routes = JSON.parse(document.querySelector<HTMLScriptElement>('script[data-preload]')?.dataset.preload ?? '{}')
  } catch {
    return
  }
  for (const href of routes[pathname] ?? []) {
    const link = document.createElement('link')
    if (href.endsWith('.css')) {
      link.rel = 'preload'
      link.as = 'style'
    } else {
      link.rel = 'modulepreload'
    }
    link.crossOrigin = ''
    link.href = href
    document.head.appendChild(link)
  }
}

export function startEarlyRequests(): EarlyRequests | null {
  let token: string | null = null
  try {
    token = localStorage.getItem(TOKEN_KEY)
  } catch {
    return null
  }
  if (!validToken(token) || typeof fetch !== 'function') return null
  const workspace = deviceWorkspace()
  const early: EarlyRequests = { token, at: performance.now(), workspace, responses: new Map() }
  const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${token}` }
  if (workspace !== null) headers['X-Workspace-Id'] = String(workspace)
  const send = (path: string) => {
    const response = fetch(path, { headers })
    response.catch(() => undefined)
    early.responses.set(path, response)
    return response
  }
  const pathname = location.pathname
  for (const path of earlyPaths(pathname)) send(path)

  if (pathname === '/dashboard') {
    // The overview's recent sessions are those of the selected business: the device's last choice at once, and once
    // the owner and the list are in, the one BusinessesProvider will pick (the owner's remembered one if it still
    // exists, else the newest).
    const lastChoice = rememberedBusiness()
    if (lastChoice) send(recentSessionsPath(lastChoice))
    Promise.all([jsonOf(early.responses.get('/api/auth/user')!), jsonOf(early.responses.get(BUSINESSES_PATH)!)])
      .then(([user, businesses]: [{ id?: unknown } | null, Array<{ id: number }> | null]) => {
        if (!Array.isArray(businesses) || !businesses.length) return
        const remembered = rememberedBusiness(user?.id)
        const selected = businesses.find((business) => business.id === remembered) ?? businesses[0]
        if (selected.id !== lastChoice) send(recentSessionsPath(selected.id))
      })
      .catch(() => undefined)
  }
  ;(window as unknown as Record<string, EarlyRequests>)[EARLY_KEY] = early
  return early
}

/**
 * The overview's first-screen answers for the first paint (first-paint/first-paint.ts), each read from a copy so
 * the app still gets the answer itself; null for one that failed or was not asked for.
 */
export function firstScreenAnswers(early: EarlyRequests) {
  const json = (path: string) =>
    (early.responses.get(path) ?? Promise.reject(new Error(`${path} not asked for`)))
      .then((response) => (response.ok ? response.clone().json() : null))
      .catch(() => null)
  return Promise.all([json('/api/auth/user'), json('/api/billing/trial-status'), json(BUSINESSES_PATH), json('/api/overview')]).then(
    ([user, trial, businesses, overview]) => ({ user, trial, businesses, overview })
  )
}
