/* The 5 newest review sessions of the selected business (spec 2), or a nudge to share the link. */
import type { ReviewSessionDto } from '@reviewroute/backend/types/api'
import { Card, Empty, List } from 'antd'
import { Link } from 'react-router'
import { ReviewSessionItem } from '../review-session-item'

export function RecentActivity({ businessId, sessions, loading }: { businessId: number; sessions: ReviewSessionDto[]; loading: boolean }) {
  return (
    <Card
      title="Recent Review Activity"
      extra={sessions.length > 0 && <Link to={`/business/${businessId}`}>View analytics</Link>}
      style={{ height: '100%' }}
      styles={{ body: { paddingTop: 4, paddingBottom: 4 } }}
    >
      <List
        loading={loading}
        dataSource={sessions}
        rowKey="id"
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description="No reviews yet. Share your review link or QR code and new ratings will appear here."
            />
          ),
        }}
        renderItem={(session) => <ReviewSessionItem session={session} />}
      />
    </Card>
  )
}
