/*
 * One business's private feedback (sessions rated 3 or below, newest first), or every business's with the business
 * filter on "All businesses", through the `feedbacks` resource on Refine's `useTable` (hooks/use-owner-list.ts):
 * filters, pages (`x-total-count`), mark resolved, and a CSV of the rows on screen. Counted as
 * everywhere else (docs/decisions.md D38): every rating of 3 or below is private feedback, and how many of them
 * carry a comment is said beside it, in the overview's words.
 */
import { DownloadOutlined } from '@ant-design/icons'
import { useUpdate, type HttpError } from '@refinedev/core'
import type { BusinessDto, ResolveFeedbackRequest, ReviewSessionDto } from '@reviewroute/backend/types/api'
import { Button, Card, Flex, List, Pagination, Tag, Typography } from 'antd'
import { useState } from 'react'
import { useBusinesses } from '#hooks/use-businesses'
import { useMatchCount, useOwnerList } from '#hooks/use-owner-list'
import { downloadCsv, feedbackCsv, feedbackCsvFileName } from '#lib/csv'
import { errorText } from '#providers/http'
import { useToast } from '#providers/toast'
import { BusinessName } from '#components/business-gate'
import { PageHeader } from '#components/layout/page-header'
import { LoadFailed, MessageScreen } from '#components/message-screen'
import { BusinessFilter } from './business-filter'
import { FeedbackFilters, feedbackCrudFilters, hasFilters, NO_FILTERS, type FeedbackFilterValues } from './feedback-filters'
import { FeedbackItem } from './feedback-item'

export const FEEDBACK_PAGE_SIZE = 10

/** '1 private rating', '9 private ratings' (docs/decisions.md D38: the overview's card says the same). */
export const feedbackCount = (count: number) => `${count} private ${count === 1 ? 'rating' : 'ratings'}`

/** '8 with a comment' */
export const commentCount = (count: number) => `${count} with a comment`

/** What the inbox says when it lists every business. */
export const ALL_BUSINESSES_NAME = 'All businesses'

export function FeedbackList({ business }: { business: BusinessDto }) {
  const toast = useToast()
  const { businesses } = useBusinesses()
  // The business filter (`all`): the selected business, or all of the owner's (the header's selector resets it).
  const {
    query,
    rows,
    total,
    values: { all: allBusinesses, filters },
    setValues,
    currentPage: page,
    setCurrentPage: setPage,
    pagination,
  } = useOwnerList<ReviewSessionDto, { all: boolean; filters: FeedbackFilterValues }>({
    resource: 'feedbacks',
    pageSize: FEEDBACK_PAGE_SIZE,
    sorters: [{ field: 'createdAt', order: 'desc' }],
    values: { all: false, filters: NO_FILTERS },
    toFilters: ({ all, filters }) => feedbackCrudFilters(all ? null : business.id, filters),
  })
  const businessId = allBusinesses ? null : business.id
  const { mutate, mutation } = useUpdate<ReviewSessionDto, HttpError, ResolveFeedbackRequest>()
  const savingId = mutation.isPending ? mutation.variables?.id : undefined
  // How many of them carry a comment, when the filters do not already say.
  const commented = useMatchCount('feedbacks', feedbackCrudFilters(businessId, { ...filters, comment: 'with' }), filters.comment === 'any')
  /** The business a row belongs to: the WhatsApp call-back speaks in its name, and across businesses it is shown. */
  const nameOf = (row: ReviewSessionDto) => businesses.find((candidate) => candidate.id === row.businessId)?.name ?? business.name

  // Resolving the last row of a page under the 'Unresolved' filter empties it: step back a page, once each time it
  // becomes empty (while rendering, against the value the last render saw).
  const pageEmptied = query.isSuccess && rows.length === 0 && page > 1
  const [wasEmptied, setWasEmptied] = useState(false)
  if (pageEmptied !== wasEmptied) {
    setWasEmptied(pageEmptied)
    if (pageEmptied) setPage((current) => current - 1)
  }

  const changeFilters = (next: FeedbackFilterValues) => setValues({ all: allBusinesses, filters: next })
  const changeScope = (all: boolean) => setValues({ all, filters })

  function resolve(feedback: ReviewSessionDto, resolved: boolean) {
    mutate(
      { resource: 'feedbacks', id: feedback.id, values: { resolved } },
      { onError: (error) => toast.error('Update Failed', errorText(error, 'Could not update the feedback. Please try again.')) }
    )
  }

  const empty = hasFilters(filters) ? (
    <MessageScreen
      title="No feedback matches these filters"
      actions={<Button onClick={() => changeFilters(NO_FILTERS)}>Clear filters</Button>}
    />
  ) : (
    <MessageScreen title="No negative feedback yet" text="When a customer rates 1-3 stars, their private feedback appears here." />
  )

  return (
    <Flex vertical gap={16}>
      <PageHeader
        title="Customer feedback"
        tags={
          query.isSuccess && (
            <>
              <Tag color="orange">{feedbackCount(total)}</Tag>
              {commented !== null && <Typography.Text type="secondary">{commentCount(commented)}</Typography.Text>}
            </>
          )
        }
      >
        {allBusinesses ? <Typography.Text type="secondary">{ALL_BUSINESSES_NAME}</Typography.Text> : <BusinessName />}
      </PageHeader>

      <Card>
        <Flex vertical gap={12}>
          <Flex justify="space-between" gap={8} wrap>
            <FeedbackFilters
              values={filters}
              onChange={changeFilters}
              leading={<BusinessFilter businesses={businesses} selected={business} all={allBusinesses} onChange={changeScope} />}
            />
            <Button
              icon={<DownloadOutlined />}
              disabled={rows.length === 0}
              onClick={() =>
                allBusinesses
                  ? downloadCsv(feedbackCsv(rows, nameOf), feedbackCsvFileName(ALL_BUSINESSES_NAME))
                  : downloadCsv(feedbackCsv(rows), feedbackCsvFileName(business.name))
              }
            >
              Export CSV
            </Button>
          </Flex>
          {query.isError ? (
            <LoadFailed title={errorText(query.error, 'Failed to fetch analytics')} onRetry={query.refetch} />
          ) : (
            <List
              aria-label="Customer feedbacks"
              loading={query.isLoading}
              dataSource={rows}
              locale={{ emptyText: query.isLoading ? ' ' : empty }}
              renderItem={(feedback) => (
                <FeedbackItem
                  feedback={feedback}
                  businessName={nameOf(feedback)}
                  showBusiness={allBusinesses}
                  saving={savingId === feedback.id}
                  onResolve={resolve}
                />
              )}
            />
          )}
          <Pagination align="center" {...pagination} />
        </Flex>
      </Card>
    </Flex>
  )
}
