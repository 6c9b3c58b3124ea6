/** /indian: the main landing page (spec 2). */
import { TRIAL_DAYS } from '@reviewroute/web-shared/constants'
import { AuthActions } from '../components/AuthLinks'
import { CallToAction } from '../components/CallToAction'
import { Faq } from '../components/Faq'
import { Features } from '../components/Features'
import { HowItWorks } from '../components/HowItWorks'
import { MarketingIcon } from '../components/MarketingIcon'
import { Layout } from '../components/Layout'
import { Pricing } from '../components/Pricing'
import { Testimonials } from '../components/Testimonials'
import { FEATURES, HOW_IT_WORKS, INDIAN_ANCHORS, INDIAN_FAQ, OWNER_STORIES } from '../content/marketing'
import { useSession } from '../session'

const HERO_BADGES = [`${TRIAL_DAYS}-day free trial`, 'No card needed', 'English and Hindi']

export default function IndianPage() {
  const { user } = useSession()
  return (
    <Layout user={user} anchors={INDIAN_ANCHORS}>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container">
          <span className="eyebrow">Made for India’s restaurants, salons, clinics and shops</span>
          <h1 id="hero-title">Turn every happy customer into a Google review</h1>
          <p className="lead">
            One QR code on your counter. Customers rate their visit in a few taps: 4-5 stars go straight to your
            Google review page, 1-3 stars come to you privately so you can make things right.
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

      <HowItWorks steps={HOW_IT_WORKS} intro="No website, no app for your customers to install. If you are on Google Maps, you are ready." />

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
