/*
 * Reads @refinedev/simple-rest list parameters (`_start`, `_end`, `_sort`, `_order`, `field`, `field_like`,
 * `field_gte`, `field_lte`, `field_ne`) against a resource's allow-list, and applies them to a Lucid query.
 * Unknown sort fields or malformed values are a 422, never a silent default.
 */
import db from '@adonisjs/lucid/services/db'
import type { ModelQueryBuilderContract, LucidModel } from '@adonisjs/lucid/types/model'
import type { HttpContext } from '@adonisjs/core/http'
import { FieldError } from '#exceptions/app_errors'
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '#lib/constants'
import { parseDateFilter } from '#lib/time'

/** `present`: true matches rows where the column is set (e.g. `resolved` ↔ `resolved_at IS NOT NULL`). */
type FilterKind = 'id' | 'int' | 'bool' | 'present' | 'date' | 'text' | 'search' | 'scope'

export interface ListSpec {
  /** Sortable field (as the client names it) → column. */
  sortable: Record<string, string>
  defaultSort: { field: string; order: 'asc' | 'desc' }
  /** Filterable field → column and kind. `text` fields accept `_like`; `int`/`date` accept `_gte`/`_lte`. */
  filters: Record<string, { column: string; kind: FilterKind; columns?: string[]; scopes?: Record<string, (query: Query) => void> }>
  /**
   * A `search` (contains-match) reads every row whatever the page: count the matches in that same read
   * (COUNT(*) OVER ()) instead of a second pass. The list's query must name the columns it selects.
   */
  countSearchInPage?: boolean
}

type Query = ModelQueryBuilderContract<LucidModel, any>

/** Paging and sorting; every other parameter is a filter. */
const LIST_CONTROLS = new Set(['_start', '_end', '_sort', '_order'])

/**
 * A field the client named, looked up among the spec's own entries only: `toString`, `constructor` or
 * `__proto__` are inherited members of every object, never fields (docs/decisions.md: request names).
 */
function own<T>(table: Record<string, T>, name: string): T | undefined {
  return Object.hasOwn(table, name) ? table[name] : undefined
}

function toInt(field: string, raw: string, min: number, max = Number.MAX_SAFE_INTEGER) {
  if (!/^-?\d+$/.test(raw)) throw new FieldError(field, `The ${field} parameter must be a whole number`)
  const value = Number(raw)
  if (value < min || value > max) throw new FieldError(field, `The ${field} parameter must be between ${min} and ${max}`)
  return value
}

/**
 * A list request's parameters, read once from the raw query string. Not from the parsed object: the
 * query-string parser drops keys named like Object.prototype members (`toString`, `constructor`, `__proto__`),
 * splits values on commas and stops after 1,000 parameters, so filters, paging and sorting would each see a
 * different request. Every name here is looked up as given, never among an object's inherited members.
 */
export class ListParams {
  constructor(private params: URLSearchParams) {}

  static of(ctx: HttpContext) {
    return new ListParams(new URLSearchParams(ctx.request.parsedUrl.query ?? ''))
  }

  /** The one value of `name` (undefined when absent); 422 when it is given twice. */
  get(name: string): string | undefined {
    const values = this.params.getAll(name)
    if (values.length > 1) throw new FieldError(name, `The ${name} parameter may be given only once`)
    return values[0]
  }

  /** The filter parameters (everything but paging and sorting), each once. */
  filterNames() {
    return [...new Set(this.params.keys())].filter((key) => !LIST_CONTROLS.has(key))
  }
}

export function pageOf(params: ListParams) {
  const rawStart = params.get('_start')
  const rawEnd = params.get('_end')
  const start = rawStart === undefined ? 0 : toInt('_start', rawStart, 0)
  const end = rawEnd === undefined ? start + DEFAULT_PAGE_SIZE : toInt('_end', rawEnd, 0)
  if (end < start) throw new FieldError('_end', 'The _end parameter must not be less than _start')
  return { offset: start, limit: Math.min(end - start, MAX_PAGE_SIZE) }
}

