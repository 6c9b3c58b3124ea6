/*
 * One review session as the dashboard lists it (spec 2): stars, relative time, the feedback text, and a badge
 * saying where the customer went.
 */
import { Flex, List, Rate, Tag, Typography } from 'antd'
import type { ReviewSessionDto } from '@reviewroute/backend/types/api'
import type { ReactNode } from 'react'
import { formatDateTime, relativeTime } from '../lib/dates'
import { Tip } from './tip'

export function RatingStars({ rating }: { rating: number }) {
  return <Rate disabled value={rating} style={{ fontSize: 14 }} aria-label={`${rating} stars`} />
}

export function ReviewSessionItem({ session, extra }: { session: ReviewSessionDto; extra?: ReactNode }) {
  return (
    <List.Item extra={extra}>
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
    </List.Item>
  )
}
