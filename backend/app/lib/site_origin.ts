/*
 * The sites allowed to show a business's website widget (docs/decisions.md D49, D61): each an http(s) origin, the
 * scheme, host and port the browser sends in its Origin header, and nothing else. What is stored is exactly the URL
 * parser's serialised origin, and only one made of letters, digits, dots, hyphens and a port: it is copied into the
 * iframe page's `frame-ancestors` and compared with the Origin header, and must read the same way in both.
 */
import { FieldError } from '#exceptions/app_errors'

/** A stored site: `http(s)://` and a host of letters, digits, hyphens and dots (no empty label), then a port. */
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?'
const ORIGIN = new RegExp(`^https?://${LABEL}(?:\\.${LABEL})*(?::\\d{1,5})?$`)

/** Whether a value is an origin as stored: what the header and CORS code may use as it is. */
export const isSiteOrigin = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= 300 && ORIGIN.test(value) && new URL(value).origin === value

const quoted = (site: string) => `"${site.slice(0, 80)}"`
const EXAMPLE = 'write a site like https://example.com'

/**
 * The origin a site names, lower-case ("https://Example.com/" → "https://example.com", "sharmasweets.in" →
 * "https://sharmasweets.in"), or a 422 saying what is wrong: a wildcard, another scheme, a path, a query, a fragment,
 * a user name, %-codes, or a host the URL parser would read differently from how it is written.
 */
export function siteOrigin(input: string, field = 'allowedSites'): string {
  const site = input.trim()
  if (site.includes('%')) {
    throw new FieldError(field, `Write the site's address as it reads, without %-codes: ${quoted(site)} is not a site's address`)
  }
  if (site.includes('*')) {
    throw new FieldError(field, `Wildcards are not allowed in ${quoted(site)}: list each site, like https://shop.example.com`)
  }
  // A bare host ("sharmasweets.in", "localhost:3000", "//shop.example") is an https site.
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(site)
  const hostAndPort = scheme && /^[a-z0-9.-]+:\d+(?:\/|$)/i.test(site)
  if (scheme && !hostAndPort && !site.slice(scheme[0].length).startsWith('//')) {
    throw new FieldError(field, `A site starts with https:// or http://, not ${scheme[1].toLowerCase()}:`)
  }
  const written = scheme && !hostAndPort ? site : `https:${site.startsWith('//') ? '' : '//'}${site}`
  let url: URL
  try {
    url = new URL(written)
  } catch {
    throw new FieldError(field, `${quoted(site)} is not a web address: ${EXAMPLE}`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new FieldError(field, `A site starts with https:// or http://, not ${url.protocol}//`)
  }
  if (url.username || url.password || url.search || url.hash || url.pathname !== '/' || /[?#@]/.test(site)) {
    throw new FieldError(field, `Write only the site, without a path: ${url.origin} rather than ${quoted(site)}`)
  }
  if (!url.hostname) throw new FieldError(field, `${quoted(site)} names no site`)
  if (url.hostname.startsWith('['))
    throw new FieldError(field, `Name the site by its domain, like https://example.com, not by an IPv6 address`)
  // What was written must be what is kept: the host as written (an internationalised name aside, which becomes its
  // xn-- form), without characters the parser drops, decodes or rewrites (a backslash, "0x7f.1", a trailing dot).
  const authority = written.slice(written.indexOf('//') + 2).replace(/\/$/, '')
  const writtenHost = authority.replace(/:\d+$/, '').toLowerCase()
  const international = [...writtenHost].some((char) => char.charCodeAt(0) > 0x7f)
  const origin = url.origin.toLowerCase()
  if ((!international && writtenHost !== url.hostname) || !isSiteOrigin(origin)) {
    throw new FieldError(field, `${quoted(site)} is not a site's address: ${EXAMPLE}`)
  }
  return origin
}

/** The sites as origins, lower-case, each once, in the order given. */
export function siteOrigins(sites: string[]): string[] {
  return [...new Set(sites.map((site) => siteOrigin(site)))]
}
