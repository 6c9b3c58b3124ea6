/** /boost, /start, /lp: the campaign landing page with its 72-hour countdown (docs/screens.md). */
import { TRIAL_DAYS } from '@reviewroute/backend/contract/product_rules'
import { ROUTING } from '@reviewroute/web-shared/routing'
import { AuthActions } from '#site/components/auth-links'
import { CallToAction } from '#site/components/call-to-action'
import { CountdownBanner } from '#site/components/countdown-banner'
import { HowItWorks } from '#site/components/how-it-works'
import { MarketingIcon } from '#site/components/marketing-icon'
import { Layout } from '#site/components/layout'
import { Testimonials } from '#site/components/testimonials'
import { HOW_IT_WORKS, OWNER_STORIES } from '#site/content/marketing'
import { LANGUAGE_COUNT, LANGUAGE_LIST } from '#site/content/languages'
import { useSession } from '#site/session'

// What the trial includes; the spec's "2,400+ businesses" is unverified and left out (docs/decisions.md D12).
const TRIAL_INCLUDES = [
  'Your review link and printable QR poster',
  '4-5 star ratings sent to your Google review page',
  'A private feedback inbox, with an email for each new note',
  `Your choice of how customers are asked: “${ROUTING.byRating.label}” or “${ROUTING.everyone.label}”`,
  `Rating page in ${LANGUAGE_COUNT}: ${LANGUAGE_LIST}`,
]

export default function CampaignPage() {
  const { user } = useSession()
  return (
    <Layout user={user}>
      <CountdownBanner />

      <section className="hero lp-hero-campaign" aria-labelledby="hero-title">
        <div className="container lp-split">
          <div className="lp-split__copy">
            <span className="eyebrow">{TRIAL_DAYS}-day free trial · No card needed</span>
            <h1 id="hero-title">More Google reviews for your business, starting this week</h1>
            <p className="lead">
              Put one QR poster where your customers pay. Every customer rates the visit in a tap: 4-5 stars open your Google review page,
              and a customer who had a bad visit can tell you privately, so you can put it right.
            </p>
            <AuthActions signUpLabel="Start My Free Trial" />
          </div>
          <div className="card card--shadow lp-includes">
            <h2>Your free trial includes</h2>
            <ul>
              {TRIAL_INCLUDES.map((item) => (
                <li key={item}>
                  <MarketingIcon name="check" size={18} />
                  <span>{item}</span>
                </li>
              ))}
            </ul>
            <p className="muted">The trial never turns into a paid plan by itself.</p>
          </div>
        </div>
      </section>

      <HowItWorks steps={HOW_IT_WORKS} soft title="Three steps to your first new review" />

      <Testimonials items={OWNER_STORIES.slice(4, 8)} layout="grid" title="Owners who made the switch" />

      <CallToAction
        title="Put your QR poster up before the weekend"
        text={`Sign up, find your business and print your poster. Free for ${TRIAL_DAYS} days, no card needed.`}
        signUpLabel="Sign Up Free"
      />
    </Layout>
  )
}
