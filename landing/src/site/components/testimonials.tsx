import type { Testimonial } from '#site/content/marketing'
import { SectionHead } from './section-head'
import { TestimonialCarousel, TestimonialQuote } from './testimonial-carousel'

interface Props {
  items: Testimonial[]
  id?: string
  eyebrow?: string
  title: string
  /** carousel: one at a time, rotating; grid: all of them as cards. */
  layout?: 'carousel' | 'grid'
  soft?: boolean
}

/** The owners' words section of a landing page. */
export function Testimonials({ items, id = 'testimonials', eyebrow = 'Testimonials', title, layout = 'carousel', soft = false }: Props) {
  return (
    <section className={`section${soft ? ' section--soft' : ''}`} id={id} aria-labelledby={`${id}-title`}>
      <div className="container">
        <SectionHead eyebrow={eyebrow} title={title} id={`${id}-title`} />
        {layout === 'carousel' ? (
          <div className="card card--shadow lp-carousel-card">
            <TestimonialCarousel items={items} />
          </div>
        ) : (
          <ul className="grid grid--2 lp-quote-grid">
            {items.map((item) => (
              <li key={item.name} className="card card--shadow">
                <TestimonialQuote item={item} />
              </li>
            ))}
          </ul>
        )}
        <p className="muted lp-quote-note">Illustrative stories of how owners use ReviewRoute, not quotes from named customers.</p>
      </div>
    </section>
  )
}
