/*
 * The funnel insights panel (docs/product-rules.md): page views → ratings → sent to Google, the verdict on the share
 * sent to Google, this week's 4-5 star ratings, the newest low-rated feedback with text and the complaint topics the
 * API counted. Named as every screen names these counts (docs/product-rules.md#words-for-the-figures).
 */
import { highRatingsCount } from '@reviewroute/backend/contract/vocabulary'
import type { AnalyticsResponse } from '@reviewroute/backend/types/api'
import { Alert, Card, Divider, Flex, Progress, Tag, Typography } from 'antd'
import { FUNNEL_LOW_RATED_COUNT } from '#config/constants'
import { conversionVerdict, formatPercent, funnelSteps } from '#lib/funnel'
import { CallBack } from '#components/call-back'
import { SessionTime } from '#components/session-time'
import { FeedbackText, RatingStars } from '#components/review-session-content'

const STEP_COLORS = { views: '#93c5fd', ratings: '#3b82f6', google: '#1d4ed8' } as const

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`
const topicLabel = (topic: string) => topic.charAt(0).toUpperCase() + topic.slice(1)

function VerdictAlert({ rate, sessions }: { rate: number; sessions: number }) {
  const verdict = conversionVerdict(rate, sessions)
  if (verdict === 'excellent')
    return <Alert type="success" showIcon message="Excellent!" description={`${formatPercent(rate)} of your ratings are sent to Google.`} />
  if (verdict === 'improvement')
    return (
      <Alert
        type="warning"
        showIcon
        message="Room for improvement"
        description={`Only ${formatPercent(rate)} of your ratings are sent to Google. The feedback below shows what to fix first.`}
      />
    )
  return null
}

function Funnel({ insights, analytics }: Pick<AnalyticsResponse, 'insights' | 'analytics'>) {
  const steps = funnelSteps({
    pageViews: insights.pageViews,
    totalSessions: analytics.totalSessions,
    redirectedSessions: analytics.redirectedSessions,
  })
  const widest = Math.max(1, ...steps.map((step) => step.count))
  return (
    <Flex vertical gap={4} role="list" aria-label="Visits funnel">
      {steps.map((step) => (
        <div key={step.key} role="listitem">
          <Flex justify="space-between" gap={8}>
            <Typography.Text>{step.label}</Typography.Text>
            <Typography.Text strong>
              {step.count}
              {step.rate !== null && <Typography.Text type="secondary"> ({step.rate}%)</Typography.Text>}
            </Typography.Text>
          </Flex>
          <Progress
            percent={(step.count / widest) * 100}
            showInfo={false}
            size="small"
            status="normal"
            strokeColor={STEP_COLORS[step.key]}
          />
        </div>
      ))}
    </Flex>
  )
}

export function FunnelInsights({ data }: { data: AnalyticsResponse }) {
  const { analytics, insights } = data
  const lowRated = insights.recentLowRated.slice(0, FUNNEL_LOW_RATED_COUNT)
  return (
    <Card title="Funnel insights" style={{ height: '100%' }}>
      <Flex vertical gap={12}>
        <VerdictAlert rate={analytics.conversionRate} sessions={analytics.totalSessions} />
        <Funnel insights={insights} analytics={analytics} />
        <Typography.Text>
          <strong>{highRatingsCount(analytics.positiveLast7Days)}</strong> this week
        </Typography.Text>

        <Divider style={{ margin: '4px 0' }} />
        <Typography.Title level={5} style={{ margin: 0 }}>
          Recent low-rated feedback
        </Typography.Title>
        {lowRated.length === 0 ? (
          <Typography.Text type="secondary">No low-rated feedback yet.</Typography.Text>
        ) : (
          <Flex vertical gap={14}>
            {lowRated.map((session) => (
              <Flex key={session.id} vertical gap={4}>
                <Flex gap={8} align="center" wrap>
                  <RatingStars rating={session.rating} />
                  <SessionTime value={session.timestamp} />
                </Flex>
                <FeedbackText text={session.feedback ?? ''} collapse />
                <CallBack session={session} businessName={data.business.name} />
              </Flex>
            ))}
          </Flex>
        )}

        <Typography.Title level={5} style={{ margin: 0 }}>
          Top topics
        </Typography.Title>
        {insights.topTopics.length === 0 ? (
          <Typography.Text type="secondary">No recurring topics in feedback yet.</Typography.Text>
        ) : (
          <Flex gap={8} wrap>
            {insights.topTopics.map(({ topic, count }) => (
              <Tag key={topic} color="volcano">
                {topicLabel(topic)} · {plural(count, 'mention', 'mentions')}
              </Tag>
            ))}
          </Flex>
        )}
      </Flex>
    </Card>
  )
}
