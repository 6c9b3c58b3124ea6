/*
 * The visitor's city and country from headers a CDN or proxy in front of us adds (docs/decisions.md D4: the browser
 * calls no third-party IP-location service). Values are checked, not echoed blindly.
 */
const CITY_HEADERS = ['cf-ipcity', 'x-vercel-ip-city', 'cloudfront-viewer-city', 'x-appengine-city', 'x-geo-city']
const COUNTRY_HEADERS = ['cf-ipcountry', 'x-vercel-ip-country', 'cloudfront-viewer-country', 'x-appengine-country', 'x-geo-country']

function decode(value: string) {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

type Headers = Record<string, string | string[] | undefined>

/** The first header among `names` whose value passes `valid`, decoded and trimmed. */
function firstValid(headers: Headers, names: string[], valid: (value: string) => boolean) {
  for (const name of names) {
    const raw = headers[name]
    const value = decode((Array.isArray(raw) ? raw[0] : raw) ?? '').trim()
    if (value && valid(value)) return value
  }
  return null
}

const isCity = (value: string) => value.length <= 80 && /^[\p{L}\p{M}][\p{L}\p{M} .'-]*$/u.test(value)
// 'XX' and 'T1' are Cloudflare's "unknown" and "Tor".
const isCountry = (value: string) => /^[A-Za-z]{2}$/.test(value) && value.toUpperCase() !== 'XX'

export function geoFromHeaders(headers: Headers) {
  return {
    city: firstValid(headers, CITY_HEADERS, isCity),
    country: firstValid(headers, COUNTRY_HEADERS, isCountry)?.toUpperCase() ?? null,
  }
}
