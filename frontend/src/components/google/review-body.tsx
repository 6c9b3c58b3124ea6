/*
 * One Google review as the inbox and the reply drawer show it: the reviewer (photo, else the initial), the stars,
 * when, the words in their own script, and the business's reply under it.
 */
import { Avatar, Flex, Tag, Typography } from 'antd'
import type { GoogleReviewDto } from '@reviewroute/backend/types/api'
import { RatingStars } from '#components/review-session-content'
import { SessionTime } from '#components/session-time'
import { initialOf } from '#lib/google'
import './google.css'

export const ANONYMOUS = 'A Google user'

export function ReviewBody({ review, showReply = false }: { review: GoogleReviewDto; showReply?: boolean }) {
  const name = review.reviewer.anonymous || !review.reviewer.name ? ANONYMOUS : review.reviewer.name
  return (
    <Flex gap={12} align="flex-start" style={{ minWidth: 0, width: '100%' }}>
      <Avatar
        className="google-review__avatar"
        src={review.reviewer.photoUrl ?? undefined}
        alt=""
        size={40}
        style={review.reviewer.photoUrl ? undefined : { background: '#1677ff' }}
      >
        {initialOf(review.reviewer.anonymous ? null : review.reviewer.name)}
      </Avatar>
      <Flex vertical gap={4} style={{ minWidth: 0, flex: 1 }}>
        <Flex align="center" gap={8} wrap>
          <Typography.Text strong className="google-text">
            {name}
          </Typography.Text>
          <RatingStars rating={review.stars} />
          <SessionTime value={review.createTime} />
          {review.deleted && <Tag color="red">Deleted on Google</Tag>}
        </Flex>
        {review.comment ? (
          <Typography.Paragraph className="google-text" dir="auto" style={{ margin: 0 }}>
            {review.comment}
          </Typography.Paragraph>
        ) : (
          <Typography.Text type="secondary">Rating only, no comment</Typography.Text>
        )}
        {showReply && review.reply && (
          <div className="google-review__reply">
            <Flex gap={8} align="center" wrap>
              <Typography.Text strong>Your reply</Typography.Text>
              {review.reply.updateTime && <SessionTime value={review.reply.updateTime} />}
            </Flex>
            <Typography.Paragraph className="google-text" dir="auto" style={{ margin: 0 }}>
              {review.reply.comment}
            </Typography.Paragraph>
          </div>
        )}
      </Flex>
    </Flex>
  )
}
