/*
 * One review session as a row of an antd List (docs/screens.md): the session's content with an optional action on the
 * right (feedback inbox), and Call / WhatsApp when the customer asked to be contacted.
 */
import { Flex, List } from 'antd'
import type { ReviewSessionDto } from '@reviewroute/backend/types/api'
import type { ReactNode } from 'react'
import { CallBack } from './call-back'
import { ReviewSessionContent } from './review-session-content'

export { RatingStars } from './review-session-content'

interface Props {
  session: ReviewSessionDto
  /** The business the customer rated: the WhatsApp message speaks in its name. */
  businessName: string
  extra?: ReactNode
  /** Under the content, above the call-back: the inbox's voice-note player. */
  below?: ReactNode
  /** Fold long feedback to three lines (the analytics screen). */
  collapseFeedback?: boolean
}

export function ReviewSessionItem({ session, businessName, extra, below, collapseFeedback }: Props) {
  return (
    // The row gap only shows on a phone, where the action wraps under the content.
    <List.Item extra={extra} style={{ rowGap: 12 }}>
      <Flex vertical gap={10} style={{ minWidth: 0, width: '100%' }}>
        <ReviewSessionContent session={session} collapseFeedback={collapseFeedback} />
        {below}
        <CallBack session={session} businessName={businessName} />
      </Flex>
    </List.Item>
  )
}
