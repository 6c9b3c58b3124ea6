/*
 * TRUST_PROXY (docs/decisions.md D53): which hops in front of the API may say who the client is. The client's
 * address is the right-most address in X-Forwarded-For (read from the socket outwards) that is NOT a trusted
 * proxy: a balancer that appends the address it saw cannot be fooled by what the client wrote before it.
 *
 *   false (default)           the socket's address; X-Forwarded-For is ignored
 *   loopback,10.0.0.0/8,…     trusted proxies: IPv4/IPv6 addresses, CIDR ranges, and proxy-addr's names
 *                             `loopback`, `linklocal`, `uniquelocal` (private ranges), comma-separated
 *   true                      every hop is trusted (the left-most address wins): only behind a balancer that
 *                             OVERWRITES the header, or the client can choose its own address
 *
 * proxy-addr does the matching (its compiled trust function, which AdonisJS's `http.trustProxy` accepts), so
 * there is no CIDR arithmetic of ours here.
 */
import proxyaddr from 'proxy-addr'

/** A trust function as proxy-addr and AdonisJS's `http.trustProxy` take it: true when `address` is a proxy. */
export type TrustProxy = (address: string, hop: number) => boolean

const FALSE = new Set(['false', '0', 'off', 'no', 'none'])
const TRUE = new Set(['true', '1', 'all'])

export const TRUST_PROXY_FORMAT =
  'false, true (every hop: only behind a balancer that overwrites X-Forwarded-For), or a comma-separated list of ' +
  'trusted proxy addresses: IPs, CIDR ranges (10.0.0.0/8, fd00::/8) and the names loopback, linklocal, uniquelocal'

/**
 * Reads a TRUST_PROXY value: `false`, `true`, or the list of trusted proxies (trimmed, in order). Throws a
 * sentence naming the key and the entry proxy-addr refused, for the boot error (start/env.ts).
 */
export function parseTrustProxy(value: string | undefined, key = 'TRUST_PROXY'): false | true | string[] {
  const text = (value ?? '').trim()
  if (text === '' || FALSE.has(text.toLowerCase())) return false
  if (TRUE.has(text.toLowerCase())) return true
  const entries = text.split(',').map((entry) => entry.trim())
  if (entries.some((entry) => entry === '')) throw new Error(`${key} has an empty entry in "${value}"; it must be ${TRUST_PROXY_FORMAT}`)
  for (const entry of entries) {
    try {
      proxyaddr.compile(entry)
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      throw new Error(`${key} must be ${TRUST_PROXY_FORMAT}; "${entry}" is not one (${reason})`)
    }
  }
  return entries
}

/** The trust function for a TRUST_PROXY value (validated by parseTrustProxy first). */
export function trustProxyFunction(value: string | undefined): TrustProxy {
  const parsed = parseTrustProxy(value)
  if (parsed === false) return () => false
  if (parsed === true) return () => true
  return proxyaddr.compile(parsed)
}
