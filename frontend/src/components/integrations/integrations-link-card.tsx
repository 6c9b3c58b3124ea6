/* The business analytics screen's way to its integrations (docs/decisions.md D72): requests that send themselves. */
import { ApiOutlined } from '@ant-design/icons'
import { Button, Card, Flex, Typography } from 'antd'
import { Link } from 'react-router'

export const integrationsPath = (businessId: number) => `/business/${businessId}/integrations`

export function IntegrationsLinkCard({ businessId }: { businessId: number }) {
  return (
    <Card size="small" role="group" aria-label="Integrations">
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Flex vertical gap={2} style={{ minWidth: 0 }}>
          <Typography.Text type="secondary">Integrations</Typography.Text>
          <Typography.Text strong>Requests that send themselves after a bill, an order or an appointment</Typography.Text>
        </Flex>
        <Link to={integrationsPath(businessId)}>
          <Button icon={<ApiOutlined />}>Integrations</Button>
        </Link>
      </Flex>
    </Card>
  )
}
