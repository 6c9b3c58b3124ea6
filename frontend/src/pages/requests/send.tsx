/* /dashboard/send: the quick send, one tap from the dashboard and the phone's bottom bar (docs/screens.md). */
import { TeamOutlined, UnorderedListOutlined } from '@ant-design/icons'
import { Button, Card, Flex } from 'antd'
import { Link } from 'react-router'
import { PageHeader } from '#components/layout/page-header'
import { ADD_BUSINESS_FIRST, BusinessGate, BusinessName } from '#components/business-gate'
import { QuickSendForm } from '#components/requests/quick-send-form'
import '#components/requests/requests.css'

export default function QuickSendPage() {
  return (
    <BusinessGate emptyText={ADD_BUSINESS_FIRST}>
      {(business) => (
        <Flex vertical gap={16} className="quick-send">
          <PageHeader
            title="Just served someone?"
            lead="Ask them for a Google review while the visit is fresh. Your WhatsApp opens with a friendly message and their own link, or we send it for you."
          >
            <BusinessName />
          </PageHeader>
          <Card>
            <QuickSendForm key={business.id} business={business} />
          </Card>
          <Flex gap={8} wrap>
            <Link to="/dashboard/customers">
              <Button icon={<TeamOutlined />}>Send to several customers</Button>
            </Link>
            <Link to="/dashboard/requests">
              <Button icon={<UnorderedListOutlined />}>See your requests</Button>
            </Link>
          </Flex>
        </Flex>
      )}
    </BusinessGate>
  )
}
