import { useEffect, useState } from 'react'
import { TESTIMONIAL_ROTATE_MS } from '@reviewroute/web-shared/constants'
import type { Testimonial } from '#site/content/marketing'

/** One owner's words with their name and business. */
export function TestimonialQuote({ item }: { item: Testimonial }) {
  return (
    <figure className="lp-quote">
      <blockquote>
        <p>“{item.quote}”</p>
      </blockquote>
      <figcaption>
        <span className="lp-quote__avatar" aria-hidden="true">
          {item.name.replace(/^Dr\.\s*/, '').slice(0, 1)}
        </span>
        <span>
          <strong>{item.name}</strong>
          <span className="muted">{item.business}</span>
        </span>
      </figcaption>
    </figure>
  )
}

const prefersReducedMotion = () => globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true

/**
 * Shows one testimonial at a time and moves on every `intervalMs` (docs/product-rules.md: 5 s). A dot selects an entry and
 * restarts the wait, so the chosen quote stays up for a full interval. Rotation stops while the pointer or
 * keyboard focus is on it, and a Pause button stops it for good (WCAG 2.2.2). Visitors who ask the system for
 * reduced motion get no automatic rotation, only the dots.
 */
export function TestimonialCarousel({ items, intervalMs = TESTIMONIAL_ROTATE_MS }: { items: Testimonial[]; intervalMs?: number }) {
  const [index, setIndex] = useState(0)
  // Bumped on every dot click: re-arms the timer even when the chosen entry is already showing.
  const [selection, setSelection] = useState(0)
  const [paused, setPaused] = useState(false)
  const [hovered, setHovered] = useState(false)
  const rotating = items.length > 1 && !paused && !prefersReducedMotion()

  useEffect(() => {
    if (!rotating || hovered) return
    const timer = setTimeout(() => setIndex((current) => (current + 1) % items.length), intervalMs)
    return () => clearTimeout(timer)
  }, [index, selection, items.length, intervalMs, rotating, hovered])

  function select(next: number) {
    setIndex(next)
    setSelection((count) => count + 1)
  }

  const current = items[index % items.length]
  if (!current) return null
  return (
    <div
      className="carousel"
      role="group"
      aria-roledescription="carousel"
      aria-label="Testimonials"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={() => setHovered(false)}
    >
      <div className="carousel__slide" role="group" aria-roledescription="slide" aria-label={`${index + 1} of ${items.length}`}>
        <TestimonialQuote item={current} />
      </div>
      <div className="carousel__controls">
        <div className="carousel__dots">
          {items.map((item, position) => (
            <button
              key={item.name}
              type="button"
              aria-label={`Show testimonial ${position + 1}`}
              aria-current={position === index}
              onClick={() => select(position)}
            />
          ))}
        </div>
        {items.length > 1 && !prefersReducedMotion() && (
          <button type="button" className="carousel__pause" aria-pressed={paused} onClick={() => setPaused((value) => !value)}>
            {paused ? 'Play' : 'Pause'}
          </button>
        )}
      </div>
    </div>
  )
}
