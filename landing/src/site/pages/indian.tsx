/** /indian: the main landing page (docs/screens.md). */
import { TRIAL_DAYS } from '@reviewroute/backend/contract/product_rules'
import { AuthActions } from '#site/components/auth-links'
import { CallToAction } from '#site/components/call-to-action'
import { Faq } from '#site/components/faq'
import { Features } from '#site/components/features'
import { HowItWorks } from '#site/components/how-it-works'
import { MarketingIcon } from '#site/components/marketing-icon'
import { Layout } from '#site/components/layout'
import { Pricing } from '#site/components/pricing'
import { Testimonials } from '#site/components/testimonials'
import { FEATURES, HOW_IT_WORKS, INDIAN_ANCHORS, INDIAN_FAQ, OWNER_STORIES } from '#site/content/marketing'
import { LANGUAGE_COUNT } from '#site/content/languages'
import { useSession } from '#site/session'

const HERO_BADGES = [`${TRIAL_DAYS}-day free trial`, 'No card needed', `Rating page in ${LANGUAGE_COUNT}`]

export default function IndianPage() {
  const { user } = useSession()
  return (
    <Layout user={user} anchors={INDIAN_ANCHORS}>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container">
          <span className="eyebrow">Made for India’s restaurants, salons, clinics and shops</span>
          <h1 id="hero-title">Turn every happy customer into a Google review</h1>
          <p className="lead">
            One QR code on your counter asks every customer to rate their visit. 4-5 stars go straight to your Google review page, and you
            hear about problems privately, in time to make things right.
          </p>
          <AuthActions />
          <ul className="hero__badges lp-badges">
            {HERO_BADGES.map((badge) => (
              <li key={badge}>
                <MarketingIcon name="check" size={18} />
                {badge}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <HowItWorks
        steps={HOW_IT_WORKS}
        intro="No website, no app for your customers to install. If you are on Google Maps, you are ready."
      />

      <Features
        items={FEATURES}
        soft
        title="Everything you need to grow your Google rating"
        intro="Built for busy owners: set it up once, and it works quietly at your counter every day."
      />

      <Testimonials items={OWNER_STORIES.slice(0, 4)} title="What owners tell us" />

      <Pricing />

      <Faq items={INDIAN_FAQ} />

      <CallToAction title="Let your happy customers speak for you" />
    </Layout>
  )
}
