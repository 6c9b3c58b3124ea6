/*
 * The 'Review Projections' card (docs/decisions.md D37): it says which average the new reviews are projected
 * at (the business's own recent Google-bound ratings, or the 4.5★ default), leads with the reviews gained, and
 * never shows a rating below the current one without saying why.
 */
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ReviewProjectionsCard } from '#components/review-projections/review-projections-card'

const recent = (count: number, average: number | null) => ({ recentGoogleRatings: count, recentGoogleAverage: average })

/** The table's Google rating column, top to bottom. */
const projectedRatings = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').at(-1)!.textContent)

describe('Review Projections card', () => {
  it("projects from the business's own ratings when it has enough, says so, and explains a rating below today's", () => {
    render(<ReviewProjectionsCard business={{ rating: 4.9, reviewCount: 120 }} googleRatings={recent(38, 4.74)} ratings={60} />)

    expect(screen.getByText('Based on your 38 ratings that went to Google in the last 90 days: 4.7★ average.')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: '+140 Google reviews in 1 month' })).toBeInTheDocument()
    expect(projectedRatings()).toEqual(['4.8 ★', '4.8 ★', '4.8 ★'])
    const why = screen.getByRole('note')
    expect(why).toHaveTextContent(
      'Why below 4.9★: new reviews are expected to average 4.7★, less than your current 4.9★, and an average moves toward what is added.'
    )
    expect(why).toHaveTextContent('Only customers who rate you 4-5★ are sent to Google')
    expect(screen.getByRole('table')).toHaveAttribute('aria-describedby', why.id)
  })

  it('assumes 4.5★ until there are 10 such ratings, and says how many there are', () => {
    render(<ReviewProjectionsCard business={{ rating: 4.9, reviewCount: 120 }} googleRatings={recent(3, 5)} ratings={4} />)

    expect(
      screen.getByText('Assumes new Google reviews average 4.5★ until you have 10 ratings that went to Google in 90 days (3 so far).')
    ).toBeInTheDocument()
    expect(projectedRatings()).toEqual(['4.7 ★', '4.6 ★', '4.5 ★'])
    expect(screen.getByRole('note')).toHaveTextContent('Why below 4.9★: new reviews are expected to average 4.5★')
  })

  it('a rising projection needs no explanation; the headline follows the daily customers', async () => {
    render(<ReviewProjectionsCard business={{ rating: 4.2, reviewCount: 120 }} googleRatings={recent(50, 4.8)} ratings={70} />)

    expect(screen.getByText('Based on your 50 ratings that went to Google in the last 90 days: 4.8★ average.')).toBeInTheDocument()
    expect(projectedRatings()).toEqual(['4.5 ★', '4.7 ★', '4.7 ★'])
    expect(screen.queryByRole('note')).not.toBeInTheDocument()

    const input = screen.getByLabelText('Daily customers')
    await userEvent.clear(input)
    await userEvent.type(input, '100')
    await userEvent.tab()
    expect(screen.getByRole('heading', { name: '+280 Google reviews in 1 month' })).toBeInTheDocument()
    expect(screen.getByLabelText('New reviews a week')).toHaveTextContent('70')
  })

  it('without a Google rating shows a dash, projects the average itself, and while its 4-5 star ratings load uses the default', () => {
    render(<ReviewProjectionsCard business={{ rating: null, reviewCount: 0 }} ratings={2} />)

    expect(
      screen.getByText('Assumes new Google reviews average 4.5★ until you have 10 ratings that went to Google in 90 days.')
    ).toBeInTheDocument()
    expect(projectedRatings()).toEqual(['4.5 ★', '4.5 ★', '4.5 ★'])
    expect(screen.queryByRole('note')).not.toBeInTheDocument()
    expect(screen.getByText('0 → 910 reviews in 6 months')).toBeInTheDocument()
  })

  it('with no ratings yet makes up nothing: it says what it will show and asks for the daily customers', async () => {
    render(<ReviewProjectionsCard business={{ rating: 4.2, reviewCount: 120 }} googleRatings={recent(0, null)} ratings={0} />)

    expect(
      screen.getByText(/Enter how many customers you serve on a typical day\. This card then shows how many new Google reviews/)
    ).toBeInTheDocument()
    const input = screen.getByLabelText('Daily customers')
    expect(input).toHaveValue('')
    expect(screen.queryByRole('heading', { name: /Google reviews in 1 month/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    expect(screen.queryByText('140')).not.toBeInTheDocument()
    // The listing's own figures are real: they stay.
    expect(screen.getByText('120 reviews')).toBeInTheDocument()

    await userEvent.type(input, '20')
    await userEvent.tab()
    expect(screen.getByRole('heading', { name: '+56 Google reviews in 1 month' })).toBeInTheDocument()
    expect(screen.getByLabelText('New reviews a week')).toHaveTextContent('14')
  })

  it('while the ratings are not known yet shows no projection either', () => {
    render(<ReviewProjectionsCard business={{ rating: 4.2, reviewCount: 120 }} />)
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    expect(screen.getByLabelText('Daily customers')).toHaveValue('')
  })
})
