/* The overview of the selected business (docs/screens.md): greeting, numbers, shortcuts, latest ratings, QR, projections. */
import type { BusinessDto } from '@reviewroute/backend/types/api'
import { Alert, Button, Col, Flex, Row } from 'antd'
import { lazy, useLayoutEffect } from 'react'
import { dismissFirstPaint } from '#first-paint/dismiss'
import { useCurrentUser } from '#hooks/use-current-user'
import { errorText } from '#providers/http'
import { GoogleReviewsCard } from './google-reviews-card'
import { QuickActions } from './quick-actions'
import { RecentActivity } from './recent-activity'
import { StatCards } from './stat-cards'
import { useOverviewStats } from './use-overview-stats'
import { WelcomeBanner } from './welcome-banner'
import { WhenVisible } from './when-visible'
import './dashboard.css'

const QrCodeCard = lazy(() => import('#components/qr-code-card/qr-code-card').then(({ QrCodeCard }) => ({ default: QrCodeCard })))
// The period card brings antd's date picker and dayjs: loaded when scrolled to, off the first screen.
const RangeCard = lazy(() => import('#components/analytics/range-card'))
const ReviewProjectionsCard = lazy(() =>
  import('#components/review-projections/review-projections-card').then(({ ReviewProjectionsCard }) => ({ default: ReviewProjectionsCard }))
)

export function Overview({ business }: { business: BusinessDto }) {
  const stats = useOverviewStats(business.id)
  // The first paint (first-paint/) showed this screen: the app shows it from the commit in which it has the same,
  // its figures and the owner (the header's greeting and avatar, the welcome and the verify banner are theirs).
  const { loading: userLoading } = useCurrentUser()
  const drawn = !stats.loading && !userLoading
  useLayoutEffect(() => {
    if (drawn) dismissFirstPaint()
  }, [drawn])
  return (
    <Flex vertical gap={16} className="dashboard-overview">
      <WelcomeBanner businessName={business.name} />
      {stats.error && (
        <Alert
          type="error"
          showIcon
          message={errorText(stats.error, 'Failed to fetch analytics')}
          action={
            <Button size="small" onClick={stats.retry}>
              Try Again
            </Button>
          }
        />
      )}
      <StatCards
        business={business}
        loading={stats.loading}
        totalSessions={stats.totalSessions}
        averageRating={stats.averageRating}
        privateRatings={stats.privateRatings}
        filteredFeedback={stats.filteredFeedback}
      />
      {stats.googleReviews && <GoogleReviewsCard reviews={stats.googleReviews} />}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          <QuickActions business={business} />
        </Col>
        <Col xs={24} lg={16}>
          <RecentActivity businessId={business.id} sessions={stats.recent} loading={stats.loading} />
        </Col>
        <Col xs={24} lg={12}>
          <WhenVisible title="QR Code and Link">
            <QrCodeCard business={business} />
          </WhenVisible>
        </Col>
        <Col xs={24} lg={12}>
          <WhenVisible title="Review Projections">
            <ReviewProjectionsCard
              business={business}
              googleRatings={stats.googleRatings}
              ratings={stats.loading ? undefined : stats.totalSessions}
            />
          </WhenVisible>
        </Col>
        <Col xs={24}>
          <WhenVisible title="Over time">
            <RangeCard businessId={business.id} />
          </WhenVisible>
        </Col>
      </Row>
    </Flex>
  )
}
