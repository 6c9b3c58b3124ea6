/*
 * /business/:businessId: one business's analytics (docs/screens.md, docs/product-rules.md). The API answers 404 for an unknown id and
 * for another owner's business alike, so both read 'Business Not Found'.
 */
import { useCustom, type HttpError } from '@refinedev/core'
import type { AnalyticsResponse } from '@reviewroute/backend/types/api'
import { Button, Card, Col, Flex, Row, Skeleton } from 'antd'
import { lazy, Suspense, useState } from 'react'
import { useParams } from 'react-router'
import { AnalyticsStats } from '#components/analytics/analytics-stats'
import { BackToDashboard, BusinessNotFound as NotFound } from '#components/analytics/business-not-found'
import { BusinessHeader } from '#components/analytics/business-header'
import { FunnelInsights } from '#components/analytics/funnel-insights'
import { IntegrationsLinkCard } from '#components/integrations/integrations-link-card'
import { WidgetViewsCard } from '#components/analytics/widget-views-card'
import { RangePicker } from '#components/analytics/range-picker'
import { RangeError, useAnalyticsRange } from '#components/analytics/use-analytics-range'
import { daysInRange, DEFAULT_PRESET, presetRange } from '#lib/date-range'
import { RecentSessions } from '#components/analytics/recent-sessions'
import { MessageScreen } from '#components/message-screen'
import { RequestFunnel } from '#components/requests/request-funnel'
import { PageLoading } from '#components/page-loading'
import { StaffCard } from '#components/staff/staff-card'
import { VisitHookCard } from '#components/staff/visit-hook-card'
import { parseRouteId } from '#lib/route-id'
import { usePermissions } from '#hooks/use-workspaces'

const DailyChart = lazy(() => import('#components/analytics/daily-chart'))
const CHART_PLACEHOLDER = (
  <Card>
    <Skeleton active paragraph={{ rows: 5 }} />
  </Card>
)
const GoogleRatingHistory = lazy(() => import('#components/analytics/google-rating-history'))

export default function BusinessAnalyticsPage() {
  const businessId = parseRouteId(useParams().businessId)
  const { query, result } = useCustom<AnalyticsResponse>({
    url: `/api/analytics/${businessId}`,
    method: 'get',
    queryOptions: { enabled: businessId !== null },
  })
  // The stats and the chart follow the chosen period (docs/decisions.md D36); the funnel and lists stay all-time.
  const [range, setRange] = useState(() => presetRange(DEFAULT_PRESET))
  const period = useAnalyticsRange(range, { businessId: businessId ?? undefined, enabled: businessId !== null })
  // The after-visit hook's address is a secret that sends requests: a viewer does not see it (lib/roles.ts).
  const { edit } = usePermissions()

  if (businessId === null) return <NotFound />
  if (query.isLoading) return <PageLoading />
  if (query.isError) {
    if ((query.error as HttpError).statusCode === 404) return <NotFound />
    return (
      <MessageScreen
        role="alert"
        title="Failed to fetch business analytics"
        text="Please try again in a moment."
        actions={
          <>
            <Button type="primary" onClick={() => query.refetch()}>
              Try Again
            </Button>
            <BackToDashboard />
          </>
        }
      />
    )
  }

  const data = result.data
  return (
    <Flex vertical gap={16}>
      <BusinessHeader business={data.business} />
      <Suspense
        fallback={
          <Card>
            <Skeleton active paragraph={{ rows: 4 }} />
          </Card>
        }
      >
        <GoogleRatingHistory businessId={businessId} />
      </Suspense>
      <Flex justify="flex-end">
        <RangePicker value={range} onChange={setRange} />
      </Flex>
      {period.error && <RangeError error={period.error} retry={period.retry} />}
      <AnalyticsStats
        totals={period.data?.totals}
        comparison={period.data && { previous: period.data.previousTotals, days: daysInRange(period.data) }}
        loading={period.loading}
      />
      <WidgetViewsCard businessId={businessId} period={period.data} />
      {/* The chart draws the period's days from the same answer as the stats. */}
      <Suspense fallback={CHART_PLACEHOLDER}>
        {period.data ? <DailyChart range={period.data} days={period.data.days} /> : CHART_PLACEHOLDER}
      </Suspense>
      <RequestFunnel businessId={businessId} />
      <IntegrationsLinkCard businessId={businessId} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={edit ? 13 : 24}>
          <StaffCard businessId={businessId} businessName={data.business.name} />
        </Col>
        {edit && (
          <Col xs={24} xl={11}>
            <VisitHookCard businessId={businessId} businessName={data.business.name} />
          </Col>
        )}
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <RecentSessions sessions={data.sessions} businessName={data.business.name} />
        </Col>
        <Col xs={24} lg={10}>
          <FunnelInsights data={data} />
        </Col>
      </Row>
    </Flex>
  )
}
