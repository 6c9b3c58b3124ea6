/*
 * The overview's four cards (docs/screens.md), named as every screen names these counts
 * (docs/product-rules.md#words-for-the-figures): the selected business, its ratings, their average against the
 * Google rating, and its private ratings: every rating of 3 or below, with how many carry a comment, in the feedback
 * inbox's words (docs/decisions.md D38).
 */
import { MessageOutlined, ShopOutlined, StarFilled, StarOutlined } from '@ant-design/icons'
import type { BusinessDto } from '@reviewroute/backend/types/api'
import { Card, Col, Flex, Row, Typography } from 'antd'
import type { ReactNode } from 'react'
import { FIGURES } from '@reviewroute/backend/contract/vocabulary'
import { statCardTexts, type StatCardTexts, type StatCounts } from '#lib/overview-texts'

export { GOOGLE_HIGHER_NOTE } from '#lib/overview-texts'

interface StatsProps extends StatCounts {
  business: BusinessDto
  loading: boolean
}

function StatCard({ title, icon, loading, children }: { title: string; icon: ReactNode; loading?: boolean; children: ReactNode }) {
  return (
    <Card loading={loading} style={{ height: '100%' }} aria-label={title}>
      <Flex vertical gap={6} style={{ minWidth: 0 }}>
        <Flex align="center" gap={8}>
          <span className="dashboard-stat-icon">{icon}</span>
          <Typography.Text type="secondary">{title}</Typography.Text>
        </Flex>
        {children}
      </Flex>
    </Card>
  )
}

const Figure = ({ children }: { children: ReactNode }) => (
  <Typography.Text strong style={{ fontSize: 28, lineHeight: 1.2 }}>
    {children}
  </Typography.Text>
)

/*
 * Phones: the business and the rating comparison take the full width, the two counts share a row (so the
 * counts come before the comparison there); from 576 px on, the spec's order, two and then four per row.
 */
const layout = {
  business: { xs: { span: 24, order: 1 }, sm: { span: 12, order: 0 }, xl: 6 },
  total: { xs: { span: 12, order: 2 }, sm: { span: 12, order: 0 }, xl: 6 },
  comparison: { xs: { span: 24, order: 4 }, sm: { span: 12, order: 0 }, xl: 6 },
  feedback: { xs: { span: 12, order: 3 }, sm: { span: 12, order: 0 }, xl: 6 },
}

export function StatCards({ business, loading, ...counts }: StatsProps) {
  return <StatCardsView texts={statCardTexts(business, counts)} loading={loading} />
}

/** The cards drawn from their texts (also rendered at build time for the first paint, first-paint/prerender.tsx). */
export function StatCardsView({ texts, loading }: { texts: StatCardTexts; loading: boolean }) {
  return (
    <Row gutter={[16, 16]}>
      <Col {...layout.business}>
        <StatCard title="Business" icon={<ShopOutlined />}>
          <Typography.Text strong style={{ fontSize: 18, overflowWrap: 'anywhere' }}>
            {texts.name}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
            {texts.address}
          </Typography.Text>
        </StatCard>
      </Col>
      <Col {...layout.total}>
        <StatCard title={FIGURES.ratings} icon={<StarOutlined />} loading={loading}>
          <Figure>{texts.total}</Figure>
          <Typography.Text type="secondary">Through your links and QR codes</Typography.Text>
        </StatCard>
      </Col>
      <Col {...layout.comparison}>
        <StatCard title="Rating Comparison" icon={<StarFilled />} loading={loading}>
          <Flex gap={24}>
            <Flex vertical>
              <Figure>{texts.average}</Figure>
              <Typography.Text type="secondary">{FIGURES.averageRating}</Typography.Text>
            </Flex>
            <Flex vertical>
              <Figure>{texts.google}</Figure>
              <Typography.Text type="secondary">{FIGURES.googleRating}</Typography.Text>
            </Flex>
          </Flex>
          {/* A pointer, not an alarm: the usual case for a business that hears its unhappy customers privately. */}
          {texts.note && (
            <Typography.Text type="secondary" style={{ fontSize: 13 }}>
              {texts.note}
            </Typography.Text>
          )}
        </StatCard>
      </Col>
      <Col {...layout.feedback}>
        <StatCard title={FIGURES.privateRatings} icon={<MessageOutlined />} loading={loading}>
          <Figure>{texts.privateRatings}</Figure>
          <Typography.Text type="secondary">{texts.privateLine}</Typography.Text>
        </StatCard>
      </Col>
    </Row>
  )
}
