/** /indian-redesigned, and `/` for visitors: the product's front door. */
import { TRIAL_DAYS } from '@reviewroute/backend/contract/product_rules'
import { AuthActions } from '#site/components/auth-links'
import { CallToAction } from '#site/components/call-to-action'
import { Faq } from '#site/components/faq'
import { Features } from '#site/components/features'
import { HowItWorks } from '#site/components/how-it-works'
import { Layout } from '#site/components/layout'
import { Pricing } from '#site/components/pricing'
import { ProblemSolution } from '#site/components/problem-solution'
import { ReviewFlowMockup } from '#site/components/review-flow-mockup'
import { Testimonials } from '#site/components/testimonials'
import { useScrollToHash } from '#site/components/text-sections'
import { FRONT_DOOR_ANCHORS, FRONT_DOOR_FAQ, FRONT_DOOR_FEATURES, HOW_IT_WORKS, OWNER_STORIES } from '#site/content/marketing'
import { useSession } from '#site/session'

const SECTORS = ['Restaurants', 'Cafés', 'Salons & spas', 'Clinics', 'Kirana & retail', 'Sweet shops', 'Repair shops', 'Gyms']
const FRONT_DOOR_STORIES = [OWNER_STORIES[0], OWNER_STORIES[1], OWNER_STORIES[2], OWNER_STORIES[5]]

export default function IndianRedesignedPage() {
  const { user } = useSession()
  // The footer's /#pricing and /#analytics, followed from another page.
  useScrollToHash()
  return (
    <Layout user={user} anchors={FRONT_DOOR_ANCHORS}>
      <section className="hero lp-hero-front" aria-labelledby="hero-title">
        <div className="container lp-split">
          <div className="lp-split__copy">
            <span className="eyebrow">Google reviews for India’s small businesses</span>
            <h1 id="hero-title">
              Your customers love you. <span className="lp-accent">Let Google hear it.</span>
            </h1>
            <p className="lead">
              ReviewRoute puts a QR code on your counter that asks every customer for a quick rating. 4-5 stars go straight to your Google
              review page, and when a visit went wrong the customer can tell you privately, so you can set things right.
            </p>
            <AuthActions />
            <p className="lp-fineprint">Free for {TRIAL_DAYS} days · No card needed · Never turns into a paid plan by itself</p>
          </div>
          <ReviewFlowMockup />
        </div>
      </section>

      <section className="lp-sectors" aria-labelledby="sectors-title">
        <div className="container">
          <h2 id="sectors-title" className="lp-sectors__title">
            Made for businesses where customers walk in
          </h2>
          <ul>
            {SECTORS.map((sector) => (
              <li key={sector}>{sector}</li>
            ))}
          </ul>
        </div>
      </section>

      <ProblemSolution />

      <HowItWorks
        steps={HOW_IT_WORKS}
        title="From Google Maps to your counter in three steps"
        intro="No website, no app, no training for your staff."
      />

      <Features
        items={FRONT_DOOR_FEATURES}
        soft
        eyebrow="What you get"
        title="Built for the way Indian businesses work"
        intro="Everything happens on your customer’s phone and yours. Nothing to install."
      />

      <Testimonials items={FRONT_DOOR_STORIES} layout="grid" title="Owners like you, in their own words" />

      <Pricing />

      <Faq items={FRONT_DOOR_FAQ} title="Questions owners ask us" />

      <CallToAction title="Give your happy customers a reason to speak up" />
    </Layout>
  )
}
