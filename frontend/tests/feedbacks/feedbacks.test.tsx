import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { formatDateTime, relativeTime } from '#lib/dates'
import { BusinessesProvider } from '#hooks/use-businesses'
import FeedbacksPage from '#pages/feedbacks'
import { fakeApi, fixtures, renderScreen, signIn, type Routes } from '../helpers'

const feedbacks = [
  fixtures.session({
    id: 4,
    rating: 2,
    redirected: false,
    feedback: 'Cold food, "slow" service',
    createdAt: '2026-11-21T18:45:00.000Z',
    timestamp: '2026-11-21T18:45:00.000Z',
  }),
  fixtures.session({
    id: 3,
    rating: 1,
    redirected: false,
    feedback: '=HYPERLINK("http://evil")',
    createdAt: '2026-11-20T04:00:00.000Z',
    timestamp: '2026-11-20T04:00:00.000Z',
  }),
]

const list = (rows: unknown[], total = rows.length) => ({ status: 200, body: rows, headers: { 'x-total-count': String(total) } })

function open(routes: Routes) {
  signIn()
  const api = fakeApi({ 'GET /api/businesses': list([fixtures.business()]), ...routes })
  renderScreen(
    <BusinessesProvider>
      <FeedbacksPage />
    </BusinessesProvider>,
    { path: '/feedbacks' }
  )
  return api
}

/** The list's own calls (not the one-row call that counts the rows with a comment). */
const feedbackCalls = (api: ReturnType<typeof fakeApi>) =>
  api.calls.filter((call) => call.method === 'GET' && call.path === '/api/feedbacks' && call.url.searchParams.get('_end') !== '1')
const countCalls = (api: ReturnType<typeof fakeApi>) =>
  api.calls.filter((call) => call.method === 'GET' && call.path === '/api/feedbacks' && call.url.searchParams.get('_end') === '1')
const lastQuery = (api: ReturnType<typeof fakeApi>) => Object.fromEntries(feedbackCalls(api).at(-1)!.url.searchParams)

/** Opens an antd Select by its label and clicks an option. */
async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }))
  const options = await screen.findAllByTitle(option)
  fireEvent.click(options.find((element) => element.classList.contains('ant-select-item-option'))!)
}

afterEach(() => vi.restoreAllMocks())
// The businesses call, then the feedback call, on a busy machine.
configure({ asyncUtilTimeout: 4000 })

