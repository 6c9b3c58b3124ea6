/* /dashboard/requests: the selected business's review requests and how they are doing (docs/screens.md). */
import { TeamOutlined, WhatsAppOutlined } from '@ant-design/icons'
import { Button, Card, Flex } from 'antd'
import { Link } from 'react-router'
import { PageHeader } from '#components/layout/page-header'
import { ADD_BUSINESS_FIRST, BusinessGate, BusinessName } from '#components/business-gate'
import { RequestFunnel } from '#components/requests/request-funnel'
import { RequestList } from '#components/requests/request-list'
import { WhatsAppBusinessCard } from '#components/requests/whatsapp-business-card'
import { usePermissions } from '#hooks/use-workspaces'
import '#components/requests/requests.css'

export default function RequestsPage() {
  // A viewer follows the requests; asking customers and WhatsApp Business are a manager's (lib/roles.ts).
  const { edit } = usePermissions()
  return (
    <BusinessGate emptyText={ADD_BUSINESS_FIRST}>
      {(business) => (
        <Flex vertical gap={16}>
          <PageHeader
            title="Review requests"
            extra={
              <Flex gap={8} wrap>
                <Link to="/dashboard/customers">
                  <Button icon={<TeamOutlined />}>Customers</Button>
                </Link>
                {edit && (
                  <Link to="/dashboard/send">
                    <Button type="primary" icon={<WhatsAppOutlined />}>
                      Ask a customer
                    </Button>
                  </Link>
                )}
              </Flex>
            }
          >
            <BusinessName />
          </PageHeader>
          <RequestFunnel key={`funnel-${business.id}`} businessId={business.id} />
          <Card className="requests-card">
            <RequestList key={business.id} business={business} />
          </Card>
          {edit && <WhatsAppBusinessCard business={business} />}
        </Flex>
      )}
    </BusinessGate>
  )
}
