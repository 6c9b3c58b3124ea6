/*
 * The console's tables on Refine's antd `useTable`: the server pages (`_start`/`_end`, `x-total-count`), sorts
 * (`_sort`/`_order`), filters (query parameters) and searches (`q`); the antd Table only shows a page and reports
 * clicks. What the console adds: a list's own order when a column's is cleared, page 1 after a new order, the
 * toolbar's search and selects, and the refresh after a write.
 */
import { getDefaultSortOrder, useTable } from '@refinedev/antd'
import { useInvalidate, type BaseRecord, type CrudFilter, type CrudSort, type HttpError } from '@refinedev/core'
import type { TableProps } from 'antd'
import type { SortOrder } from 'antd/es/table/interface'
import { useCallback } from 'react'
import { adminResources, type AdminResource } from '#config/resources'

export const ADMIN_PAGE_SIZE = 20

export type ListFilters = Record<string, string | number | boolean | undefined>

interface Options {
  /** The order before the operator clicks a column (and after they clear it). */
  defaultSort?: CrudSort
  initialFilters?: ListFilters
  pageSize?: number
}

const fieldFilters = (filters: ListFilters): CrudFilter[] =>
  Object.entries(filters).map(([field, value]) => ({ field, operator: 'eq', value }))

export function useAdminList<T extends BaseRecord>(
  resource: AdminResource,
  { defaultSort, initialFilters = {}, pageSize = ADMIN_PAGE_SIZE }: Options = {}
) {
  const {
    tableProps: refineTableProps,
    tableQuery,
    filters,
    setFilters,
    sorters,
    setSorters,
    setCurrentPage,
  } = useTable<T, HttpError>({
    resource,
    pagination: { pageSize },
    sorters: { initial: defaultSort ? [defaultSort] : [] },
    filters: { initial: fieldFilters(initialFilters) },
    syncWithLocation: false,
  })

  const setFilter = useCallback(
    (field: string, value: ListFilters[string]) => {
      setFilters(fieldFilters({ [field]: value }), 'merge')
      setCurrentPage(1)
    },
    [setFilters, setCurrentPage]
  )

  const setSearch = useCallback((value: string) => setFilter('q', value.trim() || undefined), [setFilter])

  /** A column's arrow, for `sortOrder` of a column whose `key` is the API's sort field. */
  const sortOrderOf = (field: string): SortOrder => getDefaultSortOrder(field, sorters) ?? null

  const onChange: TableProps<T>['onChange'] = (pagination, tableFilters, sorted, extra) => {
    refineTableProps.onChange?.(pagination, tableFilters, sorted, extra)
    if (extra.action !== 'sort') return
    const cleared = !(Array.isArray(sorted) ? sorted[0] : sorted)?.order
    if (cleared && defaultSort) setSorters([defaultSort])
    setCurrentPage(1)
  }

  const tableProps: TableProps<T> = {
    ...refineTableProps,
    rowKey: 'id',
    onChange,
    pagination: refineTableProps.pagination && {
      ...refineTableProps.pagination,
      showSizeChanger: true,
      pageSizeOptions: [20, 50, 100],
      showTotal: (total) => `${total} in all`,
    },
    scroll: { x: 'max-content' },
  }

  const shown: ListFilters = Object.fromEntries(
    filters.flatMap((filter) => ('field' in filter ? [[filter.field, filter.value as ListFilters[string]]] : []))
  )
  return { query: tableQuery, tableProps, setSearch, filters: shown, setFilter, sortOrderOf }
}

/** After a write: every console list and row may show it (the audit log at least), so all are read again. */
export function useRefreshAdmin() {
  const invalidate = useInvalidate()
  return useCallback(
    (extra: string[] = []) =>
      Promise.all(
        [...adminResources.map(({ name }) => name), ...extra].map((resource) => invalidate({ resource, invalidates: ['resourceAll'] }))
      ),
    [invalidate]
  )
}
