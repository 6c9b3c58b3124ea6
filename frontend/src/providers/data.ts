/*
 * Refine's data provider over the API's simple-rest style resources (`_start`/`_end`, `_sort`/`_order`,
 * `field`, `field_like`, `field_gte`/`field_lte`, `x-total-count`) and, through `custom`, the spec's endpoints.
 * Written on the shared fetch wrapper instead of @refinedev/simple-rest so there is one HTTP client and no axios.
 */
import type { BaseRecord, CrudFilter, CrudSort, DataProvider, HttpError, Pagination } from '@refinedev/core'
import { ApiError, request, requestWithHeaders } from './http'

export const API_URL = '/api'

const OPERATORS: Partial<Record<string, string>> = { eq: '', contains: '_like', gte: '_gte', lte: '_lte', ne: '_ne' }

/** The query string of a list call. Only the operators the API understands are accepted. */
export function listParams({ pagination, sorters, filters }: { pagination?: Pagination; sorters?: CrudSort[]; filters?: CrudFilter[] }) {
  const params = new URLSearchParams()
  if (pagination?.mode !== 'off') {
    const page = pagination?.currentPage ?? 1
    const size = pagination?.pageSize ?? 10
    params.set('_start', String((page - 1) * size))
    params.set('_end', String(page * size))
  }
  if (sorters?.length) {
    params.set('_sort', sorters.map((sorter) => sorter.field).join(','))
    params.set('_order', sorters.map((sorter) => sorter.order).join(','))
  }
  for (const filter of filters ?? []) {
    if (!('field' in filter)) throw new Error('Only field filters are supported')
    const suffix = OPERATORS[filter.operator]
    if (suffix === undefined) throw new Error(`Unsupported filter operator ${filter.operator}`)
    if (filter.value === undefined || filter.value === null || filter.value === '') continue
    params.set(`${filter.field}${suffix}`, String(filter.value))
  }
  return params
}

/**
 * Refine reads `message` (the API's sentence) and `statusCode` from errors. An API failure stays the ApiError it
 * was, with `statusCode` added, so `errorText` and `isLimitError` read Refine's errors like any other call's.
 */
function toHttpError(error: unknown): HttpError {
  if (error instanceof ApiError) return Object.assign(error, { statusCode: error.status }) as ApiError & HttpError
  return { message: (error as Error)?.message ?? 'Request failed', statusCode: 0 }
}

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    throw toHttpError(error)
  }
}

const withQuery = (path: string, params: URLSearchParams) => (params.size ? `${path}?${params}` : path)

export const dataProvider: DataProvider = {
  getApiUrl: () => API_URL,

  getList: <TData extends BaseRecord>({ resource, pagination, sorters, filters }: Parameters<DataProvider['getList']>[0]) =>
    call(async () => {
      const { data, headers } = await requestWithHeaders<TData[]>(
        withQuery(`${API_URL}/${resource}`, listParams({ pagination, sorters, filters }))
      )
      const total = Number(headers.get('x-total-count'))
      return { data, total: Number.isFinite(total) && headers.has('x-total-count') ? total : data.length }
    }),

  getOne: ({ resource, id }) => call(async () => ({ data: await request(`${API_URL}/${resource}/${id}`) })),

  create: ({ resource, variables }) =>
    call(async () => ({ data: await request(`${API_URL}/${resource}`, { method: 'POST', body: variables }) })),

  update: ({ resource, id, variables }) =>
    call(async () => ({ data: await request(`${API_URL}/${resource}/${id}`, { method: 'PATCH', body: variables }) })),

  deleteOne: ({ resource, id }) => call(async () => ({ data: await request(`${API_URL}/${resource}/${id}`, { method: 'DELETE' }) })),

  // A `Content-Type` header sends the payload (a string) as it is: the customers' CSV import.
  custom: ({ url, method, payload, query, sorters, filters, headers }) =>
    call(async () => {
      const params = listParams({ pagination: { mode: 'off' }, sorters, filters })
      for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
        if (value !== undefined && value !== null) params.set(key, String(value))
      }
      const verb = method.toUpperCase() as 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'
      const contentType = (headers as Record<string, string> | undefined)?.['Content-Type']
      return { data: await request(withQuery(url, params), { method: verb, body: payload, contentType }) }
    }),
}
