import { PROBLEMS, SOLUTIONS } from '#site/content/marketing'
import { MarketingIcon } from './marketing-icon'
import { SectionHead } from './section-head'

/** Before and after, side by side on wide screens and stacked on a phone. */
export function ProblemSolution() {
  return (
    <section className="section section--soft" id="why" aria-labelledby="why-title">
      <div className="container">
        <SectionHead eyebrow="Why ReviewRoute" title="Your Google rating should match how customers really feel" id="why-title">
          Most small businesses are better than their Google page says. The happy majority stays quiet; the one upset customer does not.
        </SectionHead>
        <div className="grid grid--2 lp-compare">
          <div className="card lp-compare__card lp-compare__card--before">
            <h3>Without ReviewRoute</h3>
            <ul>
              {PROBLEMS.map((line) => (
                <li key={line}>
                  <MarketingIcon name="x" size={18} />
                  <span>{line}</span>
                </li>
              ))}
            </ul>
          </div>
          <div className="card card--shadow lp-compare__card lp-compare__card--after">
            <h3>With ReviewRoute</h3>
            <ul>
              {SOLUTIONS.map((line) => (
                <li key={line}>
                  <MarketingIcon name="check" size={18} />
                  <span>{line}</span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </section>
  )
}
