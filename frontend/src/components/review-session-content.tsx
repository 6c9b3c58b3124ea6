/*
 * What a review session shows (docs/screens.md): stars, relative time, a badge saying where the customer went, and the
 * feedback text. Kept apart from the List row (review-session-item.tsx) because antd's List brings its
 * pagination and select with it; the overview's 5-row list is plain markup and stays out of that download.
 */
import { Flex, Rate, Tag, Typography } from 'antd'
import type { ReviewSessionDto } from '@reviewroute/backend/types/api'
import { formatDateTime, relativeTime } from '#lib/dates'
import { Tip } from './tip'

export function RatingStars({ rating }: { rating: number }) {
  return <Rate disabled value={rating} style={{ fontSize: 14 }} aria-label={`${rating} stars`} />
}

export function ReviewSessionContent({ session }: { session: ReviewSessionDto }) {
  return (
    <Flex vertical gap={4} style={{ minWidth: 0, width: '100%' }}>
      <Flex align="center" gap={8} wrap>
        <RatingStars rating={session.rating} />
        <Tip title={formatDateTime(session.timestamp ?? session.createdAt)}>
          <Typography.Text type="secondary">{relativeTime(session.timestamp ?? session.createdAt)}</Typography.Text>
        </Tip>
        {session.redirected ? <Tag color="green">Redirected to Google</Tag> : <Tag color="orange">Private feedback</Tag>}
      </Flex>
      {session.feedback && <Typography.Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>“{session.feedback}”</Typography.Text>}
    </Flex>
  )
}
