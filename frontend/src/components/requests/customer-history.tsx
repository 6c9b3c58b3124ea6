/* One customer's review requests, newest first: when, how, and how far each got. */
import { useList } from '@refinedev/core'
import type { CustomerDto, ReviewRequestDto } from '@reviewroute/backend/types/api'
import { Alert, Drawer, Flex, List, Typography } from 'antd'
import { formatDateTime } from '#lib/dates'
import { CHANNEL_LABELS, formatPhone } from '#lib/review-requests'
import { errorText } from '#providers/http'
import { RequestStatusTag } from './request-status-tag'

export function CustomerHistory({ customer, onClose }: { customer: CustomerDto; onClose(): void }) {
  const { query, result } = useList<ReviewRequestDto>({
    resource: 'review-requests',
    pagination: { currentPage: 1, pageSize: 50 },
    sorters: [{ field: 'createdAt', order: 'desc' }],
    filters: [
      { field: 'businessId', operator: 'eq', value: customer.businessId },
      { field: 'customerId', operator: 'eq', value: customer.id },
    ],
  })
  return (
    <Drawer open title={customer.name} onClose={onClose} width={420}>
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{[formatPhone(customer.phone), customer.email].filter(Boolean).join(' · ')}</Typography.Text>
        <Typography.Text type="secondary">Agreed to messages on {formatDateTime(customer.consentAt)}</Typography.Text>
        {customer.optedOutAt && (
          <Alert
            type="warning"
            showIcon
            message={`Asked not to get review requests on ${formatDateTime(customer.optedOutAt)}. We will not send them any more.`}
          />
        )}
        <Typography.Title level={5} style={{ margin: 0 }}>
          Review requests
        </Typography.Title>
        {query.isError ? (
          <Alert type="error" showIcon message={errorText(query.error, 'Could not load the requests.')} />
        ) : (
          <List<ReviewRequestDto>
            loading={query.isLoading}
            dataSource={result.data ?? []}
            locale={{ emptyText: 'No requests sent to this customer yet.' }}
            renderItem={(request) => (
              <List.Item>
                <Flex justify="space-between" align="center" gap={8} style={{ width: '100%' }}>
                  <Flex vertical>
                    <span>{formatDateTime(request.sentAt ?? request.createdAt)}</span>
                    <Typography.Text type="secondary">{CHANNEL_LABELS[request.channel]}</Typography.Text>
                  </Flex>
                  <RequestStatusTag status={request.status} channel={request.channel} reason={request.failureReason} />
                </Flex>
              </List.Item>
            )}
          />
        )}
      </Flex>
    </Drawer>
  )
}
