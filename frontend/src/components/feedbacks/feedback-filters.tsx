/*
 * The feedback list's filters: rating 1-3, a date range (India's calendar days: the API reads a bare date in
 * Asia/Kolkata, `_lte` to the end of that day), resolved / unresolved, and with or without a comment.
 */
import type { CrudFilter } from '@refinedev/core'
import { NEGATIVE_RATING_MAX } from '@reviewroute/backend/contract/product_rules'
import { Flex, Select } from 'antd'
import type { ReactNode } from 'react'
import { DateRangeFilter, type DateRange } from '#components/date-range-filter'

export type ResolvedFilter = 'all' | 'unresolved' | 'resolved'
export type CommentFilter = 'any' | 'with' | 'without'

export interface FeedbackFilterValues {
  rating: number | null
  range: DateRange | null
  status: ResolvedFilter
  comment: CommentFilter
}

export const NO_FILTERS: FeedbackFilterValues = { rating: null, range: null, status: 'all', comment: 'any' }

export const hasFilters = (values: FeedbackFilterValues) =>
  values.rating !== null || values.range !== null || values.status !== 'all' || values.comment !== 'any'

/**
 * The `feedbacks` resource's filters for one business, or with `null` for every business of the owner (the API
 * lists all of theirs without `businessId`); simple-rest: `rating`, `createdAt_gte/_lte`, `resolved`, `hasFeedback`.
 */
export function feedbackCrudFilters(businessId: number | null, values: FeedbackFilterValues): CrudFilter[] {
  const filters: CrudFilter[] = businessId === null ? [] : [{ field: 'businessId', operator: 'eq', value: businessId }]
  if (values.rating !== null) filters.push({ field: 'rating', operator: 'eq', value: values.rating })
  if (values.range) {
    filters.push({ field: 'createdAt', operator: 'gte', value: values.range[0].format('YYYY-MM-DD') })
    filters.push({ field: 'createdAt', operator: 'lte', value: values.range[1].format('YYYY-MM-DD') })
  }
  if (values.status !== 'all') filters.push({ field: 'resolved', operator: 'eq', value: values.status === 'resolved' })
  if (values.comment !== 'any') filters.push({ field: 'hasFeedback', operator: 'eq', value: values.comment === 'with' })
  return filters
}

const RATING_OPTIONS = [
  { value: 0, label: 'All ratings' },
  ...Array.from({ length: NEGATIVE_RATING_MAX }, (_, index) => ({ value: index + 1, label: index ? `${index + 1} stars` : '1 star' })),
]

const STATUS_OPTIONS: { value: ResolvedFilter; label: string }[] = [
  { value: 'all', label: 'All feedback' },
  { value: 'unresolved', label: 'Unresolved' },
  { value: 'resolved', label: 'Resolved' },
]

const COMMENT_OPTIONS: { value: CommentFilter; label: string }[] = [
  { value: 'any', label: 'With or without a comment' },
  { value: 'with', label: 'With a comment' },
  { value: 'without', label: 'Rating only' },
]

interface Props {
  values: FeedbackFilterValues
  onChange(values: FeedbackFilterValues): void
  /** A filter drawn first, in the same row (the business filter, which the list keeps itself). */
  leading?: ReactNode
}

export function FeedbackFilters({ values, onChange, leading }: Props) {
  return (
    <Flex gap={8} wrap>
      {leading}
      <Select
        aria-label="Rating"
        value={values.rating ?? 0}
        options={RATING_OPTIONS}
        onChange={(rating) => onChange({ ...values, rating: rating === 0 ? null : rating })}
        style={{ minWidth: 130 }}
      />
      <Select
        aria-label="Status"
        value={values.status}
        options={STATUS_OPTIONS}
        onChange={(status) => onChange({ ...values, status })}
        style={{ minWidth: 140 }}
      />
      <Select
        aria-label="Comment"
        value={values.comment}
        options={COMMENT_OPTIONS}
        onChange={(comment) => onChange({ ...values, comment })}
        style={{ minWidth: 150 }}
      />
      <DateRangeFilter value={values.range} onChange={(range) => onChange({ ...values, range })} />
    </Flex>
  )
}
