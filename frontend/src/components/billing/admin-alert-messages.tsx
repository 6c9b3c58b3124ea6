/* The console's card of the alert messages ReviewRoute sent on WhatsApp this month (GET /api/admin/alert-messages). */
import { useCustom } from '@refinedev/core'
import { Alert, Card, Flex, Statistic, Table } from 'antd'
import { formatCount } from '@reviewroute/web-shared/format'
import { twoFactorStep } from '#lib/admin'
import { errorText } from '#providers/http'
import type { AdminAlertMessagesDto } from '@reviewroute/backend/types/api'
import { costText, monthText, priceText } from './alert-messages'

/** The month's totals and its top workspaces. */
export function AdminAlertMessagesCard() {
  const answer = useCustom<AdminAlertMessagesDto>({ url: '/api/admin/alert-messages', method: 'get' })
  const usage = answer.query.data?.data
  return (
    <Card
      title={usage ? `Alerts on WhatsApp, ${monthText(usage.month)}` : 'Alerts on WhatsApp this month'}
      className="admin-card"
      loading={answer.query.isLoading}
    >
      {answer.query.isError
        ? !twoFactorStep(answer.query.error) && (
            <Alert type="error" showIcon message={errorText(answer.query.error, 'Could not load the alert messages.')} />
          )
        : usage && (
            <Flex vertical gap={16}>
              <Flex wrap gap={32}>
                <Statistic title="Messages" value={formatCount(usage.messages)} />
                <Statistic title="Cost" value={costText(usage.costInr)} />
                <Statistic title="A message" value={priceText(usage.pricePerMessageInr)} />
              </Flex>
              <Table<AdminAlertMessagesDto['workspaces'][number]>
                rowKey="workspaceId"
                size="small"
                pagination={false}
                scroll={{ x: 'max-content' }}
                dataSource={usage.workspaces}
                locale={{ emptyText: 'No alert messages this month.' }}
                columns={[
                  { title: 'Workspace', key: 'name', render: (_, row) => `${row.name} (#${row.workspaceId})` },
                  {
                    title: 'Messages',
                    dataIndex: 'messages',
                    key: 'messages',
                    align: 'right',
                    render: (count: number) => formatCount(count),
                  },
                  { title: 'Cost', dataIndex: 'costInr', key: 'costInr', align: 'right', render: (inr: number) => costText(inr) },
                ]}
              />
            </Flex>
          )}
    </Card>
  )
}
