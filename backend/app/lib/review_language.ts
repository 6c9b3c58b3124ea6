/*
 * The customer page's language, chosen by the server (docs/decisions.md D31): `?lang=`, then the language the owner
 * pinned, then the browser's Accept-Language (by its q-values), then English.
 */
import { isReviewLanguage, type ReviewLanguage } from '#contract/review_messages/index'

/** The languages of an Accept-Language header, best first (q=0 left out), as lower-case base tags. */
export function acceptedLanguages(header: string | undefined | null): string[] {
  if (!header) return []
  return header
    .slice(0, 500)
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';')
      const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find(Boolean)
      return { base: tag.trim().toLowerCase().split('-')[0], q: q === undefined ? 1 : Number(q), index }
    })
    .filter(({ base, q }) => base && Number.isFinite(q) && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ base }) => base)
}

export function pickReviewLanguage(
  requested: unknown,
  pinned: string | null | undefined,
  acceptLanguage: string | undefined | null
): ReviewLanguage {
  if (isReviewLanguage(requested)) return requested
  if (isReviewLanguage(pinned)) return pinned
  return acceptedLanguages(acceptLanguage).find(isReviewLanguage) ?? 'en'
}
