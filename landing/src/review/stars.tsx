/*
 * The five stars, in the server's markup (backend/app/web/review_page.ts): real submit buttons of the rating form,
 * so a tap before the script arrives posts the form; the hover and focus preview is pure CSS (review.css).
 */
import { RATING_MAX } from '@reviewroute/backend/contract/product_rules'
import { useReviewText } from './i18n'

const STARS = Array.from({ length: RATING_MAX }, (_, index) => index + 1)

const StarIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true">
    <path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6L2.5 9.4l6.6-.8z" />
  </svg>
)

const starClass = (star: number, value: number) => (star <= value ? 'star star--on' : 'star')

interface Props {
  /** The chosen rating, lit while the page leaves for Google. */
  value: number
  disabled: boolean
  onRate(rating: number): void
}

export function Stars({ value, disabled, onRate }: Props) {
  const { t } = useReviewText()
  return (
    <div className="stars" role="group" aria-label={t('starsGroup')}>
      {STARS.map((star) => (
        <button
          key={star}
          className={starClass(star, value)}
          type="submit"
          name="rating"
          value={star}
          aria-label={t('rateAria', { count: star })}
          disabled={disabled}
          onClick={(event) => {
            event.preventDefault()
            onRate(star)
          }}
        >
          <StarIcon />
        </button>
      ))}
    </div>
  )
}

/** The read-only stars of the feedback form. */
export function StaticStars({ value }: { value: number }) {
  return (
    <div className="stars stars--static" aria-hidden="true">
      {STARS.map((star) => (
        <span key={star} className={starClass(star, value)}>
          <StarIcon />
        </span>
      ))}
    </div>
  )
}
