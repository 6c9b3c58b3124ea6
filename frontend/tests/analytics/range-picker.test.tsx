import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { RangePicker } from '#components/analytics/range-picker'
import { presetRange, type DayRange } from '#lib/date-range'

// 11:30 IST on 24 November 2026.
const now = new Date('2026-11-24T06:00:00Z')

function Harness({ onChange, initial = presetRange('last30', now) }: { onChange(range: DayRange): void; initial?: DayRange }) {
  const [value, setValue] = useState(initial)
  return (
    <RangePicker
      value={value}
      now={now}
      onChange={(range) => {
        setValue(range)
        onChange(range)
      }}
    />
  )
}

async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }))
  const options = await screen.findAllByTitle(option)
  fireEvent.click(options.find((element) => element.classList.contains('ant-select-item-option'))!)
}

const selectedPeriod = () => document.querySelector('.ant-select-selection-item')?.getAttribute('title')
const inputs = () => [screen.getByPlaceholderText('Start date'), screen.getByPlaceholderText('End date')] as HTMLInputElement[]

function openCalendar() {
  fireEvent.mouseDown(inputs()[0])
  fireEvent.click(inputs()[0])
}

describe('RangePicker', () => {
  it('names the preset its dates are, and switches presets from the Period list', async () => {
    const onChange = vi.fn()
    render(<Harness onChange={onChange} />)

    expect(selectedPeriod()).toBe('Last 30 days')
    expect(inputs().map((input) => input.value)).toEqual(['26 Oct 2026', '24 Nov 2026'])

    await choose('Period', 'Last 7 days')
    expect(onChange).toHaveBeenLastCalledWith({ from: '2026-11-18', to: '2026-11-24' })
    await waitFor(() => expect(inputs()[0].value).toBe('18 Nov 2026'))

    await choose('Period', 'Last 90 days')
    expect(onChange).toHaveBeenLastCalledWith({ from: '2026-08-27', to: '2026-11-24' })
    await choose('Period', 'This month')
    expect(onChange).toHaveBeenLastCalledWith({ from: '2026-11-01', to: '2026-11-24' })
    expect(selectedPeriod()).toBe('This month')
  })

  it('offers the presets in the calendar too', async () => {
    const onChange = vi.fn()
    render(<Harness onChange={onChange} />)

    openCalendar()
    const presets = await waitFor(() => {
      const items = Array.from(document.querySelectorAll<HTMLElement>('.ant-picker-presets li'))
      expect(items.length).toBeGreaterThan(0)
      return items
    })
    expect(presets.map((item) => item.textContent)).toEqual(['Last 7 days', 'Last 30 days', 'Last 90 days', 'This month'])
    fireEvent.click(presets[0])
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ from: '2026-11-18', to: '2026-11-24' }))
  })

  it('takes a custom range of days, and names it so', async () => {
    const onChange = vi.fn()
    render(<Harness onChange={onChange} initial={presetRange('last7', now)} />)

    await choose('Period', 'Custom range')
    const cell = (day: string) => document.querySelector<HTMLElement>(`.ant-picker-cell[title="${day}"]`)!
    await waitFor(() => expect(cell('2026-11-10')).not.toBeNull())
    fireEvent.click(cell('2026-11-10'))
    fireEvent.click(cell('2026-11-12'))

    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ from: '2026-11-10', to: '2026-11-12' }))
    expect(selectedPeriod()).toBe('Custom range')
  })

  it('never offers a day after today in India', async () => {
    render(<Harness onChange={vi.fn()} initial={presetRange('last7', now)} />)

    openCalendar()
    const cell = (day: string) => document.querySelector<HTMLElement>(`.ant-picker-cell[title="${day}"]`)
    await waitFor(() => expect(cell('2026-11-25')).not.toBeNull())
    expect(cell('2026-11-25')).toHaveClass('ant-picker-cell-disabled')
    expect(cell('2026-12-01')).toHaveClass('ant-picker-cell-disabled')
    expect(cell('2026-11-24')).not.toHaveClass('ant-picker-cell-disabled')
  })
})
