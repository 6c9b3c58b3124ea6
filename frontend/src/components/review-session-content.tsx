/*
 * What a review session shows (docs/screens.md): stars, relative time, a badge saying where the customer went (and one
 * for a rating given inside WhatsApp), and the feedback text. Kept apart from the List row (review-session-item.tsx)
 * because antd's List brings its pagination and select with it; the overview's 5-row list is plain markup and stays
 * out of that download.
 */
import { Flex, Rate, Tag, Typography } from 'antd'
import { FIGURES } from '@reviewroute/backend/contract/vocabulary'
import type { ReviewSessionDto } from '@reviewroute/backend/types/api'
import { SessionTime } from './session-time'

export function RatingStars({ rating }: { rating: number }) {
  return <Rate disabled value={rating} style={{ fontSize: 14 }} aria-label={`${rating} stars`} />
}

/** The badge of a rating of 3 or below (docs/product-rules.md#words-for-the-figures). */
export const PRIVATE_RATING = 'Private rating'

/** The badge of a rating given inside WhatsApp with a request's buttons, not on the customer page. */
export const IN_WHATSAPP = 'WhatsApp'

/** A private rating the customer left without words (docs/decisions.md D38: still private feedback). */
export const NO_COMMENT = 'Rating only, no comment'

/** Folded long feedback ends its third line with antd's "Expand", and reads "Collapse" once opened. */
const COLLAPSED = { rows: 3, expandable: 'collapsible' } as const

/** Three lines of a phone's width hold about 120 characters; fewer with line breaks. */
const mayRunLong = (text: string) => text.length > 120 || text.split('\n').length > 3

/** The customer's words, quoted; `collapse` folds a long text to three lines (the analytics screen). */
export function FeedbackText({ text, collapse = false }: { text: string; collapse?: boolean }) {
  const style = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const
  // Only a text that could run past three lines gets antd's measured ellipsis: measuring every row costs a phone.
  if (!collapse || !mayRunLong(text)) return <Typography.Text style={style}>“{text}”</Typography.Text>
  return (
    <Typography.Paragraph ellipsis={COLLAPSED} style={{ ...style, margin: 0 }}>
      {`“${text}”`}
    </Typography.Paragraph>
  )
}

export function ReviewSessionContent({ session, collapseFeedback = false }: { session: ReviewSessionDto; collapseFeedback?: boolean }) {
  return (
    <Flex vertical gap={4} style={{ minWidth: 0, width: '100%' }}>
      <Flex align="center" gap={8} wrap>
        <RatingStars rating={session.rating} />
        <SessionTime value={session.timestamp ?? session.createdAt} />
        {session.redirected ? <Tag color="green">{FIGURES.sentToGoogle}</Tag> : <Tag color="orange">{PRIVATE_RATING}</Tag>}
        {session.source === 'whatsapp' && <Tag color="green">{IN_WHATSAPP}</Tag>}
      </Flex>
      {session.feedback ? (
        <FeedbackText text={session.feedback} collapse={collapseFeedback} />
      ) : (
        // A voice note is the customer's words too (the inbox plays it).
        !session.redirected && !session.voiceNote && <Typography.Text type="secondary">{NO_COMMENT}</Typography.Text>
      )}
    </Flex>
  )
}
