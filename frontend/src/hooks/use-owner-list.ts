/*
 * An owner list (customers, review requests, feedback, Google reviews, the workspace's activity) on Refine's antd
 * `useTable`, as the console's (components/admin/use-admin-list.ts): the server pages (`_start`/`_end`,
 * `x-total-count`) in the list's fixed order, and filters the list's own controls hold (`values`), made into the
 * API's filters by `toFilters`; a change of them starts again on page 1. The pager is the lists' own: no size
 * changer, none on a single page, the same on a phone (Refine's would turn simple there).
 */
import { useTable } from '@refinedev/antd'
import { useList, type BaseRecord, type CrudFilter, type CrudSort, type HttpError } from '@refinedev/core'
import type { PaginationProps, TableProps } from 'antd'
import { useCallback, useState } from 'react'

interface Options<Values> {
  resource: string
  pageSize: number
  /** The list's order (newest first), which the owner does not change. */
  sorters?: CrudSort[]
  /** The controls' first values, and the API's filters for any values. */
  values: Values
  toFilters(values: Values): CrudFilter[]
}

export function useOwnerList<T extends BaseRecord, Values = undefined>({
  resource,
  pageSize,
  sorters = [],
  values: initialValues,
  toFilters,
}: Options<Values>) {
  const [values, setStoredValues] = useState(initialValues)
  const {
    tableProps: refineTableProps,
    tableQuery: query,
    result,
    currentPage,
    setCurrentPage,
    setFilters,
  } = useTable<T, HttpError>({
    resource,
    pagination: { pageSize },
    sorters: { permanent: sorters },
    filters: { initial: toFilters(initialValues), defaultBehavior: 'replace' },
    syncWithLocation: false,
  })

  const setValues = useCallback(
    (next: Values) => {
      setStoredValues(next)
      setFilters(toFilters(next), 'replace')
      setCurrentPage(1)
    },
    [setFilters, setCurrentPage, toFilters]
  )

  const total = result.total ?? 0
  /** For a list drawn with antd's List and Pagination. */
  const pagination: PaginationProps = {
    current: currentPage,
    pageSize,
    total,
    showSizeChanger: false,
    hideOnSinglePage: true,
    onChange: setCurrentPage,
  }
  /** For antd's Table: Refine's props (rows, loading, its page change) with the lists' pager. */
  const tableProps: TableProps<T> = {
    ...refineTableProps,
    rowKey: 'id',
    dataSource: result.data,
    scroll: undefined,
    pagination: { current: currentPage, pageSize, total, showSizeChanger: false, hideOnSinglePage: true },
  }

  return { query, rows: result.data, total, values, setValues, currentPage, setCurrentPage, pagination, tableProps }
}

/**
 * How many rows of an owner list match `filters` (the total of a one-row page), for a count beside the list's own
 * ("8 with a comment", "3 unanswered"); null until it is known, and never asked for while `enabled` is false.
 */
export function useMatchCount(resource: string, filters: CrudFilter[], enabled = true) {
  const { query, result } = useList({ resource, pagination: { currentPage: 1, pageSize: 1 }, filters, queryOptions: { enabled } })
  return query.isSuccess ? (result.total ?? 0) : null
}