describe('customer feedbacks screen', () => {
  it('lists the selected business’s private feedback, newest first, with a count badge', async () => {
    const api = open({ 'GET /api/feedbacks': list(feedbacks) })

    expect(await screen.findByText('“Cold food, "slow" service”')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Customer feedback' })).toBeInTheDocument()
    expect(screen.getByText('2 private ratings')).toBeInTheDocument()
    expect(screen.getAllByText('Private rating')).toHaveLength(2)
    expect(screen.getByText('Where are the 4-5 star ratings?')).toBeInTheDocument()
    expect(screen.getByText(/4 or 5 stars are sent on to your Google review page/)).toBeInTheDocument()
    expect(screen.getByText(/also offered Google is each business’s routing choice/)).toBeInTheDocument()
    expect(lastQuery(api)).toEqual({ _start: '0', _end: '10', _sort: 'createdAt', _order: 'desc', businessId: '7' })
  })

  it('says "1 feedback" for one', async () => {
    open({ 'GET /api/feedbacks': list(feedbacks.slice(0, 1)) })
    expect(await screen.findByText('1 private rating')).toBeInTheDocument()
  })

  it('counts every matching feedback, not just the page, and pages through them', async () => {
    const api = open({ 'GET /api/feedbacks': list(feedbacks, 23) })
    expect(await screen.findByText('23 private ratings')).toBeInTheDocument()
    fireEvent.click(screen.getByTitle('3'))
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ _start: '20', _end: '30' }))
  })

  it('shows the empty state when there is no negative feedback', async () => {
    open({ 'GET /api/feedbacks': list([]) })
    expect(await screen.findByText('No negative feedback yet')).toBeInTheDocument()
    expect(screen.getByText('0 private ratings')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Export CSV/ })).toBeDisabled()
  })

  it('sends the rating, status and date filters to the API', async () => {
    const api = open({ 'GET /api/feedbacks': list(feedbacks) })
    await screen.findByText('2 private ratings')

    await choose('Rating', '2 stars')
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ businessId: '7', rating: '2' }))

    await choose('Status', 'Unresolved')
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ rating: '2', resolved: 'false' }))
    await choose('Status', 'Resolved')
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ resolved: 'true' }))

    // Pick the first and the last selectable day of the month the picker opens on.
    fireEvent.mouseDown(screen.getAllByPlaceholderText('Start date')[0])
    fireEvent.click(screen.getAllByPlaceholderText('Start date')[0])
    const days = () => Array.from(document.querySelectorAll<HTMLElement>('.ant-picker-cell-in-view:not(.ant-picker-cell-disabled)'))
    await waitFor(() => expect(days().length).toBeGreaterThan(0))
    const [first, last] = [days()[0].title, days().at(-1)!.title]
    fireEvent.click(days()[0])
    fireEvent.click(days().find((cell) => cell.title === last)!)
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ createdAt_gte: first, createdAt_lte: last, _start: '0' }))

    await choose('Rating', 'All ratings')
    await waitFor(() => expect(lastQuery(api)).not.toHaveProperty('rating'))
  })

  it('offers to clear filters when nothing matches', async () => {
    open({ 'GET /api/feedbacks': ({ url }: { url: URL }) => list(url.searchParams.has('rating') ? [] : feedbacks) })
    await screen.findByText('2 private ratings')
    await choose('Rating', '3 stars')
    expect(await screen.findByText('No feedback matches these filters')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }))
    expect(await screen.findByText('2 private ratings')).toBeInTheDocument()
    expect(document.querySelector('.ant-select-selection-item[title="All ratings"]')).not.toBeNull()
  })

  it('marks a feedback resolved with PATCH {resolved:true} and shows it resolved', async () => {
    let resolvedAt: string | null = null
    const api = open({
      'GET /api/feedbacks': () => list([{ ...feedbacks[0], resolved: resolvedAt !== null, resolvedAt }]),
      'PATCH /api/feedbacks/4': ({ body }: { body: { resolved: boolean } }) => {
        resolvedAt = body.resolved ? '2026-11-22T06:00:00.000Z' : null
        return { ...feedbacks[0], resolved: body.resolved, resolvedAt }
      },
    })

    fireEvent.click(await screen.findByRole('button', { name: /Mark as resolved/ }))
    expect(await screen.findByText('Resolved')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Mark as resolved/ })).not.toBeInTheDocument()
    const patch = api.calls.find((call) => call.method === 'PATCH')!
    expect(patch.path).toBe('/api/feedbacks/4')
    expect(patch.body).toEqual({ resolved: true })
  })

  it('shows the server sentence when marking resolved fails', async () => {
    open({
      'GET /api/feedbacks': list(feedbacks.slice(0, 1)),
      'PATCH /api/feedbacks/4': { status: 404, body: { error: 'Feedback not found', message: 'Feedback not found' } },
    })
    fireEvent.click(await screen.findByRole('button', { name: /Mark as resolved/ }))
    expect(await screen.findByText('Update Failed')).toBeInTheDocument()
    expect(screen.getByText('Feedback not found')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Mark as resolved/ })).toBeInTheDocument()
  })

  // docs/screens.md#customer-feedbacks: the relative time keeps the exact date and time, shown on hover.
  it('shows when each feedback came, with the exact date and time on hover', async () => {
    open({ 'GET /api/feedbacks': list(feedbacks) })
    await screen.findByText('2 private ratings')
    const time = document.querySelector('time[datetime="2026-11-21T18:45:00.000Z"]') as HTMLElement
    expect(time).not.toBeNull()
    expect(time).toHaveTextContent(relativeTime('2026-11-21T18:45:00.000Z'))
    await userEvent.hover(time)
    expect(await screen.findByRole('tooltip')).toHaveTextContent(formatDateTime('2026-11-21T18:45:00.000Z'))
    expect(formatDateTime('2026-11-21T18:45:00.000Z')).toMatch(/22 Nov 2026, 12:15\sam/i)
  })

  it('exports the feedback on screen as a CSV', async () => {
    let saved: Blob | undefined
    let fileName = ''
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => ((saved = blob), 'blob:csv'), revokeObjectURL: () => {} }))
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      fileName = this.download
    })
    open({ 'GET /api/feedbacks': list(feedbacks) })

    await screen.findByText('2 private ratings')
    fireEvent.click(screen.getByRole('button', { name: /Export CSV/ }))
    expect(fileName).toMatch(/^chai_point_cafe_feedback_\d{4}-\d{2}-\d{2}\.csv$/)
    const text = await saved!.text()
    expect(text.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'Date (Asia/Kolkata),Rating,Feedback,Resolved,Source,Rated in,Call-back name,Call-back phone (+91)',
      '2026-11-22 00:15,2,"Cold food, ""slow"" service",No,Review link,Customer page,,',
      `2026-11-20 09:30,1,"'=HYPERLINK(""http://evil"")",No,Review link,Customer page,,`,
      '',
    ])
  })

  // docs/decisions.md D38: one selector, the header's; the page names the business it shows.
  it('names the business it shows; its business filter offers that one or all, never another', async () => {
    open({
      'GET /api/businesses': list([fixtures.business(), fixtures.business({ id: 8, name: 'Dosa Corner' })]),
      'GET /api/feedbacks': list(feedbacks),
    })
    await screen.findByText('2 private ratings')
    expect(screen.getByText('Chai Point Cafe', { selector: '.ant-typography' })).toBeInTheDocument()
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Business' }))
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option')).not.toHaveLength(0))
    const options = Array.from(document.querySelectorAll('.ant-select-item-option')).map((option) => option.getAttribute('title'))
    expect(options).toEqual(['Chai Point Cafe', 'All businesses'])
  })

  it('has no business filter for an owner of one business', async () => {
    open({ 'GET /api/feedbacks': list(feedbacks) })
    await screen.findByText('2 private ratings')
    expect(screen.queryByRole('combobox', { name: 'Business' })).not.toBeInTheDocument()
  })

  describe('one inbox across all businesses', () => {
    const dosa = fixtures.business({ id: 8, name: 'Dosa Corner', shortUrl: 'dosa123' })
    const everyBusiness = [
      fixtures.session({
        id: 9,
        businessId: 8,
        rating: 1,
        redirected: false,
        feedback: 'Sambar was cold',
        createdAt: '2026-11-22T05:00:00.000Z',
      }),
      ...feedbacks,
    ]
    /** The API: the selected business's feedback with `businessId`, every business's without. */
    const openBoth = () =>
      open({
        'GET /api/businesses': list([fixtures.business(), dosa]),
        'GET /api/feedbacks': ({ url }: { url: URL }) => (url.searchParams.has('businessId') ? list(feedbacks) : list(everyBusiness, 14)),
      })

    it('"All businesses" lists the feedback of every business the owner has, each naming its business', async () => {
      const api = openBoth()
      await screen.findByText('2 private ratings')
      expect(screen.queryByText('“Sambar was cold”')).not.toBeInTheDocument()

      await choose('Business', 'All businesses')
      expect(await screen.findByText('“Sambar was cold”')).toBeInTheDocument()
      expect(lastQuery(api)).toEqual({ _start: '0', _end: '10', _sort: 'createdAt', _order: 'desc' })
      expect(countCalls(api).at(-1)!.url.searchParams.has('businessId')).toBe(false)
      expect(screen.getByText('14 private ratings')).toBeInTheDocument()
      // The header says what the list is; each row says whose it is.
      expect(screen.getByText('All businesses', { selector: '.ant-typography' })).toBeInTheDocument()
      const rows = screen.getAllByRole('listitem').filter((row) => row.classList.contains('ant-list-item'))
      expect(
        rows.map((row) => within(row).getByText(/Dosa Corner|Chai Point Cafe/, { selector: '.ant-tag *, .ant-tag' }).textContent)
      ).toEqual(['Dosa Corner', 'Chai Point Cafe', 'Chai Point Cafe'])
    })

    it('keeps the other filters on every business, and goes back to the selected one', async () => {
      const api = openBoth()
      await screen.findByText('2 private ratings')
      await choose('Business', 'All businesses')
      await screen.findByText('14 private ratings')
      await choose('Rating', '1 star')
      await waitFor(() => expect(lastQuery(api)).toEqual({ _start: '0', _end: '10', _sort: 'createdAt', _order: 'desc', rating: '1' }))
      await choose('Business', 'Chai Point Cafe')
      await waitFor(() => expect(lastQuery(api)).toMatchObject({ businessId: '7', rating: '1' }))
      expect(await screen.findByText('2 private ratings')).toBeInTheDocument()
    })

    it("exports every business's rows with the business first", async () => {
      let saved: Blob | undefined
      let fileName = ''
      vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => ((saved = blob), 'blob:csv'), revokeObjectURL: () => {} }))
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        fileName = this.download
      })
      openBoth()
      await screen.findByText('2 private ratings')
      await choose('Business', 'All businesses')
      await screen.findByText('“Sambar was cold”')
      fireEvent.click(screen.getByRole('button', { name: /Export CSV/ }))
      expect(fileName).toMatch(/^all_businesses_feedback_\d{4}-\d{2}-\d{2}\.csv$/)
      const lines = (await saved!.text()).replace(/^\uFEFF/, '').split('\r\n')
      expect(lines[0]).toBe('Business,Date (Asia/Kolkata),Rating,Feedback,Resolved,Source,Rated in,Call-back name,Call-back phone (+91)')
      expect(lines.slice(1, 3).map((line) => line.split(',')[0])).toEqual(['Dosa Corner', 'Chai Point Cafe'])
    })
  })

  // docs/decisions.md D38: the inbox and the overview count the same things in the same words.
  it('counts every private rating and says how many carry a comment', async () => {
    const quiet = fixtures.session({ id: 5, rating: 3, redirected: false, feedback: null })
    const api = open({
      'GET /api/feedbacks': ({ url }: { url: URL }) =>
        url.searchParams.get('hasFeedback') === 'true' ? list(feedbacks.slice(0, 1), 8) : list([quiet, ...feedbacks], 9),
    })
    expect(await screen.findByText('9 private ratings')).toBeInTheDocument()
    expect(await screen.findByText('8 with a comment')).toBeInTheDocument()
    expect(countCalls(api).at(-1)!.url.searchParams.get('businessId')).toBe('7')
    // A rating without words is listed as what it is, not as an empty quote.
    expect(screen.getByText('Rating only, no comment')).toBeInTheDocument()
  })

  it('filters by comment', async () => {
    const api = open({ 'GET /api/feedbacks': list(feedbacks) })
    await screen.findByText('2 private ratings')
    await choose('Comment', 'Rating only')
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ businessId: '7', hasFeedback: 'false' }))
    await choose('Comment', 'With a comment')
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ hasFeedback: 'true' }))
  })

  it('prompts to add a business when there is none', async () => {
    const api = open({ 'GET /api/businesses': list([]) })
    expect(await screen.findByText('No businesses yet')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Add Your First Business' })).toHaveAttribute('href', '/dashboard/businesses?add=1')
    expect(feedbackCalls(api)).toHaveLength(0)
  })
})
