import type { Feature } from '#site/content/marketing'
import { MarketingIcon } from './marketing-icon'
import { SectionHead } from './section-head'

interface Props {
  items: Feature[]
  id?: string
  eyebrow?: string
  title: string
  intro?: string
  soft?: boolean
}

/** A grid of feature cards: one column on a phone, two on a tablet, three on a desktop. */
export function Features({ items, id = 'features', eyebrow = 'Features', title, intro, soft = false }: Props) {
  return (
    <section className={`section${soft ? ' section--soft' : ''}`} id={id} aria-labelledby={`${id}-title`}>
      <div className="container">
        <SectionHead eyebrow={eyebrow} title={title} id={`${id}-title`}>
          {intro}
        </SectionHead>
        <ul className="grid grid--2 lp-features">
          {items.map((feature) => (
            <li key={feature.title} id={feature.id} className="card lp-feature">
              <span className="icon-badge">
                <MarketingIcon name={feature.icon} />
              </span>
              <h3>{feature.title}</h3>
              <p className="muted">{feature.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
