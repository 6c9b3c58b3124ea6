/*
 * Refine's data provider over the API's simple-rest style resources (`_start`/`_end`, `_sort`/`_order`,
 * `field`, `field_like`, `field_gte`/`field_lte`, `x-total-count`) and, through `custom`, the spec's endpoints.
 * Written on the shared fetch wrapper instead of @refinedev/simple-rest so there is one HTTP client and no axios.
 */
import type { BaseRecord, CrudFilter, CrudSort, DataProvider, HttpError, MetaQuery, Pagination } from '@refinedev/core'
import { fieldErrors } from '@reviewroute/web-shared/api'
import { ApiError, request, requestWithHeaders, type Request } from './http'

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
 * was, with `statusCode` added, so `errorText` and `isLimitError` read Refine's errors like any other call's. A 422's
 * `errors: [{field, message}]` become Refine's `errors` map (the first message per field), which @refinedev/antd's
 * form hooks show under the form's fields of those names.
 */
function toHttpError(error: unknown): HttpError {
  if (error instanceof ApiError) {
    const errors = fieldErrors(error)
    return Object.assign(error, { statusCode: error.status }, Object.keys(errors).length ? { errors } : {}) as ApiError & HttpError
  }
  return { message: (error as Error)?.message ?? 'Request failed', statusCode: 0 }
}

/**
 * A form's write that is not a plain create (POST) or update (PATCH): `meta.method` sends another verb (a PUT that
 * replaces, a DELETE that carries the password), `meta.workspace: false` names no workspace (an account's call).
 */
function writeOptions(meta: MetaQuery | undefined, method: 'POST' | 'PATCH', body: unknown): Request {
  const verb = typeof meta?.method === 'string' ? (meta.method.toUpperCase() as Request['method']) : method
  return { method: verb, body, ...(meta?.workspace === false ? { workspace: false } : {}) }
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

  create: ({ resource, variables, meta }) =>
    call(async () => ({ data: await request(`${API_URL}/${resource}`, writeOptions(meta, 'POST', variables)) })),

  update: ({ resource, id, variables, meta }) =>
    call(async () => ({ data: await request(`${API_URL}/${resource}/${id}`, writeOptions(meta, 'PATCH', variables)) })),

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
