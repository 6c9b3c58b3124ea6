/*
 * One business's review requests through the `review-requests` resource on Refine's `useTable`
 * (hooks/use-owner-list.ts), newest first: who, how, how far it got, filters, pages (`x-total-count`) and Resend (a
 * fresh link in the owner's WhatsApp).
 */
import { WhatsAppOutlined } from '@ant-design/icons'
import { useCustomMutation, useInvalidate, type HttpError } from '@refinedev/core'
import type { BusinessDto, ReviewRequestDto } from '@reviewroute/backend/types/api'
import { Alert, Button, Flex, Grid, Table, Typography } from 'antd'
import { useState } from 'react'
import { formatDateTime, relativeTime } from '#lib/dates'
import { CHANNEL_LABELS, contactOf } from '#lib/review-requests'
import { errorText } from '#providers/http'
import { useOwnerList } from '#hooks/use-owner-list'
import { usePermissions } from '#hooks/use-workspaces'
import { LimitNotice } from '#components/billing/limit-notice'
import { RequestFilters, requestCrudFilters, NO_REQUEST_FILTERS, type RequestFilterValues } from './request-filters'
import { RequestStatusTag } from './request-status-tag'
import { sendFailure, type SendFailure } from './send-failure'
import { useWhatsAppOpener } from './whatsapp-opener'

export const REQUESTS_PAGE_SIZE = 20

export function RequestList({ business }: { business: BusinessDto }) {
  const open = useWhatsAppOpener()
  // A phone shows the status under the customer, so the row needs no sideways scrolling.
  const narrow = !(Grid.useBreakpoint().sm ?? true)
  const invalidate = useInvalidate()
  const { mutateAsync: post } = useCustomMutation<ReviewRequestDto, HttpError, undefined>()
  const [resending, setResending] = useState<number | null>(null)
  const { edit: canResend } = usePermissions()
  const [failure, setFailure] = useState<SendFailure | null>(null)
  const {
    query,
    tableProps,
    values: filters,
    setValues: setFilters,
  } = useOwnerList<ReviewRequestDto, RequestFilterValues>({
    resource: 'review-requests',
    pageSize: REQUESTS_PAGE_SIZE,
    sorters: [{ field: 'createdAt', order: 'desc' }],
    values: NO_REQUEST_FILTERS,
    toFilters: (values) => requestCrudFilters(business.id, values),
  })

  async function resend(request: ReviewRequestDto) {
    setResending(request.id)
    setFailure(null)
    try {
      const { data: fresh } = await post({ url: `/api/review-requests/${request.id}/resend`, method: 'post', values: undefined })
      if (fresh.whatsappUrl) open(fresh.whatsappUrl)
      await invalidate({ resource: 'review-requests', invalidates: ['list'] })
    } catch (error) {
      setFailure(sendFailure(error))
    } finally {
      setResending(null)
    }
  }

  return (
    <Flex vertical gap={12}>
      <RequestFilters values={filters} onChange={setFilters} />
      {failure &&
        (failure.kind === 'limit' ? (
          <LimitNotice message={failure.message} />
        ) : (
          <Alert type="error" showIcon closable message={failure.message} />
        ))}
      {query.isError && <Alert type="error" showIcon message={errorText(query.error, 'Could not load your requests.')} />}
      <Table<ReviewRequestDto>
        {...tableProps}
        locale={{
          emptyText:
            filters === NO_REQUEST_FILTERS ? 'No requests yet. Just served someone? Ask them now.' : 'No request matches these filters.',
        }}
        columns={[
          {
            title: 'Customer',
            key: 'customer',
            render: (_, request) => (
              <Flex vertical>
                <Typography.Text strong>{request.customerName}</Typography.Text>
                <Typography.Text type="secondary" className={request.customerPhone ? 'phone-number' : 'contact-email'}>
                  {contactOf({ phone: request.customerPhone, email: request.customerEmail })}
                </Typography.Text>
                {narrow && (
                  <div>
                    <RequestStatusTag status={request.status} channel={request.channel} reason={request.failureReason} />
                  </div>
                )}
              </Flex>
            ),
          },
          {
            title: 'Status',
            dataIndex: 'status',
            responsive: ['sm'],
            render: (_, request) => <RequestStatusTag status={request.status} channel={request.channel} reason={request.failureReason} />,
          },
          { title: 'Channel', dataIndex: 'channel', responsive: ['md'], render: (_, request) => CHANNEL_LABELS[request.channel] },
          {
            title: 'Sent',
            key: 'sent',
            responsive: ['sm'],
            render: (_, request) => (
              <span title={formatDateTime(request.sentAt ?? request.createdAt)}>{relativeTime(request.sentAt ?? request.createdAt)}</span>
            ),
          },
          {
            title: '',
            key: 'actions',
            align: 'right',
            render: (_, request) =>
              canResend && request.channel === 'whatsapp_link' && request.status !== 'opted_out' && request.status !== 'rated' ? (
                <Button
                  size="small"
                  icon={<WhatsAppOutlined />}
                  loading={resending === request.id}
                  onClick={() => void resend(request)}
                  aria-label={`Resend to ${request.customerName}`}
                >
                  Resend
                </Button>
              ) : null,
          },
        ]}
      />
    </Flex>
  )
}
