/*
 * 'Review Projections' (docs/screens.md, docs/product-rules.md, docs/decisions.md D37): with N customers a day, how
 * many reviews the link brings and where the Google rating would stand after 1, 3 and 6 months. Only the daily
 * customers are an input. The new reviews are projected at the business's own average of its recent 4-5 star
 * ratings (the ones sent on to Google) once it has enough of them, else the spec's 4.5, and the card says which.
 * It leads with the reviews gained, and a projected rating below today's always comes with the reason. A business
 * without a rating yet gets no figures made up from the default customers: the card says what it will show and
 * asks for the daily customers.
 */
import { PROJECTION_OWN_RATINGS_MIN, PROJECTION_RECENT_DAYS } from '@reviewroute/backend/contract/product_rules'
import type { BusinessDto, RecentGoogleRatings } from '@reviewroute/backend/types/api'
import { formatCount } from '@reviewroute/web-shared/format'
import { Card, Flex, InputNumber, Typography } from 'antd'
import { useId, useState } from 'react'
import './review-projections.css'
import { PROJECTION_DEFAULTS } from '#config/constants'
import {
  newReviewBasis,
  PROJECTION_HORIZONS,
  projectHorizons,
  ratingFalls,
  roundRating,
  weeklyReviews,
  type NewReviewBasis,
} from '#lib/projections'

const { daysPerWeek, responseRate } = PROJECTION_DEFAULTS
const rating = (value: number | null) => (value === null ? '—' : value.toFixed(1))
const stars = (value: number) => `${roundRating(value).toFixed(1)}★`
const horizonWeeks = PROJECTION_HORIZONS.map(({ weeks }) => weeks)
const horizonNote = `${horizonWeeks.slice(0, -1).join(', ')} and ${horizonWeeks.at(-1)} weeks`
const lower = (label: string) => label.charAt(0).toLowerCase() + label.slice(1)

/** Which average the new reviews are projected at, in a sentence. */
function basisSentence(basis: NewReviewBasis) {
  if (basis.source === 'own') {
    return `Based on your ${formatCount(basis.count ?? 0)} ratings that went to Google in the last ${PROJECTION_RECENT_DAYS} days: ${stars(basis.rating)} average.`
  }
  const sofar = basis.count === null ? '' : ` (${formatCount(basis.count)} so far)`
  return `Assumes new Google reviews average ${stars(basis.rating)} until you have ${PROJECTION_OWN_RATINGS_MIN} ratings that went to Google in ${PROJECTION_RECENT_DAYS} days${sofar}.`
}

type Listing = Pick<BusinessDto, 'rating' | 'reviewCount'>

export function ReviewProjectionsCard({
  business,
  googleRatings,
  ratings,
}: {
  business: Listing
  /** The business's 4-5 star ratings of the last 90 days (GET /api/overview); absent while they load. */
  googleRatings?: RecentGoogleRatings | null
  /** How many ratings the business has collected (GET /api/overview); absent while they load. */
  ratings?: number
}) {
  // The owner's own number once typed; until then the default only for a business with ratings to go by.
  const [entered, setEntered] = useState<number | null>(null)
  const dailyCustomers = entered ?? (ratings ? PROJECTION_DEFAULTS.dailyCustomers : null)

  return (
    <Card title="Review Projections" style={{ height: '100%' }}>
      <Flex vertical gap={16}>
        <Flex align="center" justify="space-between" gap={12} wrap>
          <label htmlFor="projection-daily-customers">
            <Typography.Text strong>Daily customers</Typography.Text>
          </label>
          <InputNumber
            id="projection-daily-customers"
            min={1}
            precision={0}
            value={dailyCustomers}
            placeholder={`e.g. ${PROJECTION_DEFAULTS.dailyCustomers}`}
            // An emptied field keeps the last number; antd puts values under the minimum back to it.
            onChange={(value) => typeof value === 'number' && value >= 1 && setEntered(value)}
            style={{ width: 120 }}
          />
        </Flex>
        {dailyCustomers === null ? (
          <Invitation business={business} />
        ) : (
          <Projections business={business} googleRatings={googleRatings} dailyCustomers={dailyCustomers} />
        )}
      </Flex>
    </Card>
  )
}

