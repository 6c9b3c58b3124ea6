/*
 * Which Google reviews the widget shows (docs/screens.md#website-widget): the business's reviews, newest first, each
 * with Pin (shown first) and Hide (never shown), PATCH /api/google-reviews/{id}; each button says what it will do
 * (Pin / Unpin, Hide / Show). A viewer sees the tags only.
 * Without a Google connection the widget is a badge: a note says so and leads to the Google screen.
 */
import { EyeInvisibleOutlined, PushpinOutlined } from '@ant-design/icons'
import { useList } from '@refinedev/core'
import { Alert, Button, Card, Flex, List, Pagination, Tag, Typography } from 'antd'
import { useState } from 'react'
import { Link } from 'react-router'
import type { GoogleReviewDto } from '@reviewroute/backend/types/api'
import { ReviewBody } from '#components/google/review-body'
import { LoadFailed, MessageScreen } from '#components/message-screen'
import { errorText, request } from '#providers/http'
import { useToast } from '#providers/toast'

const PAGE_SIZE = 10

export const NOT_CONNECTED_TEXT = 'The widget shows your rating and count as a badge. Connect Google to show reviews.'
export const WHICH_REVIEWS_TEXT =
  'The widget shows pinned reviews first, then your newest 4- and 5-star reviews with words. Hidden reviews never show.'

export function NotConnectedNote() {
  return (
    <Alert
      type="info"
      showIcon
      message={NOT_CONNECTED_TEXT}
      action={
        <Link to="/dashboard/google">
          <Button size="small">Google connection</Button>
        </Link>
      }
      style={{ flexWrap: 'wrap', rowGap: 8 }}
    />
  )
}

export function WidgetReviewsCard({ businessId, editable, onChanged }: { businessId: number; editable: boolean; onChanged(): void }) {
  const toast = useToast()
  const [page, setPage] = useState(1)
  const [busy, setBusy] = useState<string | null>(null)
  const { query, result } = useList<GoogleReviewDto>({
    resource: 'google-reviews',
    pagination: { currentPage: page, pageSize: PAGE_SIZE },
    sorters: [{ field: 'createTime', order: 'desc' }],
    filters: [
      { field: 'businessId', operator: 'eq', value: businessId },
      { field: 'deleted', operator: 'eq', value: false },
    ],
  })
  const rows = result.data ?? []

  async function toggle(review: GoogleReviewDto, change: { pinned: boolean } | { hidden: boolean }) {
    const key = `${review.id}-${'pinned' in change ? 'pin' : 'hide'}`
    setBusy(key)
    try {
      await request(`/api/google-reviews/${review.id}`, { method: 'PATCH', body: change })
      await query.refetch()
      onChanged()
    } catch (error) {
      toast.error('Not Changed', errorText(error, 'Please try again.'))
    } finally {
      setBusy(null)
    }
  }

  return (
    <Card title="Reviews on the widget" size="small">
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">{WHICH_REVIEWS_TEXT}</Typography.Text>
        {query.isError ? (
          <LoadFailed title={errorText(query.error, 'Could not load your Google reviews')} onRetry={query.refetch} />
        ) : (
          <List
            aria-label="Google reviews"
            loading={query.isLoading}
            dataSource={rows}
            locale={{
              emptyText: query.isLoading ? (
                ' '
              ) : (
                <MessageScreen
                  title="No Google reviews yet"
                  text="Reviews of your linked Google location appear here after the next sync."
                />
              ),
            }}
            renderItem={(review) => (
              <List.Item style={{ flexWrap: 'wrap', rowGap: 8 }}>
                <Flex vertical gap={8} style={{ minWidth: 0, width: '100%' }}>
                  <ReviewBody review={review} />
                  <Flex gap={8} wrap align="center" style={{ paddingInlineStart: 52 }}>
                    {review.pinned && (
                      <Tag color="blue" style={{ marginInlineEnd: 0 }}>
                        Pinned
                      </Tag>
                    )}
                    {review.hidden && <Tag style={{ marginInlineEnd: 0 }}>Hidden</Tag>}
                    {editable && (
                      <>
                        <Button
                          size="small"
                          icon={<PushpinOutlined />}
                          type={review.pinned ? 'primary' : 'default'}
                          loading={busy === `${review.id}-pin`}
                          onClick={() => void toggle(review, { pinned: !review.pinned })}
                        >
                          {review.pinned ? 'Unpin' : 'Pin'}
                        </Button>
                        <Button
                          size="small"
                          icon={<EyeInvisibleOutlined />}
                          type={review.hidden ? 'primary' : 'default'}
                          loading={busy === `${review.id}-hide`}
                          onClick={() => void toggle(review, { hidden: !review.hidden })}
                        >
                          {review.hidden ? 'Show' : 'Hide'}
                        </Button>
                      </>
                    )}
                  </Flex>
                </Flex>
              </List.Item>
            )}
          />
        )}
        {(result.total ?? 0) > PAGE_SIZE && (
          <Pagination align="center" current={page} pageSize={PAGE_SIZE} total={result.total} onChange={setPage} showSizeChanger={false} />
        )}
      </Flex>
    </Card>
  )
}
