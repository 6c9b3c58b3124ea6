/*
 * The overview's Google reviews (docs/decisions.md D47), only for a workspace with a Google connection: the reviews
 * of the businesses the member sees that have no reply yet, how many of them have 1-3 stars, and the response rate,
 * with a link to the Feedback area's Google reviews showing the unanswered ones.
 */
import { GoogleOutlined } from '@ant-design/icons'
import type { OverviewGoogleReviews } from '@reviewroute/backend/types/api'
import { Button, Card, Flex, Typography } from 'antd'
import { Link } from 'react-router'

export const UNANSWERED_GOOGLE_URL = '/feedbacks?source=google&replied=false'

/** '40%' from 0.4; null without reviews. */
export const responseRateText = (rate: number | null) => (rate === null ? null : `${Math.round(rate * 1000) / 10}%`)

export function GoogleReviewsCard({ reviews }: { reviews: OverviewGoogleReviews }) {
  const rate = responseRateText(reviews.responseRate)
  return (
    <Card aria-label="Unanswered Google reviews">
      <Flex align="center" justify="space-between" gap={16} wrap>
        <Flex vertical gap={6} style={{ minWidth: 0 }}>
          <Flex align="center" gap={8}>
            <span className="dashboard-stat-icon">
              <GoogleOutlined />
            </span>
            <Typography.Text type="secondary">Unanswered Google reviews</Typography.Text>
          </Flex>
          <Typography.Text strong style={{ fontSize: 28, lineHeight: 1.2 }}>
            {reviews.unanswered}
          </Typography.Text>
          <Typography.Text type="secondary">
            {reviews.unanswered > 0 ? `${reviews.unansweredNegative} with 1-3 stars · ` : ''}
            {rate === null ? 'No Google reviews yet' : `Response rate ${rate}`}
          </Typography.Text>
        </Flex>
        <Link to={UNANSWERED_GOOGLE_URL}>
          <Button type={reviews.unanswered > 0 ? 'primary' : 'default'}>
            {reviews.unanswered > 0 ? 'Reply to reviews' : 'Open Google reviews'}
          </Button>
        </Link>
      </Flex>
    </Card>
  )
}