/** The listing as it stands today: real figures, shown with or without a projection. */
function CurrentRating({ business }: { business: Listing }) {
  return (
    <div className="projection-figure">
      <Typography.Text type="secondary">Current Google rating</Typography.Text>
      <Typography.Text strong>
        {rating(business.rating)} <span aria-hidden>★</span>
      </Typography.Text>
      <Typography.Text type="secondary">{formatCount(business.reviewCount)} reviews</Typography.Text>
    </div>
  )
}

/** No ratings yet and no number typed: what the card will show, and what it needs for it. */
function Invitation({ business }: { business: Listing }) {
  return (
    <>
      <Typography.Paragraph style={{ margin: 0 }}>
        Enter how many customers you serve on a typical day. This card then shows how many new Google reviews your review link could bring
        in the coming months, and where your Google rating would stand.
      </Typography.Paragraph>
      <Flex gap={12} wrap>
        <CurrentRating business={business} />
      </Flex>
    </>
  )
}

function Projections({
  business,
  googleRatings,
  dailyCustomers,
}: {
  business: Listing
  googleRatings?: RecentGoogleRatings | null
  dailyCustomers: number
}) {
  const basis = newReviewBasis(googleRatings)
  const inputs = { ...PROJECTION_DEFAULTS, dailyCustomers, newReviewRating: basis.rating }
  const weekly = weeklyReviews(inputs)
  const projections = projectHorizons(business, inputs)
  const first = projections[0]
  const last = projections[projections.length - 1]
  const falls = ratingFalls(business, projections)
  const whyId = useId()

  return (
    <>
      <div className="projection-headline">
        <Typography.Title level={4} style={{ margin: 0 }}>
          +{formatCount(first.newReviews)} Google reviews {lower(PROJECTION_HORIZONS[0].label)}
        </Typography.Title>
        <Typography.Text type="secondary">
          {formatCount(Math.max(0, business.reviewCount))} → {formatCount(last.totalReviews)} reviews{' '}
          {lower(PROJECTION_HORIZONS[PROJECTION_HORIZONS.length - 1].label)}
        </Typography.Text>
      </div>

      <Flex gap={12} wrap>
        <CurrentRating business={business} />
        <div className="projection-figure">
          <Typography.Text type="secondary">New reviews a week</Typography.Text>
          <Typography.Text strong aria-label="New reviews a week">
            {formatCount(weekly)}
          </Typography.Text>
        </div>
      </Flex>

      <table className="projection-table" aria-describedby={falls ? whyId : undefined}>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">New reviews</th>
            <th scope="col">Google rating</th>
          </tr>
        </thead>
        <tbody>
          {PROJECTION_HORIZONS.map(({ weeks, label }, index) => (
            <tr key={weeks}>
              <th scope="row">{label}</th>
              <td>+{formatCount(projections[index].newReviews)}</td>
              <td>
                <strong>{rating(projections[index].rating)}</strong> ★
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      {falls && business.rating !== null && (
        <p id={whyId} role="note" className="projection-why">
          Why below {stars(business.rating)}: new reviews are expected to average {stars(basis.rating)}, less than your current{' '}
          {stars(business.rating)}, and an average moves toward what is added. Only customers who rate you 4-5★ are sent to Google, so these
          are good reviews, and the more of them you have, the less any single review can move your rating.
        </p>
      )}

      <Flex vertical gap={4}>
        <Typography.Text style={{ fontSize: 13 }}>{basisSentence(basis)}</Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          Assumes you are open {daysPerWeek} days a week and {Math.round(responseRate * 100)}% of customers leave a review. Months are
          counted as {horizonNote}.
        </Typography.Text>
      </Flex>
    </>
  )
}
