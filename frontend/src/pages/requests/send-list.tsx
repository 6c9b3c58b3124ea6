/* /dashboard/send-list: the customers ticked on the customers screen, sent to one by one (docs/screens.md). */
import type { CustomerDto } from '@reviewroute/backend/types/api'
import { Button, Flex } from 'antd'
import { Link, useLocation } from 'react-router'
import { PageHeader } from '#components/layout/page-header'
import { MessageScreen } from '#components/message-screen'
import { ADD_BUSINESS_FIRST, BusinessGate } from '#components/business-gate'
import { NextCustomer } from '#components/requests/next-customer'
import '#components/requests/requests.css'

export default function SendListPage() {
  const customers = (useLocation().state as { customers?: CustomerDto[] } | null)?.customers ?? []
  return (
    <BusinessGate emptyText={ADD_BUSINESS_FIRST}>
      {(business) => {
        const chosen = customers.filter((customer) => customer.businessId === business.id)
        if (chosen.length === 0)
          return (
            <MessageScreen
              title="Choose who to ask"
              text="Tick customers on your list, then send to them one by one."
              actions={
                <Link to="/dashboard/customers">
                  <Button type="primary">Go to customers</Button>
                </Link>
              }
            />
          )
        return (
          <Flex vertical gap={16}>
            <PageHeader
              className="next-customer"
              title="Ask for reviews"
              lead="One tap per customer: your WhatsApp opens with their own link and you press send, or we send it for you."
            />
            <NextCustomer business={business} customers={chosen} />
          </Flex>
        )
      }}
    </BusinessGate>
  )
}
