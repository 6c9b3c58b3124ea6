/* /dashboard/customers: the selected business's customers, the CSV import, and the way into sending one by one. */
import { PlusOutlined, UploadOutlined } from '@ant-design/icons'
import type { CustomerDto } from '@reviewroute/backend/types/api'
import { Button, Card, Flex } from 'antd'
import { useState } from 'react'
import { PageHeader } from '#components/layout/page-header'
import { ADD_BUSINESS_FIRST, BusinessGate, BusinessName } from '#components/business-gate'
import { CustomerImportModal } from '#components/requests/customer-import-modal'
import { CustomerTable } from '#components/requests/customer-table'
import { usePermissions } from '#hooks/use-workspaces'
import '#components/requests/requests.css'

export default function CustomersPage() {
  const [editing, setEditing] = useState<CustomerDto | 'new' | null>(null)
  const [importing, setImporting] = useState(false)
  const { edit } = usePermissions()
  return (
    <BusinessGate emptyText={ADD_BUSINESS_FIRST}>
      {(business) => (
        <Flex vertical gap={16}>
          <PageHeader
            title="Customers"
            extra={
              edit && (
                <Flex gap={8} wrap>
                  <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
                    Import CSV
                  </Button>
                  <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
                    Add customer
                  </Button>
                </Flex>
              )
            }
          >
            <BusinessName />
          </PageHeader>
          <Card className="requests-card">
            <CustomerTable key={business.id} business={business} editing={editing} onEdit={setEditing} />
          </Card>
          {importing && <CustomerImportModal businessId={business.id} onClose={() => setImporting(false)} />}
        </Flex>
      )}
    </BusinessGate>
  )
}
