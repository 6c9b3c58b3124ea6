import { useState } from 'react'
import { useTranslation } from '@reviewroute/web-shared/i18n-react'
import { RATING_MAX } from '@reviewroute/backend/contract/product_rules'

const STARS = Array.from({ length: RATING_MAX }, (_, index) => index + 1)

interface Props {
  value: number
  disabled?: boolean
  onRate?: (rating: number) => void
}

/** Five real buttons ("3 stars"), keyboard usable, with a hover preview. */
export function Stars({ value, disabled = false, onRate }: Props) {
  const { t } = useTranslation()
  const [hover, setHover] = useState(0)
  const shown = hover || value
  return (
    <div className="stars" role="group" aria-label={t('starsGroup')} onMouseLeave={() => setHover(0)}>
      {STARS.map((star) => (
        <button
          key={star}
          type="button"
          className={`star${star <= shown ? ' star--on' : ''}`}
          aria-label={t('star', { count: star })}
          aria-pressed={star === value}
          disabled={disabled}
          onMouseEnter={() => !disabled && setHover(star)}
          onFocus={() => !disabled && setHover(star)}
          onBlur={() => setHover(0)}
          onClick={() => onRate?.(star)}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6L2.5 9.4l6.6-.8z" />
          </svg>
        </button>
      ))}
    </div>
  )
}
