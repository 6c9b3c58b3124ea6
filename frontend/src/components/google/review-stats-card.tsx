/*
 * How the business answers its Google reviews (docs/screens.md#google): reviews and their average, the share
 * answered, the median time to answer, and how many wait for an answer (those of 1-3 stars apart), for the selected
 * business or all of them over a period (`GET /api/google-reviews/stats?businessId&from&to`, India's days).
 */
import { useCustom } from '@refinedev/core'
import type { BusinessDto, GoogleReviewStatsDto } from '@reviewroute/backend/types/api'
import { Alert, Card, Col, Flex, Row, Select, Skeleton, Statistic, Typography } from 'antd'
import { useState } from 'react'
import { indiaToday, shiftDay } from '#lib/date-range'
import { hoursText, isNotApproved, percentText } from '#lib/google'
import { errorText } from '#providers/http'
import { ALL_BUSINESSES, BusinessFilter } from '#components/feedbacks/business-filter'
import { NotApproved } from './not-approved'

type Period = '30' | '90' | '365' | 'all'

const PERIODS: { value: Period; label: string }[] = [
  { value: '30', label: 'Last 30 days' },
  { value: '90', label: 'Last 90 days' },
  { value: '365', label: 'Last 12 months' },
  { value: 'all', label: 'All time' },
]

/** The stats call's query: the business (none: all of them) and the period's India days. */
export function statsQuery(businessId: number | null, period: Period, now = new Date()) {
  const query: Record<string, string | number> = {}
  if (businessId !== null) query.businessId = businessId
  if (period !== 'all') {
    const to = indiaToday(now)
    query.from = shiftDay(to, -(Number(period) - 1))
    query.to = to
  }
  return query
}

export function ReviewStatsCard({ businesses, selected }: { businesses: BusinessDto[]; selected: BusinessDto | null }) {
  const [all, setAll] = useState(selected === null)
  const [period, setPeriod] = useState<Period>('30')
  const businessId = all || !selected ? null : selected.id
  const { query } = useCustom<GoogleReviewStatsDto>({
    url: '/api/google-reviews/stats',
    method: 'get',
    config: { query: statsQuery(businessId, period) },
    queryOptions: { queryKey: ['google-reviews', 'stats', businessId ?? ALL_BUSINESSES, period] },
  })
  const stats = query.data?.data

  let body
  if (query.isLoading) body = <Skeleton active paragraph={{ rows: 2 }} />
  else if (query.isError || !stats)
    body = isNotApproved(query.error) ? (
      <NotApproved />
    ) : (
      <Alert type="error" showIcon message={errorText(query.error, 'Could not load how you answer your Google reviews.')} />
    )
  else
    body = (
      <Row gutter={[16, 16]}>
        <Col xs={12} md={8} lg={4}>
          <Statistic title="Google reviews" value={stats.total} />
        </Col>
        <Col xs={12} md={8} lg={4}>
          <Statistic
            title="Average rating"
            value={stats.averageRating === null ? '—' : stats.averageRating.toFixed(1)}
            suffix={stats.averageRating === null ? undefined : '★'}
          />
        </Col>
        <Col xs={12} md={8} lg={4}>
          <Statistic title="Response rate" value={percentText(stats.responseRate)} />
          <Typography.Text type="secondary">{`${stats.replied} of ${stats.total} answered`}</Typography.Text>
        </Col>
        <Col xs={12} md={8} lg={4}>
          <Statistic title="Median time to answer" value={hoursText(stats.medianResponseHours)} />
        </Col>
        <Col xs={12} md={8} lg={4}>
          <Statistic title="Unanswered" value={stats.unanswered} valueStyle={stats.unanswered ? { color: '#d97706' } : undefined} />
        </Col>
        <Col xs={12} md={8} lg={4}>
          <Statistic
            title="Unanswered 1-3 ★"
            value={stats.unansweredNegative}
            valueStyle={stats.unansweredNegative ? { color: '#dc2626' } : undefined}
          />
        </Col>
      </Row>
    )

  return (
    <Card title="How you answer on Google">
      <Flex vertical gap={16}>
        <Flex gap={8} wrap>
          {selected && <BusinessFilter businesses={businesses} selected={selected} all={all} onChange={setAll} />}
          <Select aria-label="Period" value={period} options={PERIODS} onChange={setPeriod} style={{ minWidth: 140 }} />
        </Flex>
        {body}
      </Flex>
    </Card>
  )
}
