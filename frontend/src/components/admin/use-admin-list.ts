/*
 * The console's tables on Refine's `useList` (the dashboard's table pattern): the server pages (`_start`/`_end`,
 * `x-total-count`), sorts (`_sort`/`_order`), filters (query parameters) and searches (`q`); the antd Table only
 * shows a page and reports clicks. Plus the refresh after a write.
 */
import { useInvalidate, useList, type BaseRecord, type CrudFilter, type CrudSort, type HttpError } from '@refinedev/core'
import type { TableProps } from 'antd'
import type { SortOrder } from 'antd/es/table/interface'
import { useCallback, useState } from 'react'
import { ADMIN_RESOURCES } from '#lib/admin'

export const ADMIN_PAGE_SIZE = 20

export type ListFilters = Record<string, string | number | boolean | undefined>

interface Options {
  /** The order before the operator clicks a column (and after they clear it). */
  defaultSort?: CrudSort
  initialFilters?: ListFilters
  pageSize?: number
}

export function useAdminList<T extends BaseRecord>(resource: string, { defaultSort, initialFilters = {}, pageSize = ADMIN_PAGE_SIZE }: Options = {}) {
  const [page, setPage] = useState(1)
  const [size, setSize] = useState(pageSize)
  const [sorter, setSorter] = useState<CrudSort | undefined>(defaultSort)
  const [search, setSearchState] = useState('')
  const [filters, setFilters] = useState<ListFilters>(initialFilters)

  const crudFilters: CrudFilter[] = [
    ...Object.entries(filters).map(([field, value]): CrudFilter => ({ field, operator: 'eq', value })),
    { field: 'q', operator: 'eq', value: search },
  ]
  const { query, result } = useList<T, HttpError>({
    resource,
    pagination: { currentPage: page, pageSize: size },
    sorters: sorter ? [sorter] : [],
    filters: crudFilters,
  })

  const setSearch = useCallback((value: string) => {
    setSearchState(value.trim())
    setPage(1)
  }, [])

  const setFilter = useCallback((field: string, value: ListFilters[string]) => {
    setFilters((current) => ({ ...current, [field]: value }))
    setPage(1)
  }, [])

  /** A column's arrow, for `sortOrder` of a column whose `key` is the API's sort field. */
  const sortOrderOf = (field: string): SortOrder =>
    sorter?.field === field ? (sorter.order === 'asc' ? 'ascend' : 'descend') : null

  const onChange: TableProps<T>['onChange'] = (pagination, _filters, sorted, { action }) => {
    if (action === 'paginate') {
      setPage(pagination.current ?? 1)
      setSize(pagination.pageSize ?? size)
      return
    }
    if (action === 'sort') {
      const one = Array.isArray(sorted) ? sorted[0] : sorted
      const field = one?.columnKey ?? one?.field
      setSorter(one?.order && field !== undefined ? { field: String(field), order: one.order === 'ascend' ? 'asc' : 'desc' } : defaultSort)
      setPage(1)
    }
  }

  const tableProps: TableProps<T> = {
    rowKey: 'id',
    loading: query.isFetching,
    dataSource: result.data ?? [],
    onChange,
    pagination: {
      current: page,
      pageSize: size,
      total: result.total ?? 0,
      showSizeChanger: true,
      pageSizeOptions: [20, 50, 100],
      showTotal: (total) => `${total} in all`,
    },
    scroll: { x: 'max-content' },
  }

  return { query, tableProps, search, setSearch, filters, setFilter, sortOrderOf }
}

/** After a write: every console list and row may show it (the audit log at least), so all are read again. */
export function useRefreshAdmin() {
  const invalidate = useInvalidate()
  return useCallback(
    (extra: string[] = []) =>
      Promise.all(
        [...Object.values(ADMIN_RESOURCES), ...extra].map((resource) => invalidate({ resource, invalidates: ['resourceAll'] }))
      ),
    [invalidate]
  )
}
