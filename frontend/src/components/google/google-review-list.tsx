/*
 * The Feedback inbox's Google reviews (docs/screens.md#google-reviews): the selected business's (or every business's)
 * reviews, newest first, through the `google-reviews` resource on Refine's `useTable` (hooks/use-owner-list.ts),
 * with filters (stars, answered or not, words, India's dates), how many there are and how many wait for an answer,
 * and each review's reply. Owners and managers reply, edit and delete a reply in the drawer; a viewer reads. Without
 * a connection, or before Google has approved the app, "Reply on Google" opens the business's reviews on Google
 * instead. An alert's link (`review=ID`) shows that review on top, highlighted, with the same Reply.
 */
import { DeleteOutlined, EditOutlined, GoogleOutlined, MessageOutlined, ShareAltOutlined } from '@ant-design/icons'
import { useOne, type CrudFilter, type HttpError } from '@refinedev/core'
import type { BusinessDto, GoogleReviewDto } from '@reviewroute/backend/types/api'
import { Alert, Button, Card, Flex, Input, List, Pagination, Popconfirm, Select, Tag, Typography } from 'antd'
import { lazy, Suspense, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { LoadFailed, MessageScreen } from '#components/message-screen'
import { useBusinesses } from '#hooks/use-businesses'
import { useMatchCount, useOwnerList } from '#hooks/use-owner-list'
import { usePermissions } from '#hooks/use-workspaces'
import { DEMO_PROFILE_NOTE, GOOGLE_NOT_SET_UP, GOOGLE_NOT_SET_UP_NOTE, isNotApproved } from '#lib/google'
import { errorText, request } from '#providers/http'
import { useToast } from '#providers/toast'
import { AlertCard } from '#components/feedbacks/alert-card'
import { BusinessFilter } from '#components/feedbacks/business-filter'
import { NotApproved } from './not-approved'
import { googleReviewsUrl, ReplyDrawer } from './reply-drawer'
import { ReviewBody } from './review-body'
import { useGoogleConnection, useGoogleRefresh } from './use-google'
import { DateRangeFilter, type DateRange } from '#components/date-range-filter'

export const GOOGLE_PAGE_SIZE = 10

/** The review as an image to share (docs/decisions.md D50): loaded when "Share image" is first pressed. */
const ShareImageModal = lazy(() => import('./share-image-modal'))

type StarsFilter = 'all' | '1' | '2' | '3' | '4' | '5' | 'negative' | 'positive'
type RepliedFilter = 'all' | 'unanswered' | 'replied'

export interface GoogleFilterValues {
  stars: StarsFilter
  replied: RepliedFilter
  q: string
  range: DateRange | null
}

export const NO_GOOGLE_FILTERS: GoogleFilterValues = { stars: 'all', replied: 'all', q: '', range: null }

const hasFilters = (values: GoogleFilterValues) =>
  values.stars !== 'all' || values.replied !== 'all' || values.q.trim() !== '' || values.range !== null

/** The `google-reviews` list's filters: businessId, stars (or a range), replied, q, createTime_gte/_lte (India's days). */
export function googleReviewFilters(businessId: number | null, values: GoogleFilterValues): CrudFilter[] {
  const filters: CrudFilter[] = businessId === null ? [] : [{ field: 'businessId', operator: 'eq', value: businessId }]
  if (values.stars === 'negative') filters.push({ field: 'stars', operator: 'lte', value: 3 })
  else if (values.stars === 'positive') filters.push({ field: 'stars', operator: 'gte', value: 4 })
  else if (values.stars !== 'all') filters.push({ field: 'stars', operator: 'eq', value: Number(values.stars) })
  if (values.replied !== 'all') filters.push({ field: 'replied', operator: 'eq', value: values.replied === 'replied' })
  if (values.q.trim()) filters.push({ field: 'q', operator: 'eq', value: values.q.trim() })
  if (values.range) {
    filters.push({ field: 'createTime', operator: 'gte', value: values.range[0].format('YYYY-MM-DD') })
    filters.push({ field: 'createTime', operator: 'lte', value: values.range[1].format('YYYY-MM-DD') })
  }
  return filters
}

const STARS_OPTIONS: { value: StarsFilter; label: string }[] = [
  { value: 'all', label: 'All stars' },
  { value: 'negative', label: '1-3 stars' },
  { value: 'positive', label: '4-5 stars' },
  ...[5, 4, 3, 2, 1].map((stars) => ({ value: String(stars) as StarsFilter, label: stars === 1 ? '1 star' : `${stars} stars` })),
]

const REPLIED_OPTIONS: { value: RepliedFilter; label: string }[] = [
  { value: 'all', label: 'Answered or not' },
  { value: 'unanswered', label: 'Unanswered' },
  { value: 'replied', label: 'Answered' },
]

/** '1 Google review', '12 Google reviews' */
export const googleCount = (count: number) => `${count} Google ${count === 1 ? 'review' : 'reviews'}`

/** The inbox opened from a link with `replied=false` (the overview's and the weekly summary's unanswered reviews) or `true`. */
export function filtersFromUrl(params: URLSearchParams): GoogleFilterValues {
  const replied = params.get('replied')
  return { ...NO_GOOGLE_FILTERS, replied: replied === 'false' ? 'unanswered' : replied === 'true' ? 'replied' : 'all' }
}

/** The review an alert links to, highlighted as the private feedback's is. */
function AlertReview({
  review,
  canReply,
  onReply,
  onClose,
}: {
  review: GoogleReviewDto
  canReply: boolean
  onReply(): void
  onClose(): void
}) {
  return (
    <AlertCard title="Google review from your alert" onClose={onClose}>
      <Flex vertical gap={8}>
        <ReviewBody review={review} showReply />
        {canReply && !review.deleted && (
          <Flex style={{ paddingInlineStart: 52 }}>
            <Button
              size="small"
              type={review.reply ? 'default' : 'primary'}
              icon={review.reply ? <EditOutlined /> : <MessageOutlined />}
              onClick={onReply}
            >
              {review.reply ? 'Edit reply' : 'Reply'}
            </Button>
          </Flex>
        )}
      </Flex>
    </AlertCard>
  )
}

interface ListProps {
  business: BusinessDto
  /** The review an alert links to, shown on top until closed. */
  alerted?: number | null
  onCloseAlert?(): void
}

export function GoogleReviewList({ business, alerted = null, onCloseAlert = () => undefined }: ListProps) {
  const toast = useToast()
  const { edit } = usePermissions()
  const { businesses } = useBusinesses()
  const { connection } = useGoogleConnection()
  const refresh = useGoogleRefresh()
  const [params] = useSearchParams()
  const [search, setSearch] = useState('')
  const [replying, setReplying] = useState<GoogleReviewDto | null>(null)
  const [deleting, setDeleting] = useState<number | null>(null)
  const [sharing, setSharing] = useState<GoogleReviewDto | null>(null)
  // `all`: the business filter on "All businesses".
  const {
    query,
    rows,
    total,
    values: { all: allBusinesses, filters },
    setValues,
    pagination,
  } = useOwnerList<GoogleReviewDto, { all: boolean; filters: GoogleFilterValues }>({
    resource: 'google-reviews',
    pageSize: GOOGLE_PAGE_SIZE,
    sorters: [{ field: 'createTime', order: 'desc' }],
    values: { all: false, filters: filtersFromUrl(params) },
    toFilters: ({ all, filters }) => googleReviewFilters(all ? null : business.id, filters),
  })
  const businessId = allBusinesses ? null : business.id
  const unanswered = useMatchCount(
    'google-reviews',
    googleReviewFilters(businessId, { ...filters, replied: 'unanswered' }),
    filters.replied === 'all'
  )
  // The alert's review (GET /api/google-reviews/:id): none while it loads or when it cannot be read.
  const alert = useOne<GoogleReviewDto, HttpError>({
    resource: 'google-reviews',
    id: alerted ?? 0,
    queryOptions: { enabled: alerted !== null },
  })
  const alertReview = alerted !== null && alert.result?.id === alerted ? alert.result : null
  const businessOf = (review: GoogleReviewDto) => businesses.find((candidate) => candidate.id === review.businessId) ?? business

  const notApproved = isNotApproved(connection?.error ?? '') || (query.isError && isNotApproved(query.error))
  const connected = connection?.connected ?? false
  const blocked = notApproved ? 'not-approved' : connection && !connected ? 'not-connected' : null
  const canPost = blocked === null

  const change = (next: GoogleFilterValues) => setValues({ all: allBusinesses, filters: next })

  const reload = () => refresh(['google-reviews'], ['default', 'google-reviews'])
  const refetch = () => Promise.all([query.refetch(), ...(alertReview ? [alert.query.refetch()] : [])])

  async function removeReply(review: GoogleReviewDto) {
    setDeleting(review.id)
    try {
      await request(`/api/google-reviews/${review.id}/reply`, { method: 'DELETE' })
      toast.success('Reply Deleted', connection?.demo ? 'The demo reply is deleted here.' : 'Your reply is no longer on Google.')
      await reload()
      await refetch()
    } catch (error) {
      toast.error('Reply Not Deleted', errorText(error, 'Please try again.'))
    } finally {
      setDeleting(null)
    }
  }

  const onGoogle = (
    <Button icon={<GoogleOutlined />} href={googleReviewsUrl(business.placeId)} target="_blank" rel="noopener">
      Reply on Google
    </Button>
  )

  let banner = null
  if (connection && !connected && !connection.configured)
    banner = <Alert type="info" showIcon message={GOOGLE_NOT_SET_UP} description={GOOGLE_NOT_SET_UP_NOTE} action={onGoogle} />
  else if (connection && !connected)
    banner = (
      <Alert
        type="info"
        showIcon
        message="Connect Google to answer your reviews here"
        description="Once your Google Business Profile is connected, its reviews appear here and you reply without leaving ReviewRoute. Until then, reply on Google itself."
        action={
          <Flex vertical gap={8}>
            {edit && (
              <Link to="/dashboard/google">
                <Button type="primary" block>
                  Connect Google
                </Button>
              </Link>
            )}
            {onGoogle}
          </Flex>
        }
      />
    )
  else if (notApproved) banner = <NotApproved action={onGoogle} />
  else if (connection?.demo) banner = <Alert type="info" showIcon message="Demo Business Profile" description={DEMO_PROFILE_NOTE} />

  const empty = hasFilters(filters) ? (
    <MessageScreen
      title="No Google reviews match these filters"
      actions={
        <Button
          onClick={() => {
            setSearch('')
            change(NO_GOOGLE_FILTERS)
          }}
        >
          Clear filters
        </Button>
      }
    />
  ) : (
    <MessageScreen
      title="No Google reviews yet"
      text={
        connected
          ? 'Reviews of your linked Google locations appear here after the next sync.'
          : 'Reviews appear here once a Google Business Profile is connected.'
      }
    />
  )

  return (
    <Flex vertical gap={12}>
      {alertReview && <AlertReview review={alertReview} canReply={edit} onReply={() => setReplying(alertReview)} onClose={onCloseAlert} />}
      <Flex align="center" gap={8} wrap>
        {query.isSuccess && <Tag color="blue">{googleCount(total)}</Tag>}
        {unanswered !== null && <Typography.Text type={unanswered ? 'warning' : 'secondary'}>{`${unanswered} unanswered`}</Typography.Text>}
      </Flex>
      {banner}
      <Card>
        <Flex vertical gap={12}>
          <Flex gap={8} wrap>
            <BusinessFilter
              businesses={businesses}
              selected={business}
              all={allBusinesses}
              onChange={(all) => setValues({ all, filters })}
            />
            <Select
              aria-label="Stars"
              value={filters.stars}
              options={STARS_OPTIONS}
              onChange={(stars) => change({ ...filters, stars })}
              style={{ minWidth: 120 }}
            />
            <Select
              aria-label="Answered"
              value={filters.replied}
              options={REPLIED_OPTIONS}
              onChange={(replied) => change({ ...filters, replied })}
              style={{ minWidth: 150 }}
            />
            <Input.Search
              aria-label="Search reviews"
              placeholder="Words or reviewer"
              allowClear
              value={search}
              onChange={(event) => {
                setSearch(event.target.value)
                if (!event.target.value) change({ ...filters, q: '' })
              }}
              onSearch={(q) => change({ ...filters, q })}
              style={{ flex: '1 1 180px', maxWidth: 260 }}
            />
            <DateRangeFilter value={filters.range} onChange={(range) => change({ ...filters, range })} />
          </Flex>
          {query.isError && !notApproved ? (
            <LoadFailed title={errorText(query.error, 'Could not load your Google reviews')} onRetry={query.refetch} />
          ) : (
            <List
              aria-label="Google reviews"
              loading={query.isLoading}
              dataSource={query.isError ? [] : rows}
              locale={{ emptyText: query.isLoading ? ' ' : empty }}
              renderItem={(review) => (
                <List.Item style={{ flexWrap: 'wrap', rowGap: 8 }}>
                  <Flex vertical gap={8} style={{ minWidth: 0, width: '100%' }}>
                    <ReviewBody review={review} showReply />
                    <Flex gap={8} wrap align="center" style={{ paddingInlineStart: 52 }}>
                      {allBusinesses && <Tag style={{ marginInlineEnd: 0 }}>{businessOf(review).name}</Tag>}
                      {!review.reply && <Tag color="orange">Unanswered</Tag>}
                      {edit && !review.deleted && (
                        <Button
                          size="small"
                          type={review.reply ? 'default' : 'primary'}
                          icon={review.reply ? <EditOutlined /> : <MessageOutlined />}
                          onClick={() => setReplying(review)}
                        >
                          {review.reply ? 'Edit reply' : 'Reply'}
                        </Button>
                      )}
                      {!review.deleted && (
                        <Button size="small" icon={<ShareAltOutlined />} onClick={() => setSharing(review)}>
                          Share image
                        </Button>
                      )}
                      {edit && review.reply && canPost && (
                        <Popconfirm
                          title="Delete your reply?"
                          description="It is removed from Google; the review stays."
                          okText="Delete reply"
                          okButtonProps={{ danger: true }}
                          onConfirm={() => void removeReply(review)}
                        >
                          <Button size="small" danger icon={<DeleteOutlined />} loading={deleting === review.id}>
                            Delete reply
                          </Button>
                        </Popconfirm>
                      )}
                    </Flex>
                  </Flex>
                </List.Item>
              )}
            />
          )}
          <Pagination align="center" {...pagination} />
        </Flex>
      </Card>
      {sharing && (
        <Suspense fallback={null}>
          <ShareImageModal review={sharing} business={businessOf(sharing)} onClose={() => setSharing(null)} />
        </Suspense>
      )}
      {replying && (
        <ReplyDrawer
          review={replying}
          business={businessOf(replying)}
          blocked={blocked}
          onClose={() => setReplying(null)}
          onPosted={() => {
            setReplying(null)
            void reload().then(refetch)
          }}
        />
      )}
    </Flex>
  )
}
