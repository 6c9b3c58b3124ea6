import { Link } from 'react-router'
import { TextPage } from '#site/components/layout'
import { TextSections } from '#site/components/text-sections'
import { ABOUT_INTRO, ABOUT_SECTIONS } from '#site/content/about'
import { SIGN_UP_URL } from '@reviewroute/web-shared/constants'
import { TRIAL_DAYS } from '@reviewroute/backend/contract/product_rules'
import { useSession } from '#site/session'

export default function AboutPage() {
  const { user } = useSession()
  return (
    <TextPage user={user} title="About ReviewRoute">
      <p className="lead">{ABOUT_INTRO}</p>
      <TextSections sections={ABOUT_SECTIONS} />
      <div className="card text-cta">
        <div>
          <h2>Try it with your own customers</h2>
          <p className="muted">{TRIAL_DAYS} days free, no card needed. Questions first? We are happy to talk.</p>
        </div>
        <div className="text-cta__actions">
          {!user && (
            <Link className="button button--primary" to={SIGN_UP_URL}>
              Start Free Trial
            </Link>
          )}
          <Link className="button button--ghost" to="/contact">
            Contact us
          </Link>
        </div>
      </div>
    </TextPage>
  )
}
