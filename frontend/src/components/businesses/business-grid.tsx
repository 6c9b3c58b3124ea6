/*
 * The list part of My Businesses: three placeholder cards while loading, the spec's fetch error, the empty
 * state, or the grid (one column on phones, two on laptops, three on wide screens).
 */
import { PlusOutlined, ShopOutlined } from '@ant-design/icons'
import { Button, Card, Col, Row, Skeleton } from 'antd'
import { useBusinesses } from '#hooks/use-businesses'
import { usePermissions } from '#hooks/use-workspaces'
import { NO_BUSINESSES_TO_SEE } from '#lib/roles'
import { LoadFailed, MessageScreen } from '#components/message-screen'
import { BusinessCard } from './business-card'
import type { BusinessesView } from './views'

const COLUMN = { xs: 24, lg: 12, xxl: 8 }

export function BusinessGrid({ view, onAdd }: { view: BusinessesView; onAdd(): void }) {
  const { businesses, loading, error, refetch } = useBusinesses()
  const { manageBusinesses } = usePermissions()

  if (loading) {
    return (
      <Row gutter={[16, 16]} aria-busy="true">
        {[0, 1, 2].map((key) => (
          <Col key={key} {...COLUMN}>
            <Card size="small">
              <Skeleton active paragraph={{ rows: 4 }} />
            </Card>
          </Col>
        ))}
      </Row>
    )
  }
  if (error && businesses.length === 0) {
    return (
      <Card>
        <LoadFailed title="Failed to fetch businesses" onRetry={refetch} />
      </Card>
    )
  }
  if (businesses.length === 0) {
    return (
      <Card>
        <MessageScreen
          icon={<ShopOutlined style={{ color: '#1d4ed8' }} />}
          title="No businesses yet"
          text={manageBusinesses ? 'Add your business to get its review link and QR code.' : NO_BUSINESSES_TO_SEE}
          actions={
            manageBusinesses && (
              <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
                Add Your First Business
              </Button>
            )
          }
        />
      </Card>
    )
  }
  return (
    <Row gutter={[16, 16]}>
      {businesses.map((business) => (
        <Col key={business.id} {...COLUMN}>
          <BusinessCard business={business} view={view} />
        </Col>
      ))}
    </Row>
  )
}
