import { act, fireEvent, render, screen } from '@testing-library/react'
import { TestimonialCarousel } from '#site/components/testimonial-carousel'
import type { Testimonial } from '#site/content/marketing'

const items: Testimonial[] = [1, 2, 3, 4].map((n) => ({
  quote: `Quote number ${n}`,
  name: `Owner ${n}`,
  business: `Shop ${n}, Pune`,
}))

const showing = (n: number) => {
  expect(screen.getByText(`“Quote number ${n}”`)).toBeInTheDocument()
  expect(screen.getByRole('button', { name: `Show testimonial ${n}` })).toHaveAttribute('aria-current', 'true')
  expect(screen.getAllByText(/Quote number/)).toHaveLength(1)
}
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms))

describe('TestimonialCarousel', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  test('shows the first testimonial with one dot per entry', () => {
    render(<TestimonialCarousel items={items} />)
    showing(1)
    expect(screen.getAllByRole('button', { name: /Show testimonial/ })).toHaveLength(4)
    expect(screen.getByText('Owner 1')).toBeInTheDocument()
    expect(screen.getByText('Shop 1, Pune')).toBeInTheDocument()
  })

  test('moves to the next testimonial every 5 seconds', () => {
    render(<TestimonialCarousel items={items} />)
    advance(4999)
    showing(1)
    advance(1)
    showing(2)
  })

  test('wraps around to the first after the fourth', () => {
    render(<TestimonialCarousel items={items} />)
    for (const n of [2, 3, 4]) {
      advance(5000)
      showing(n)
    }
    advance(5000)
    showing(1)
  })

  test('a dot shows its testimonial and the next change comes 5 seconds after the click', () => {
    render(<TestimonialCarousel items={items} />)
    advance(3000)
    fireEvent.click(screen.getByRole('button', { name: 'Show testimonial 3' }))
    showing(3)
    advance(4999)
    showing(3)
    advance(1)
    showing(4)
  })

  test('clicking the dot that is already showing restarts the wait too', () => {
    render(<TestimonialCarousel items={items} />)
    advance(4000)
    fireEvent.click(screen.getByRole('button', { name: 'Show testimonial 1' }))
    advance(4999)
    showing(1)
    advance(1)
    showing(2)
  })

  test('honours an interval given by the page', () => {
    render(<TestimonialCarousel items={items} intervalMs={2000} />)
    advance(2000)
    showing(2)
  })
})

describe('TestimonialCarousel pausing (WCAG 2.2.2)', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  test('Pause stops the rotation and Play resumes it', () => {
    render(<TestimonialCarousel items={items} />)
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }))
    advance(15_000)
    showing(1)
    fireEvent.click(screen.getByRole('button', { name: 'Play' }))
    advance(5000)
    showing(2)
  })

  test('rotation waits while the pointer is over the carousel', () => {
    render(<TestimonialCarousel items={items} />)
    fireEvent.mouseEnter(screen.getByRole('group', { name: 'Testimonials' }))
    advance(10_000)
    showing(1)
    fireEvent.mouseLeave(screen.getByRole('group', { name: 'Testimonials' }))
    advance(5000)
    showing(2)
  })
})
