/*
 * Which front end answers a browser path: the server sends the site, the customer page or the dashboard by
 * this list, and the dashboard asks the same question before it draws its own 404 (docs/architecture.md#pages).
 * No framework imports: the front ends bundle this file.
 */
export const WEB_ROUTES = {
  site: [
    '/',
    '/indian',
    '/indian-redesigned',
    '/boost',
    '/start',
    '/lp',
    '/grow',
    '/add-business',
    '/auth',
    '/auth/forgot',
    '/auth/reset',
    '/auth/verify',
    '/auth/callback',
    '/privacy',
    '/terms',
    '/help',
    '/about',
    '/contact',
    '/contact-us',
    '/cancellation-refund',
    '/refund-policy',
    '/logo-download',
  ],
  review: ['/review/:code', '/review/:code/feedback', '/thanks'],
  dashboard: [
    '/dashboard',
    '/dashboard/*',
    '/feedbacks',
    '/profile',
    '/billing',
    '/business/:businessId',
    '/business/:businessId/widget',
    '/business/:businessId/integrations',
    '/admin',
    '/admin/*',
    '/invite',
  ],
} as const

/** Old paths that move elsewhere. A Map: a path from the request is never looked up among object members. */
export const WEB_REDIRECTS: ReadonlyMap<string, string> = new Map([['/home', '/dashboard']])

export type WebArea = 'site' | 'review' | 'dashboard'

/** Whether `path` matches a pattern of the list (`:param` = one non-empty segment, trailing `/*` = any rest). */
export function matchesRoute(pattern: string, path: string) {
  if (pattern.endsWith('/*')) return path.startsWith(pattern.slice(0, -1))
  const want = pattern.split('/')
  const got = path.split('/')
  return want.length === got.length && want.every((part, i) => (part.startsWith(':') ? got[i] !== '' : part === got[i]))
}

/** The front end that draws `path`, or null when none does (the site's 404 page). */
export function webAreaOf(path: string): WebArea | null {
  for (const area of ['dashboard', 'review', 'site'] as const) {
    if (WEB_ROUTES[area].some((pattern) => matchesRoute(pattern, path))) return area
  }
  return null
}
