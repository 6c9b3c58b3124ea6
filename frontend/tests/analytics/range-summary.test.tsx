import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { RangeSummary } from '#components/analytics/range-summary'
import { CAFE_BEFORE, CAFE_NOW, rangeAnswer, totals } from './range-fixtures'

const range = { from: '2026-10-26', to: '2026-11-24' }
const figure = (name: string) => screen.getByRole('group', { name })

describe('RangeSummary', () => {
  it('shows the period, each figure and its change against the previous period with an arrow', () => {
    render(<RangeSummary data={rangeAnswer(range)} />)

    expect(screen.getByText('26 Oct – 24 Nov 2026')).toBeInTheDocument()
    expect(screen.getByText(/against 26 Sept? – 25 Oct 2026/)).toBeInTheDocument()

    const reviews = figure('Ratings')
    expect(within(reviews).getByText('42')).toBeInTheDocument()
    expect(within(reviews).getByText('+12 (+40%) vs previous 30 days')).toBeInTheDocument()
    expect(within(reviews).getByRole('img', { name: 'arrow-up' })).toBeInTheDocument()

    expect(within(figure('Average rating')).getByText('4.5')).toBeInTheDocument()
    expect(within(figure('Average rating')).getByText('+0.3 vs previous 30 days')).toBeInTheDocument()
    expect(within(figure('Sent to Google')).getByText('Same as previous 30 days')).toBeInTheDocument()

    // Private ratings are every rating of 3 or below, with how many carry a comment (docs/decisions.md D38).
    const feedback = figure('Private ratings')
    expect(within(feedback).getByText('6')).toBeInTheDocument()
    expect(within(feedback).getByText('Rated 3 or below, 3 with a comment')).toBeInTheDocument()
    expect(within(feedback).getByText('+1 vs 5 in the previous 30 days')).toBeInTheDocument()
    expect(within(feedback).getByRole('img', { name: 'arrow-up' })).toBeInTheDocument()
    // More private ratings are the bad direction, more ratings the good one.
    expect(within(feedback).getByText('+1 vs 5 in the previous 30 days').closest('[data-tone]')).toHaveAttribute('data-tone', 'bad')
    expect(within(reviews).getByText('+12 (+40%) vs previous 30 days').closest('[data-tone]')).toHaveAttribute('data-tone', 'good')
    expect(CAFE_BEFORE.redirectedSessions).toBe(CAFE_NOW.redirectedSessions)
  })

  it('shows the change of a figure the previous period did not have, without a percentage against nothing', () => {
    render(<RangeSummary data={rangeAnswer(range, { previousTotals: totals() })} />)

    expect(within(figure('Ratings')).getByText('+42, none in the previous 30 days')).toBeInTheDocument()
    expect(within(figure('Sent to Google')).getByText('+30, none in the previous 30 days')).toBeInTheDocument()
    expect(within(figure('Private ratings')).getByText('+6, none in the previous 30 days')).toBeInTheDocument()
    expect(within(figure('Average rating')).getByText('No ratings in the previous 30 days')).toBeInTheDocument()
    expect(screen.queryByText(/%/)).not.toBeInTheDocument()
    expect(screen.queryByText('No earlier data')).not.toBeInTheDocument()
  })

  it('gives the change against a handful as that handful, never as a percentage of (almost) nothing', () => {
    // 2 ratings before, none of them sent to Google: '+2800%' and a percentage of nothing would say nothing.
    const before = totals({ totalSessions: 2, negativeSessions: 2, averageRating: 2, filteredFeedback: 1 })
    const now = totals({ totalSessions: 58, positiveSessions: 50, negativeSessions: 8, redirectedSessions: 50, averageRating: 4.4 })
    render(<RangeSummary data={rangeAnswer(range, { totals: now, previousTotals: before })} />)

    expect(within(figure('Ratings')).getByText('+56 vs 2 in the previous 30 days')).toBeInTheDocument()
    expect(screen.queryByText(/%/)).not.toBeInTheDocument()
    expect(within(figure('Sent to Google')).getByText('+50, none in the previous 30 days')).toBeInTheDocument()
    expect(within(figure('Sent to Google')).getByText('+50, none in the previous 30 days').closest('[data-tone]')).toHaveAttribute(
      'data-tone',
      'good'
    )
  })

  it('shows a dash for the average of a period without ratings, and the previous day for a one-day range', () => {
    const day = { from: '2026-11-24', to: '2026-11-24' }
    render(<RangeSummary data={rangeAnswer(day, { totals: totals(), previousTotals: totals({ totalSessions: 2, averageRating: 4 }) })} />)

    expect(within(figure('Average rating')).getByText('—')).toBeInTheDocument()
    expect(within(figure('Ratings')).getByText('−2 vs 2 in the previous day')).toBeInTheDocument()
    expect(screen.getByText('24 Nov 2026')).toBeInTheDocument()
  })
})
