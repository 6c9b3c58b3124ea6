/*
 * The owner lists' date filter (feedback, review requests, Google reviews): two whole days up to today, picked from
 * the calendar (typing is off: a phone's keyboard would cover it), one month at a time on a phone.
 */
import { DatePicker } from 'antd'
import type { Dayjs } from 'dayjs'
import './date-range-filter.css'

export type DateRange = [Dayjs, Dayjs]

export function DateRangeFilter({ value, onChange }: { value: DateRange | null; onChange(range: DateRange | null): void }) {
  return (
    <DatePicker.RangePicker
      aria-label="Date range"
      value={value}
      format="D MMM YYYY"
      allowEmpty={[false, false]}
      inputReadOnly
      classNames={{ popup: { root: 'range-one-month' } }}
      disabledDate={(day) => day.isAfter(new Date(), 'day')}
      onChange={(range) => onChange(range?.[0] && range[1] ? [range[0], range[1]] : null)}
      style={{ minWidth: 240, flex: '1 1 240px', maxWidth: 320 }}
    />
  )
}
