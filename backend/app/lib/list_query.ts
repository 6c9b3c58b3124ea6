/*
 * Reads @refinedev/simple-rest list parameters (`_start`, `_end`, `_sort`, `_order`, `field`, `field_like`,
 * `field_gte`, `field_lte`, `field_ne`) against a resource's allow-list, and applies them to a Lucid query.
 * Unknown sort fields or malformed values are a 422, never a silent default.
 */
import type { ModelQueryBuilderContract, LucidModel } from '@adonisjs/lucid/types/model'
import type { HttpContext } from '@adonisjs/core/http'
import { FieldError } from '#exceptions/app_errors'
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '#lib/constants'
import { parseDateFilter } from '#lib/time'

/** `present`: true matches rows where the column is set (e.g. `resolved` ↔ `resolved_at IS NOT NULL`). */
type FilterKind = 'id' | 'int' | 'bool' | 'present' | 'date' | 'text'

export interface ListSpec {
  /** Sortable field (as the client names it) → column. */
  sortable: Record<string, string>
  defaultSort: { field: string; order: 'asc' | 'desc' }
  /** Filterable field → column and kind. `text` fields accept `_like`; `int`/`date` accept `_gte`/`_lte`. */
  filters: Record<string, { column: string; kind: FilterKind }>
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

function single(field: string, value: unknown): string {
  if (Array.isArray(value) && value.length === 1) return single(field, value[0])
  if (Array.isArray(value)) throw new FieldError(field, `The ${field} parameter may be given only once`)
  if (typeof value !== 'string') throw new FieldError(field, `The ${field} parameter must be a plain value`)
  return value
}

export function pageOf(qs: Record<string, unknown>) {
  const start = qs._start === undefined ? 0 : toInt('_start', single('_start', qs._start), 0)
  const end = qs._end === undefined ? start + DEFAULT_PAGE_SIZE : toInt('_end', single('_end', qs._end), 0)
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
    case 'text': {
      if (op !== 'like' && op !== '') throw new FieldError(param, `Unsupported filter ${param}`)
      if (raw.length > 200) throw new FieldError(param, `The ${param} parameter is too long`)
      const escaped = raw.replace(/[\\%_]/g, (c) => `\\${c}`)
      if (op === 'like') query.whereILike(column, `%${escaped}%`)
      else query.where(column, raw)
    }
  }
}

/**
 * Filters are read from the raw query string, not from the parsed object: the query-string parser drops keys
 * named like Object.prototype members (`toString`, `constructor`, `__proto__`), which would make them silently
 * ignored filters instead of the 422 every unknown name gets.
 */
function applyFilters(query: Query, rawQuery: string, spec: ListSpec) {
  const params = new URLSearchParams(rawQuery)
  for (const key of new Set(params.keys())) {
    if (LIST_CONTROLS.has(key)) continue
    const [, field, op = ''] = /^(.+?)(?:_(like|gte|lte|ne))?$/.exec(key) ?? [key, key]
    const filter = own(spec.filters, field)
    if (!filter) throw new FieldError(key, `Unknown filter ${key}`)
    applyFilter(query, field, op, single(key, params.getAll(key)), filter)
  }
}

function applySort(query: Query, qs: Record<string, unknown>, spec: ListSpec) {
  const sorts = qs._sort === undefined ? [spec.defaultSort.field] : single('_sort', qs._sort).split(',')
  const defaultOrder = qs._sort === undefined ? spec.defaultSort.order : 'asc'
  const orders = qs._order === undefined ? [defaultOrder] : single('_order', qs._order).split(',')
  sorts.forEach((field, index) => {
    const column = own(spec.sortable, field)
    if (!column) throw new FieldError('_sort', `Cannot sort by ${field}`)
    const order = (orders[index] ?? orders[0] ?? 'asc').toLowerCase()
    if (order !== 'asc' && order !== 'desc') throw new FieldError('_order', 'The _order parameter must be asc or desc')
    query.orderBy(column, order)
  })
  // A stable tie-break so pages never repeat or skip rows.
  query.orderBy(`${query.model.table}.id`, 'desc')
}

/** The filter parameters of a list request (everything but paging and sorting). */
export const filterParams = (qs: Record<string, unknown>) => Object.keys(qs).filter((key) => !LIST_CONTROLS.has(key))

/**
 * Runs a filtered query for one page and sets `x-total-count` (simple-rest reads it). `knownTotal`, called once
 * the filters are validated, may give the total without counting the rows (null: count them).
 */
export async function paginate<T>(
  ctx: HttpContext,
  query: Query,
  spec: ListSpec,
  serialize: (row: any) => T,
  knownTotal?: () => Promise<number | null>
): Promise<T[]> {
  const qs = ctx.request.qs()
  applyFilters(query, ctx.request.parsedUrl.query ?? '', spec)
  const countQuery = query.clone()
  applySort(query, qs, spec)
  const { offset, limit } = pageOf(qs)
  const count = async () => {
    const known = knownTotal ? await knownTotal() : null
    if (known !== null) return known
    const row = await countQuery.count('* as total').pojo<{ total: number }>().first()
    return Number(row?.total ?? 0)
  }
  const [rows, total] = await Promise.all([query.offset(offset).limit(limit), count()])
  ctx.response.header('x-total-count', String(total))
  return rows.map(serialize)
}
