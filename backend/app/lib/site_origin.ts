/*
 * The sites allowed to show a business's website widget (docs/decisions.md D49): each an http(s) origin, the
 * scheme, host and port the browser sends in its Origin header, and nothing else.
 */
import { FieldError } from '#exceptions/app_errors'

/**
 * The origin a site names, lower-case ("https://Example.com/" → "https://example.com"), or a 422 saying what is wrong:
 * no scheme, another scheme, a path, a query, a fragment or a user name.
 */
export function siteOrigin(site: string, field = 'allowedSites'): string {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(site)) {
    throw new FieldError(field, `Include https:// in "${site.slice(0, 80)}": a site is written like https://example.com`)
  }
  let url: URL
  try {
    url = new URL(site)
  } catch {
    throw new FieldError(field, `"${site.slice(0, 80)}" is not a web address: write a site like https://example.com`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new FieldError(field, `A site starts with https:// or http://, not ${url.protocol}//`)
  }
  if (url.username || url.password || url.search || url.hash || url.pathname !== '/' || /[?#]/.test(site)) {
    throw new FieldError(field, `Write only the site, without a path: ${url.origin} rather than "${site.slice(0, 80)}"`)
  }
  if (!url.hostname) throw new FieldError(field, `"${site.slice(0, 80)}" names no site`)
  return url.origin.toLowerCase()
}

/** The sites as origins, lower-case, each once, in the order given. */
export function siteOrigins(sites: string[]): string[] {
  return [...new Set(sites.map((site) => siteOrigin(site)))]
}
