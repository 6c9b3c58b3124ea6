import { Card, Col, Row, Skeleton } from 'antd'

/** While the business list loads: three placeholder cards (docs/screens.md). */
export function OverviewSkeleton() {
  return (
    <Row gutter={[16, 16]} role="status" aria-label="Loading your dashboard" aria-busy>
      {[0, 1, 2].map((index) => (
        <Col key={index} xs={24} md={8}>
          <Card className="dashboard-placeholder">
            <Skeleton active paragraph={{ rows: 3 }} />
          </Card>
        </Col>
      ))}
    </Row>
  )
}
