/*
 * The styled poster of a review link (docs/product-rules.md#trial, docs/product-rules.md): drawn when the card appears and again whenever the link,
 * the business name or its pinned language changes, so Download uses a ready image.
 */
import { drawPoster } from '@reviewroute/web-shared/qr'
import { useCallback, useEffect, useRef } from 'react'
import { posterTextsFor, type ReviewLanguage } from '#lib/review-languages'

/** Returns a function giving the current poster as a PNG data URL (rejects when drawing failed). */
export function usePoster(name: string, link: string, language: ReviewLanguage | null) {
  const poster = useRef<Promise<string> | null>(null)

  useEffect(() => {
    const drawing = posterTextsFor(language)
      .then((texts) => drawPoster(document.createElement('canvas'), { name, link, texts }))
      .then((canvas) => canvas.toDataURL('image/png'))
    // The failure is reported when the owner asks for the poster, not as an unhandled rejection now.
    drawing.catch((error) => console.warn('poster drawing failed', error))
    poster.current = drawing
  }, [name, link, language])

  return useCallback(() => poster.current ?? Promise.reject(new Error('Poster not drawn yet')), [])
}
