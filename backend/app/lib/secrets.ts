import { createHash, timingSafeEqual } from 'node:crypto'

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest()

/**
 * Whether a secret a client sent (a bearer token, a signature, a webhook's token) is ours, in time that does not
 * depend on where they differ. Both sides are hashed to 32 bytes first: `timingSafeEqual` throws on buffers of
 * different lengths, and comparing lengths first tells the length of ours (and a string of the right number of
 * characters with a non-ASCII one in it has more bytes, which threw: a 500). An unset secret matches nothing.
 */
export function isSameSecret(given: unknown, expected: string | null | undefined) {
  if (!expected || typeof given !== 'string') return false
  return timingSafeEqual(digest(given), digest(expected))
}
