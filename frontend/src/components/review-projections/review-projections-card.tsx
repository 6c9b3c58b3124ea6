/*
 * 'Review Projections' (docs/screens.md, docs/product-rules.md): with N customers a day, how many reviews a week the link brings and
 * where the Google rating would stand after 1, 3 and 6 months. Only the daily customers are an input; the
 * other assumptions are the spec's defaults, stated under the figures.
 */
import type { BusinessDto } from '@reviewroute/backend/types/api'
import { formatCount } from '@reviewroute/web-shared/format'
import { Card, Flex, InputNumber, Typography } from 'antd'
import { useState } from 'react'
import './review-projections.css'
import { PROJECTION_DEFAULTS } from '#config/constants'
import { PROJECTION_HORIZONS, projectAfter, weeklyReviews } from '#lib/projections'

const { daysPerWeek, responseRate, newReviewRating } = PROJECTION_DEFAULTS
const rating = (value: number | null) => (value === null ? '—' : value.toFixed(1))
const horizonWeeks = PROJECTION_HORIZONS.map(({ weeks }) => weeks)
const horizonNote = `${horizonWeeks.slice(0, -1).join(', ')} and ${horizonWeeks.at(-1)} weeks`

export function ReviewProjectionsCard({ business }: { business: Pick<BusinessDto, 'rating' | 'reviewCount'> }) {
  const [dailyCustomers, setDailyCustomers] = useState(PROJECTION_DEFAULTS.dailyCustomers)
  const inputs = { ...PROJECTION_DEFAULTS, dailyCustomers }
  const weekly = weeklyReviews(inputs)

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
            // An emptied field keeps the last number; antd puts values under the minimum back to it.
            onChange={(value) => typeof value === 'number' && value >= 1 && setDailyCustomers(value)}
            style={{ width: 120 }}
          />
        </Flex>

        <Flex gap={12} wrap>
          <div className="projection-figure">
            <Typography.Text type="secondary">Current Google rating</Typography.Text>
            <Typography.Text strong>
              {rating(business.rating)} <span aria-hidden>★</span>
            </Typography.Text>
            <Typography.Text type="secondary">{formatCount(business.reviewCount)} reviews</Typography.Text>
          </div>
          <div className="projection-figure">
            <Typography.Text type="secondary">New reviews a week</Typography.Text>
            <Typography.Text strong aria-label="New reviews a week">
              {formatCount(weekly)}
            </Typography.Text>
          </div>
        </Flex>

        <table className="projection-table">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">New reviews</th>
              <th scope="col">Google rating</th>
            </tr>
          </thead>
          <tbody>
            {PROJECTION_HORIZONS.map(({ weeks, label }) => {
              const projection = projectAfter(business, weeks, inputs)
              return (
                <tr key={weeks}>
                  <th scope="row">{label}</th>
                  <td>+{formatCount(projection.newReviews)}</td>
                  <td>
                    <strong>{rating(projection.rating)}</strong> ★
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>

        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          Assumes you are open {daysPerWeek} days a week and {Math.round(responseRate * 100)}% of customers leave a
          review averaging {newReviewRating} stars. Months are counted as {horizonNote}.
        </Typography.Text>
      </Flex>
    </Card>
  )
}
