import type { Step } from '#site/content/marketing'
import { SectionHead } from './section-head'

interface Props {
  steps: Step[]
  id?: string
  eyebrow?: string
  title?: string
  intro?: string
  soft?: boolean
}

/** Numbered steps: an ordered list, so screen readers hear "1 of 3". */
export function HowItWorks({
  steps,
  id = 'how-it-works',
  eyebrow = 'How it works',
  title = 'Up and running in three steps',
  intro,
  soft = false,
}: Props) {
  return (
    <section className={`section${soft ? ' section--soft' : ''}`} id={id} aria-labelledby={`${id}-title`}>
      <div className="container">
        <SectionHead eyebrow={eyebrow} title={title} id={`${id}-title`}>
          {intro}
        </SectionHead>
        <ol className="grid grid--3 lp-steps">
          {steps.map((step, index) => (
            <li key={step.title} className="card lp-step">
              <span className="step-number" aria-hidden="true">
                {index + 1}
              </span>
              <h3>{step.title}</h3>
              <p className="muted">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  )
}
