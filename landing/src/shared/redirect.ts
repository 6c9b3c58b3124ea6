/** A post-sign-in target: only a path on this site ('/x', never '//host' or 'https://host'). */
export function safeRedirect(target: string | null | undefined, fallback = '/dashboard') {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback
  return target
}
