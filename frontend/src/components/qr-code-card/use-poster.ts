/*
 * The styled poster of a review link (docs/product-rules.md#qr-posters): drawn when the card appears and again
 * whenever the link, the business name, its pinned language or the brand it is shown under changes, so Download
 * uses a ready image. A client's business is drawn under its agency's brand (docs/decisions.md D42, "Brand"; D60):
 * its colour and logo in the header, its name in the powered-by line.
 */
import type { WorkspaceBrandDto } from '@reviewroute/backend/types/api'
import { drawPoster } from '@reviewroute/web-shared/qr'
import { useCallback, useEffect, useRef } from 'react'
import { posterTextsFor, loadMessages, type ReviewLanguage } from '#lib/review-languages'

/** Returns a function giving the current poster as a PNG data URL (rejects when drawing failed). */
export function usePoster(name: string, link: string, language: ReviewLanguage | null, brand: WorkspaceBrandDto | null = null) {
  const poster = useRef<Promise<string> | null>(null)
  const { name: brandName = null, color = null, logoUrl = null } = brand ?? {}

  useEffect(() => {
    const shown = brandName !== null && color !== null ? { name: brandName, color, logoUrl } : null
    const drawing = posterTextsFor(language, loadMessages, shown)
      .then((texts) => drawPoster(document.createElement('canvas'), { name, link, texts, brand: shown && { color: shown.color, logoUrl } }))
      .then((canvas) => canvas.toDataURL('image/png'))
    // The failure is reported when the owner asks for the poster, not as an unhandled rejection now.
    drawing.catch((error) => console.warn('poster drawing failed', error))
    poster.current = drawing
  }, [name, link, language, brandName, color, logoUrl])

  return useCallback(() => poster.current ?? Promise.reject(new Error('Poster not drawn yet')), [])
}
