import { ROUTING } from '@reviewroute/web-shared/routing'
import { MarketingIcon } from './marketing-icon'

/**
 * The front door's hero picture: the customer's rating screen and where each rating goes, with both of the owner's
 * choices for 1-3 stars (docs/decisions.md D51). Decorative: the copy beside it and the steps below say the same.
 */
export function ReviewFlowMockup() {
  return (
    <div className="lp-mock" aria-hidden="true">
      <div className="lp-mock__phone">
        <div className="lp-mock__notch" />
        <p className="lp-mock__business">Chai &amp; Chaat Corner</p>
        <p className="lp-mock__address">Sarafa Bazaar, Indore</p>
        <p className="lp-mock__question">How was your experience?</p>
        <div className="lp-mock__stars">
          {[1, 2, 3, 4, 5].map((star) => (
            <MarketingIcon key={star} name="star" size={30} />
          ))}
        </div>
        <p className="lp-mock__hint">Tap the stars to rate your visit</p>
        <div className="lp-mock__lang">
          <span className="is-active">English</span>
          <span>हिन्दी</span>
        </div>
      </div>
      <div className="lp-mock__route lp-mock__route--good">
        <MarketingIcon name="star" size={18} />
        <span>
          <strong>4-5 stars</strong> open your Google review page
        </span>
      </div>
      <p className="lp-mock__choose">For 1-3 stars, you choose:</p>
      <div className="lp-mock__route lp-mock__route--private">
        <MarketingIcon name="message" size={18} />
        <span>
          <strong>{ROUTING.byRating.label}:</strong> private feedback for you
        </span>
      </div>
      <div className="lp-mock__route lp-mock__route--everyone">
        <MarketingIcon name="shield" size={18} />
        <span>
          <strong>{ROUTING.everyone.label}:</strong> private feedback, or a review on Google
        </span>
      </div>
    </div>
  )
}
