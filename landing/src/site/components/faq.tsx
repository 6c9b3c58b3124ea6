import type { FaqItem } from '#site/content/marketing'
import { SectionHead } from './section-head'

/** Questions as native <details>: keyboard and screen-reader support without any script. */
export function Faq({ items, id = 'faq', title = 'Frequently asked questions' }: { items: FaqItem[]; id?: string; title?: string }) {
  return (
    <section className="section" id={id} aria-labelledby={`${id}-title`}>
      <div className="container">
        <SectionHead eyebrow="FAQ" title={title} id={`${id}-title`} />
        <div className="faq">
          {items.map((item) => (
            <details key={item.question}>
              <summary>{item.question}</summary>
              <p>{item.answer}</p>
            </details>
          ))}
        </div>
      </div>
    </section>
  )
}
