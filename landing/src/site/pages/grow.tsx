/** /grow: the landing variant with anchors Features, Pricing, Reviews (docs/screens.md, docs/decisions.md D3). */
import { TRIAL_DAYS } from '@reviewroute/backend/contract/product_rules'
import { AuthActions } from '#site/components/auth-links'
import { CallToAction } from '#site/components/call-to-action'
import { Faq } from '#site/components/faq'
import { Features } from '#site/components/features'
import { HowItWorks } from '#site/components/how-it-works'
import { Layout } from '#site/components/layout'
import { Pricing } from '#site/components/pricing'
import { Testimonials } from '#site/components/testimonials'
import { FEATURES, GROW_ANCHORS, GROW_FAQ, HOW_IT_WORKS, OWNER_STORIES } from '#site/content/marketing'
import { LANGUAGE_LIST } from '#site/content/languages'
import { useSession } from '#site/session'

// Facts about the product, not results: the trial length, the setup, and a QR code that never closes.
const HERO_BADGES = [
  { value: `${TRIAL_DAYS} Days`, label: 'Free Trial' },
  { value: '5 Min', label: 'Setup' },
  { value: '24/7', label: 'Always collecting' },
]

export default function GrowPage() {
  const { user } = useSession()
  return (
    <Layout user={user} anchors={GROW_ANCHORS}>
      <section className="hero lp-hero-grow" aria-labelledby="hero-title">
        <div className="container">
          <span className="eyebrow">For shops, salons, clinics and restaurants</span>
          <h1 id="hero-title">Get 10X More 5-Star Google Reviews</h1>
          <p className="lead">
            Your happiest customers rarely think of writing a review. ReviewRoute asks every customer at the billing counter with a single
            scan, in their own language ({LANGUAGE_LIST}). A 4 or 5 star rating opens your Google review page in one tap.
          </p>
          <AuthActions />
          <ul className="lp-stat-badges" aria-label="At a glance">
            {HERO_BADGES.map((badge) => (
              <li key={badge.value}>
                <strong>{badge.value}</strong>
                <span>{badge.label}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <HowItWorks
        steps={HOW_IT_WORKS}
        soft
        eyebrow="Getting started"
        title="How It Works"
        intro="Three steps, and the first one takes less time than making chai."
      />

      <Features items={FEATURES} title="Tools that bring in reviews while you work" />

      <Testimonials id="reviews" eyebrow="Reviews" items={OWNER_STORIES.slice(4, 8)} title="Owners across India" />

      <Pricing />

      <Faq items={GROW_FAQ} />

      <CallToAction title="Your next 5-star review is one scan away" signUpLabel="Get Started Free" />
    </Layout>
  )
}
