/*
 * The requests list's filters: status, channel and India's calendar days (the API reads a bare date in
 * Asia/Kolkata, `_lte` to the end of that day). Nothing here picks customers by how they rated: it only reports.
 */
import type { CrudFilter } from '@refinedev/core'
import type { RequestChannelName, RequestStatusName } from '@reviewroute/backend/types/api'
import { Flex, Select } from 'antd'
import { CHANNEL_LABELS, STATUS_LABELS } from '#lib/review-requests'
import { DateRangeFilter, type DateRange } from '#components/date-range-filter'

export interface RequestFilterValues {
  status: RequestStatusName | null
  channel: RequestChannelName | null
  range: DateRange | null
}

export const NO_REQUEST_FILTERS: RequestFilterValues = { status: null, channel: null, range: null }

/** The `review-requests` resource's filters for one business (simple-rest: `status`, `channel`, `createdAt_gte/_lte`). */
export function requestCrudFilters(businessId: number, values: RequestFilterValues): CrudFilter[] {
  const filters: CrudFilter[] = [{ field: 'businessId', operator: 'eq', value: businessId }]
  if (values.status) filters.push({ field: 'status', operator: 'eq', value: values.status })
  if (values.channel) filters.push({ field: 'channel', operator: 'eq', value: values.channel })
  if (values.range) {
    filters.push({ field: 'createdAt', operator: 'gte', value: values.range[0].format('YYYY-MM-DD') })
    filters.push({ field: 'createdAt', operator: 'lte', value: values.range[1].format('YYYY-MM-DD') })
  }
  return filters
}

const ALL = 'all'
const STATUS_OPTIONS = [
  { value: ALL, label: 'Any status' },
  ...Object.entries(STATUS_LABELS).map(([value, { label }]) => ({ value, label })),
]
const CHANNEL_OPTIONS = [
  { value: ALL, label: 'Any channel' },
  ...Object.entries(CHANNEL_LABELS).map(([value, label]) => ({ value, label })),
]

export function RequestFilters({ values, onChange }: { values: RequestFilterValues; onChange(values: RequestFilterValues): void }) {
  return (
    <Flex gap={8} wrap>
      <Select
        aria-label="Status"
        value={values.status ?? ALL}
        options={STATUS_OPTIONS}
        onChange={(status: string) => onChange({ ...values, status: status === ALL ? null : (status as RequestStatusName) })}
        style={{ minWidth: 190 }}
      />
      <Select
        aria-label="Channel"
        value={values.channel ?? ALL}
        options={CHANNEL_OPTIONS}
        onChange={(channel: string) => onChange({ ...values, channel: channel === ALL ? null : (channel as RequestChannelName) })}
        style={{ minWidth: 160 }}
      />
      <DateRangeFilter value={values.range} onChange={(range) => onChange({ ...values, range })} />
    </Flex>
  )
}
