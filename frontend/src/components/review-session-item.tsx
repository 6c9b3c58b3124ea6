/*
 * One review session as a row of an antd List (docs/screens.md): the session's content with an optional action on the
 * right (feedback inbox).
 */
import { List } from 'antd'
import type { ReviewSessionDto } from '@reviewroute/backend/types/api'
import type { ReactNode } from 'react'
import { ReviewSessionContent } from './review-session-content'

export { RatingStars } from './review-session-content'

export function ReviewSessionItem({ session, extra }: { session: ReviewSessionDto; extra?: ReactNode }) {
  return (
    <List.Item extra={extra}>
      <ReviewSessionContent session={session} />
    </List.Item>
  )
}
