/*
 * The four numbers of the business analytics screen (docs/screens.md), over the chosen period and against the one
 * before, named as every screen names them (docs/product-rules.md#words-for-the-figures).
 */
import { LikeOutlined, DislikeOutlined, RiseOutlined, TeamOutlined } from '@ant-design/icons'
import { FIGURES, sentShareLine } from '@reviewroute/backend/contract/vocabulary'
import type { AnalyticsTotals } from '@reviewroute/backend/types/api'
import { Card, Col, Row, Statistic, Typography } from 'antd'
import type { ReactNode } from 'react'
import { ChangeNote } from '#components/analytics/range-summary'
import type { ChangeKind } from '#lib/date-range'
import { formatPercent } from '#lib/funnel'

type StatTotals = Pick<AnalyticsTotals, 'totalSessions' | 'positiveSessions' | 'negativeSessions' | 'redirectedSessions' | 'conversionRate'>

interface Stat {
  title: string
  icon: ReactNode
  color?: string
  value(totals: StatTotals): number
  format(value: number): string
  /** A line under the value: what a share is of. */
  note?(totals: StatTotals): string
  kind: ChangeKind
  better: 'up' | 'down'
}

const STATS: Stat[] = [
  { title: FIGURES.ratings, icon: <TeamOutlined />, value: (t) => t.totalSessions, format: String, kind: 'count', better: 'up' },
  {
    title: FIGURES.highRatings,
    icon: <LikeOutlined />,
    color: '#16a34a',
    value: (t) => t.positiveSessions,
    format: String,
    kind: 'count',
    better: 'up',
  },
  {
    title: FIGURES.privateRatings,
    icon: <DislikeOutlined />,
    color: '#ea580c',
    value: (t) => t.negativeSessions,
    format: String,
    kind: 'count',
    better: 'down',
  },
  {
    title: FIGURES.sentToGoogle,
    icon: <RiseOutlined />,
    color: '#1d4ed8',
    value: (t) => t.conversionRate,
    format: formatPercent,
    note: (t) => sentShareLine(t.redirectedSessions, t.totalSessions),
    kind: 'rate',
    better: 'up',
  },
]

/** Without `comparison` the plain numbers; with it, each number's change against the previous period of `days` days. */
export function AnalyticsStats({
  totals,
  comparison,
  loading,
}: {
  totals?: StatTotals
  comparison?: { previous: StatTotals; days: number }
  loading?: boolean
}) {
  // A rate of a period without sessions is no base to compare with.
  const previousOf = (stat: Stat, previous: StatTotals) =>
    stat.kind === 'rate' && previous.totalSessions === 0 ? null : stat.value(previous)
  return (
    <Row gutter={[12, 12]}>
      {STATS.map((stat) => (
        <Col key={stat.title} xs={12} lg={6}>
          <Card size="small" style={{ height: '100%' }} loading={loading || !totals} role="group" aria-label={stat.title}>
            {totals && (
              <>
                {/* Values are preformatted strings so the percentage keeps its one decimal. */}
                <Statistic
                  title={stat.title}
                  value={stat.format(stat.value(totals))}
                  prefix={stat.icon}
                  valueStyle={{ color: stat.color }}
                />
                {stat.note && (
                  <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13 }}>
                    {stat.note(totals)}
                  </Typography.Text>
                )}
                {comparison && (
                  <ChangeNote
                    current={stat.value(totals)}
                    previous={previousOf(stat, comparison.previous)}
                    days={comparison.days}
                    kind={stat.kind}
                    better={stat.better}
                  />
                )}
              </>
            )}
          </Card>
        </Col>
      ))}
    </Row>
  )
}
