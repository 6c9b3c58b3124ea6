/*
 * Where to go after signing in: a path on this site, decided by parsing the target as the browser will
 * (docs/decisions.md, "redirects by parsing"). String prefixes are not enough: `/\t/evil.example` starts with
 * one slash, yet the URL parser drops the tab and reads a host.
 */
const currentOrigin = () => (typeof window === 'undefined' ? 'http://localhost' : window.location.origin)

/** `target` as a same-origin path (`/x?y#z`), or `fallback` when it points anywhere else or is not a URL. */
export function safeRedirect(target: string | null | undefined, fallback = '/dashboard', origin = currentOrigin()) {
  if (!target) return fallback
  let url: URL
  try {
    url = new URL(target, origin)
  } catch {
    return fallback
  }
  // A path that begins with two slashes would itself be read as a host when navigated to.
  if (url.origin !== origin || url.pathname.startsWith('//')) return fallback
  return url.pathname + url.search + url.hash
}

/** The sign-in page, with a way back to `returnTo` (itself checked, so a link never carries a foreign target). */
export function signInUrl(returnTo: string, origin = currentOrigin()) {
  return `/auth?mode=signin&redirect=${encodeURIComponent(safeRedirect(returnTo, '/dashboard', origin))}`
}
