import type { ReviewSessionDto } from '@reviewroute/backend/types/api'
import { Card, List } from 'antd'
import { BUSINESS_PAGE_SESSIONS } from '#config/constants'
import { ReviewSessionItem } from '#components/review-session-item'

/** The business's newest ratings, at most 10 (docs/product-rules.md), long feedback folded to three lines. */
export function RecentSessions({ sessions, businessName }: { sessions: ReviewSessionDto[]; businessName: string }) {
  return (
    <Card title="Latest ratings" style={{ height: '100%' }}>
      <List
        aria-label="Latest ratings"
        dataSource={sessions.slice(0, BUSINESS_PAGE_SESSIONS)}
        locale={{ emptyText: 'No ratings yet. Share your review link or QR code to get the first one.' }}
        renderItem={(session) => <ReviewSessionItem session={session} businessName={businessName} collapseFeedback />}
      />
    </Card>
  )
}