function applyFilter(query: Query, field: string, op: string, raw: string, spec: ListSpec['filters'][string]) {
  const { column, kind } = spec
  const param = op ? `${field}_${op}` : field
  switch (kind) {
    case 'id':
    case 'int': {
      const value = toInt(param, raw, kind === 'id' ? 1 : 0)
      if (op === 'gte') query.where(column, '>=', value)
      else if (op === 'lte') query.where(column, '<=', value)
      else if (op === 'ne') query.whereNot(column, value)
      else if (op === '') query.where(column, value)
      else throw new FieldError(param, `Unsupported filter ${param}`)
      return
    }
    case 'bool':
    case 'present': {
      if (raw !== 'true' && raw !== 'false') throw new FieldError(param, `The ${param} parameter must be true or false`)
      if (op !== '') throw new FieldError(param, `Unsupported filter ${param}`)
      if (kind === 'bool') query.where(column, raw === 'true')
      else if (raw === 'true') query.whereNotNull(column)
      else query.whereNull(column)
      return
    }
    case 'date': {
      if (op !== 'gte' && op !== 'lte') throw new FieldError(param, `Use ${field}_gte or ${field}_lte`)
      const value = parseDateFilter(raw, op === 'lte')
      if (!value) throw new FieldError(param, `The ${param} parameter must be a date (YYYY-MM-DD) or ISO 8601 time`)
      query.where(column, op === 'gte' ? '>=' : '<=', value.toJSDate())
      return
    }
    case 'search': {
      // Any of `columns` contains the text; a phone number typed with spaces or dashes matches its digits too.
      if (op !== '' && op !== 'like') throw new FieldError(param, `Unsupported filter ${param}`)
      if (raw.length > 200) throw new FieldError(param, `The ${param} parameter is too long`)
      const escape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)
      const digits = /^[\d\s+().-]{3,}$/.test(raw) ? raw.replace(/\D/g, '') : ''
      query.where((any) => {
        for (const searched of spec.columns ?? [column]) {
          any.orWhereILike(searched, `%${escape(raw)}%`)
          if (digits) any.orWhere(searched, 'like', `%${digits}%`)
        }
      })
      return
    }
    case 'scope': {
      // One of a few named states, each a query of its own (e.g. an owner's plan: trial, pro, free).
      const scope = op === '' ? own(spec.scopes ?? {}, raw) : undefined
      if (!scope) throw new FieldError(param, `The ${param} parameter must be one of ${Object.keys(spec.scopes ?? {}).join(', ')}`)
      scope(query)
      return
    }
    case 'text': {
      if (op !== 'like' && op !== '') throw new FieldError(param, `Unsupported filter ${param}`)
      if (raw.length > 200) throw new FieldError(param, `The ${param} parameter is too long`)
      const escaped = raw.replace(/[\\%_]/g, (c) => `\\${c}`)
      if (op === 'like') query.whereILike(column, `%${escaped}%`)
      else query.where(column, raw)
    }
  }
}

/** Applies every filter given; true when one of them is a `search`. */
function applyFilters(query: Query, params: ListParams, spec: ListSpec) {
  let searched = false
  for (const key of params.filterNames()) {
    if (key === '') throw new FieldError('query', 'A query parameter has no name')
    const [, field, op = ''] = /^(.+?)(?:_(like|gte|lte|ne))?$/.exec(key) ?? [key, key]
    const filter = own(spec.filters, field)
    if (!filter) throw new FieldError(key, `Unknown filter ${key}`)
    applyFilter(query, field, op, params.get(key)!, filter)
    searched ||= filter.kind === 'search'
  }
  return searched
}

function applySort(query: Query, params: ListParams, spec: ListSpec) {
  const sort = params.get('_sort')
  const order = params.get('_order')
  const sorts = sort === undefined ? [spec.defaultSort.field] : sort.split(',')
  const orders = order === undefined ? [sort === undefined ? spec.defaultSort.order : 'asc'] : order.split(',')
  sorts.forEach((field, index) => {
    const column = own(spec.sortable, field)
    if (!column) throw new FieldError('_sort', `Cannot sort by ${field}`)
    const direction = (orders[index] ?? orders[0] ?? 'asc').toLowerCase()
    if (direction !== 'asc' && direction !== 'desc') throw new FieldError('_order', 'The _order parameter must be asc or desc')
    query.orderBy(column, direction)
  })
  // A stable tie-break so pages never repeat or skip rows.
  query.orderBy(`${query.model.table}.id`, 'desc')
}

/**
 * Runs a filtered query for one page and sets `x-total-count` (simple-rest reads it). `knownTotal`, called once
 * the filters are validated, may give the total without counting the rows (null: count them).
 */
export async function paginate<T>(
  ctx: HttpContext,
  query: Query,
  spec: ListSpec,
  serialize: (row: any) => T,
  knownTotal?: (params: ListParams) => Promise<number | null>
): Promise<T[]> {
  const params = ListParams.of(ctx)
  const searched = applyFilters(query, params, spec)
  const countQuery = query.clone().clearSelect() // counted whatever columns the page reads
  applySort(query, params, spec)
  const { offset, limit } = pageOf(params)
  const count = async () => {
    const known = knownTotal ? await knownTotal(params) : null
    if (known !== null) return known
    const row = await countQuery.count('* as total').pojo<{ total: number }>().first()
    return Number(row?.total ?? 0)
  }
  // The page and the count of every match in one read; a page past the last match has no row to carry it: count then.
  const pageWithTotal = async () => {
    const rows = await query.select(db.raw('COUNT(*) OVER () AS list_total')).offset(offset).limit(limit)
    return [rows, rows.length > 0 ? Number(rows[0].$extras.list_total) : offset === 0 ? 0 : await count()] as const
  }
  const [rows, total] =
    searched && spec.countSearchInPage && !knownTotal
      ? await pageWithTotal()
      : await Promise.all([query.offset(offset).limit(limit), count()])
  ctx.response.header('x-total-count', String(total))
  return rows.map(serialize)
}

/**
 * A short list answered whole (its size is capped where its rows are made, e.g. 200 reply templates a workspace):
 * its filters and sort checked as for a page, and `x-total-count` set for simple-rest.
 */
export async function listAll<T>(ctx: HttpContext, query: Query, spec: ListSpec, serialize: (row: any) => T): Promise<T[]> {
  const params = ListParams.of(ctx)
  applyFilters(query, params, spec)
  applySort(query, params, spec)
  const rows = await query
  ctx.response.header('x-total-count', String(rows.length))
  return rows.map(serialize)
}
