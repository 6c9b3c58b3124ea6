/*
 * The key figures of a range of days (ratings, average rating, sent to Google, private ratings: every rating of 3
 * or below, with how many carry a comment, docs/decisions.md D38), named as every screen names them
 * (docs/product-rules.md#words-for-the-figures), each with its change against the previous period of the same
 * length (D36).
 */
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons'
import { FIGURES, privateRatingsLine } from '@reviewroute/backend/contract/vocabulary'
import type { AnalyticsRangeResponse, RangeTotals } from '@reviewroute/backend/types/api'
import { formatCount } from '@reviewroute/web-shared/format'
import { Col, Flex, Row, Typography } from 'antd'
import { daysInRange, describeChange, formatRange, type ChangeKind, type Trend } from '#lib/date-range'

interface Figure {
  title: string
  value(totals: RangeTotals): number | null
  format(value: number | null): string
  kind: ChangeKind
  /** Which way is good news: fewer private complaints is. */
  better: 'up' | 'down'
  /** A line under the figure. */
  note?(totals: RangeTotals): string
}

const count = (value: number | null) => formatCount(value ?? 0)
const stars = (value: number | null) => (value === null ? '—' : value.toFixed(1))

export const RANGE_FIGURES: Figure[] = [
  { title: FIGURES.ratings, value: (totals) => totals.totalSessions, format: count, kind: 'count', better: 'up' },
  { title: FIGURES.averageRating, value: (totals) => totals.averageRating, format: stars, kind: 'rating', better: 'up' },
  { title: FIGURES.sentToGoogle, value: (totals) => totals.redirectedSessions, format: count, kind: 'count', better: 'up' },
  {
    title: FIGURES.privateRatings,
    value: (totals) => totals.negativeSessions,
    format: count,
    kind: 'count',
    better: 'down',
    note: (totals) => privateRatingsLine(totals.filteredFeedback),
  },
]

const TONE_COLOR = { good: '#16a34a', bad: '#ea580c', neutral: undefined }

const toneOf = (trend: Trend, better: 'up' | 'down') =>
  trend === 'up' || trend === 'down' ? (trend === better ? 'good' : 'bad') : 'neutral'

/** '+12 (+40%) vs previous 30 days' (lib/date-range.ts) with an arrow, green when the change is good news. */
export function ChangeNote({
  current,
  previous,
  days,
  kind,
  better,
}: {
  current: number | null
  previous: number | null
  days: number
  kind: ChangeKind
  better: 'up' | 'down'
}) {
  const { trend, text } = describeChange(current, previous, days, kind)
  const tone = toneOf(trend, better)
  return (
    <Typography.Text type={tone === 'neutral' ? 'secondary' : undefined} style={{ color: TONE_COLOR[tone], fontSize: 13 }} data-tone={tone}>
      {trend === 'up' && <ArrowUpOutlined />} {trend === 'down' && <ArrowDownOutlined />} {text}
    </Typography.Text>
  )
}

export function RangeSummary({ data }: { data: Pick<AnalyticsRangeResponse, 'from' | 'to' | 'previous' | 'totals' | 'previousTotals'> }) {
  const days = daysInRange(data)
  return (
    <Flex vertical gap={12}>
      <Flex vertical gap={0}>
        <Typography.Text strong>{formatRange(data)}</Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          against {formatRange(data.previous)}
        </Typography.Text>
      </Flex>
      <Row gutter={[16, 16]}>
        {RANGE_FIGURES.map((figure) => (
          <Col key={figure.title} xs={12} md={6}>
            <Flex vertical gap={2} role="group" aria-label={figure.title}>
              <Typography.Text type="secondary">{figure.title}</Typography.Text>
              <Typography.Text strong style={{ fontSize: 24, lineHeight: 1.2 }}>
                {figure.format(figure.value(data.totals))}
              </Typography.Text>
              {figure.note && (
                <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                  {figure.note(data.totals)}
                </Typography.Text>
              )}
              <ChangeNote
                current={figure.value(data.totals)}
                previous={figure.value(data.previousTotals)}
                days={days}
                kind={figure.kind}
                better={figure.better}
              />
            </Flex>
          </Col>
        ))}
      </Row>
    </Flex>
  )
}
