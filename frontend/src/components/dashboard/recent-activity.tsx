/* The 5 newest ratings of the selected business (docs/screens.md), or a nudge to share the link. */
import type { ReviewSessionDto } from '@reviewroute/backend/types/api'
import { Card, Empty, Skeleton } from 'antd'
import { Link } from 'react-router'
import { ReviewSessionContent } from '#components/review-session-content'

export function RecentActivity({ businessId, sessions, loading }: { businessId: number; sessions: ReviewSessionDto[]; loading: boolean }) {
  return (
    <Card
      title="Recent ratings"
      extra={sessions.length > 0 && <Link to={`/business/${businessId}`}>View analytics</Link>}
      style={{ height: '100%' }}
      styles={{ body: { paddingTop: 4, paddingBottom: 4 } }}
    >
      {loading ? (
        <Skeleton active paragraph={{ rows: 4 }} style={{ padding: '16px 0' }} />
      ) : sessions.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="No ratings yet. Share your review link or QR code and new ratings will appear here."
        />
      ) : (
        // Plain rows: antd's List would bring its pagination and select into the first screen for five items.
        <ul className="recent-activity">
          {sessions.map((session) => (
            <li key={session.id}>
              <ReviewSessionContent session={session} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}
