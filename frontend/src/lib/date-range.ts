/*
 * Ranges of India's calendar days for the analytics screens (docs/decisions.md D36): the presets, the previous
 * period the API compares with (the same number of days just before), and how a change against it reads. Days are
 * 'YYYY-MM-DD' strings, computed in UTC so no browser time zone moves them.
 */
import { TIME_ZONE } from '#lib/dates'

export interface DayRange {
  from: string
  to: string
}

export type RangePreset = 'last7' | 'last30' | 'last90' | 'thisMonth'

export const RANGE_PRESETS: { key: RangePreset; label: string }[] = [
  { key: 'last7', label: 'Last 7 days' },
  { key: 'last30', label: 'Last 30 days' },
  { key: 'last90', label: 'Last 90 days' },
  { key: 'thisMonth', label: 'This month' },
]

export const DEFAULT_PRESET: RangePreset = 'last30'

/** The longest range the API answers (its DAILY_SERIES_MAX_DAYS). */
export const MAX_RANGE_DAYS = 366

const DAY_MS = 86_400_000
const PRESET_DAYS: Record<Exclude<RangePreset, 'thisMonth'>, number> = { last7: 7, last30: 30, last90: 90 }

/** Today's date in India. */
export const indiaToday = (now = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now)

export const shiftDay = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)

/** Days in the range, both ends counted. */
export const daysInRange = ({ from, to }: DayRange) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1

export const isAfterToday = (day: string, now = new Date()) => day > indiaToday(now)

export function presetRange(preset: RangePreset, now = new Date()): DayRange {
  const to = indiaToday(now)
  if (preset === 'thisMonth') return { from: `${to.slice(0, 8)}01`, to }
  return { from: shiftDay(to, 1 - PRESET_DAYS[preset]), to }
}

/** The preset these dates are today, or null for a custom range. */
export function matchingPreset(range: DayRange, now = new Date()): RangePreset | null {
  const match = RANGE_PRESETS.find(({ key }) => {
    const preset = presetRange(key, now)
    return preset.from === range.from && preset.to === range.to
  })
  return match?.key ?? null
}

/** The same number of days just before the range, as the API compares. */
export function previousRange(range: DayRange): DayRange {
  return { from: shiftDay(range.from, -daysInRange(range)), to: shiftDay(range.from, -1) }
}

const DAY = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' })
const DAY_AND_YEAR = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })

/** '2026-11-21' → '21 Nov' (or '21 Nov 2026'). The day is already India's calendar day, so it is read in UTC to keep it. */
export const formatDay = (day: string, withYear = false) => (withYear ? DAY_AND_YEAR : DAY).format(new Date(`${day}T00:00:00Z`))

/** '26 Oct – 24 Nov 2026'; the year on both ends only when they differ; one day alone. */
export function formatRange({ from, to }: DayRange) {
  if (from === to) return formatDay(to, true)
  return `${formatDay(from, from.slice(0, 4) !== to.slice(0, 4))} – ${formatDay(to, true)}`
}

export const previousLabel = (days: number) => (days === 1 ? 'previous day' : `previous ${days} days`)

/** The change in whole percent; null when the previous value was 0 (no base to compare with). */
export const percentChange = (current: number, previous: number) =>
  previous === 0 ? null : Math.round(((current - previous) / previous) * 100)

export type Trend = 'up' | 'down' | 'same' | 'none'

/** `count`: a number of things (with a percent); `rating`: stars, one decimal; `rate`: a percentage, in points. */
export type ChangeKind = 'count' | 'rating' | 'rate'

const signed = (value: number, decimals: number) => `${value > 0 ? '+' : '−'}${Math.abs(value).toFixed(decimals)}`

/**
 * Below this many in the previous period a count's change is given against that number, not as a percentage: from
 * 1 to 59 is "+5800%", which says less than "vs 1".
 */
export const PERCENT_MIN_BASE = 10

/**
 * How a figure compares with the previous period of `days` days: '+12 (+40%) vs previous 30 days', '+0.3 vs …',
 * '−12.5 pts vs …', 'Same as …'. A count the previous period had few of shows its change against that number
 * ('+58 vs 1 in the previous 30 days'), and one it did not have at all its change alone ('+5, none in the previous
 * 30 days'): no percentage of nothing. A rating or rate the previous period had no ratings for (null): 'No ratings
 * in the previous 30 days'.
 */
export function describeChange(
  current: number | null,
  previous: number | null,
  days: number,
  kind: ChangeKind = 'count'
): { trend: Trend; text: string } {
  const against = previousLabel(days)
  if (current === null) return { trend: 'none', text: 'No ratings in this period' }
  if (previous === null) return { trend: 'none', text: `No ratings in the ${against}` }
  const decimals = kind === 'count' ? 0 : 1
  const delta = Number((current - previous).toFixed(decimals))
  const trend: Trend = delta > 0 ? 'up' : delta < 0 ? 'down' : 'same'
  if (kind === 'count' && previous === 0)
    return delta === 0 ? { trend, text: `None in the ${against} either` } : { trend, text: `${signed(delta, 0)}, none in the ${against}` }
  if (delta === 0) return { trend, text: `Same as ${against}` }
  if (kind === 'count' && previous < PERCENT_MIN_BASE) return { trend, text: `${signed(delta, 0)} vs ${previous} in the ${against}` }
  const percent = kind === 'count' ? percentChange(current, previous) : null
  // The percent takes the change's sign, so a rounded 0 % still reads '+0%' or '−0%' the way the count went.
  const share = percent === null ? '' : ` (${signed(delta, 0)[0]}${Math.abs(percent)}%)`
  const amount = `${signed(delta, decimals)}${kind === 'rate' ? ' pts' : ''}${share}`
  return { trend, text: `${amount} vs ${against}` }
}
