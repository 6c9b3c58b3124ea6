/*
 * Chooses a range of India's calendar days for the analytics screens (docs/decisions.md D36): a Period list with the
 * presets (quick on a phone) next to antd's range picker, which offers the same presets and any custom range up to
 * the API's 366 days, never a day after today. Brings dayjs and the picker: load it lazily where the first screen
 * is measured.
 */
import type { DayRange } from '#lib/date-range'
import { DatePicker, Flex, Select, type GetRef } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useRef, useState } from 'react'
import { isAfterToday, matchingPreset, MAX_RANGE_DAYS, presetRange, RANGE_PRESETS, type RangePreset } from '#lib/date-range'
// On phones: one month (range-one-month) with the presets above it (range-presets-above), to fit 390 px.
import '#components/date-range-filter.css'
import './range-picker.css'

const CUSTOM = 'custom'
const DAY = 'YYYY-MM-DD'

const PERIOD_OPTIONS = [
  ...RANGE_PRESETS.map(({ key, label }) => ({ value: key as string, label })),
  { value: CUSTOM, label: 'Custom range' },
]

export function RangePicker({ value, onChange, now = new Date() }: { value: DayRange; onChange(range: DayRange): void; now?: Date }) {
  const [open, setOpen] = useState(false)
  const picker = useRef<GetRef<typeof DatePicker.RangePicker>>(null)
  // 'Custom range' chosen, the calendar open for it, before any new dates are picked.
  const [choosingCustom, setChoosingCustom] = useState(false)
  const preset = matchingPreset(value, now)

  const change = (range: DayRange) => {
    setChoosingCustom(false)
    onChange(range)
  }

  const choosePeriod = (key: string) => {
    if (key === CUSTOM) {
      setChoosingCustom(true)
      setOpen(true)
      // The calendar fills the start date first, as when its input is clicked.
      picker.current?.focus()
    } else change(presetRange(key as RangePreset, now))
  }

  const disabledDate = (day: Dayjs, info?: { from?: Dayjs }) =>
    isAfterToday(day.format(DAY), now) || (info?.from !== undefined && Math.abs(day.diff(info.from, 'day')) >= MAX_RANGE_DAYS)

  return (
    <Flex gap={8} wrap align="center">
      <Select
        aria-label="Period"
        value={choosingCustom || !preset ? CUSTOM : preset}
        options={PERIOD_OPTIONS}
        onChange={choosePeriod}
        style={{ minWidth: 150 }}
      />
      <DatePicker.RangePicker
        ref={picker}
        aria-label="Dates"
        value={[dayjs(value.from), dayjs(value.to)]}
        format="D MMM YYYY"
        allowClear={false}
        inputReadOnly
        open={open}
        onOpenChange={(next) => {
          setOpen(next)
          if (!next) setChoosingCustom(false)
        }}
        presets={RANGE_PRESETS.map(({ key, label }) => {
          const range = presetRange(key, now)
          return { label, value: [dayjs(range.from), dayjs(range.to)] as [Dayjs, Dayjs] }
        })}
        disabledDate={disabledDate}
        classNames={{ popup: { root: 'range-one-month range-presets-above' } }}
        onChange={(dates) => {
          if (dates?.[0] && dates[1]) change({ from: dates[0].format(DAY), to: dates[1].format(DAY) })
        }}
        style={{ flex: '1 1 240px', maxWidth: 320 }}
      />
    </Flex>
  )
}
