/* The four numbers of the business analytics screen (docs/screens.md). */
import { LikeOutlined, DislikeOutlined, RiseOutlined, TeamOutlined } from '@ant-design/icons'
import type { AnalyticsTotals } from '@reviewroute/backend/types/api'
import { Card, Col, Row, Statistic } from 'antd'
import { formatPercent } from '#lib/funnel'

export function AnalyticsStats({ totals }: { totals: AnalyticsTotals }) {
  const stats = [
    { title: 'Total Sessions', value: String(totals.totalSessions), icon: <TeamOutlined />, color: undefined },
    { title: 'Positive Reviews', value: String(totals.positiveSessions), icon: <LikeOutlined />, color: '#16a34a' },
    { title: 'Negative Reviews', value: String(totals.negativeSessions), icon: <DislikeOutlined />, color: '#ea580c' },
    { title: 'Conversion Rate', value: formatPercent(totals.conversionRate), icon: <RiseOutlined />, color: '#1d4ed8' },
  ]
  return (
    <Row gutter={[12, 12]}>
      {stats.map((stat) => (
        <Col key={stat.title} xs={12} lg={6}>
          <Card size="small" style={{ height: '100%' }}>
            {/* Values are preformatted strings so the percentage keeps its one decimal. */}
            <Statistic title={stat.title} value={stat.value} prefix={stat.icon} valueStyle={{ color: stat.color }} />
          </Card>
        </Col>
      ))}
    </Row>
  )
}
