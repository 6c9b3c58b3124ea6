/*
 * Call-back requests (docs/decisions.md D31): a feedback whose customer ticked "contact me" offers Call and
 * WhatsApp in the inbox and on the business analytics screen; one without a number shows neither.
 */
import { configure, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { AnalyticsResponse, ReviewSessionDto } from '@reviewroute/backend/types/api'
import { BusinessesProvider } from '#hooks/use-businesses'
import { callBackLanguage, callBackMessage, callHref, whatsAppHref } from '#lib/call-back'
import BusinessAnalyticsPage from '#pages/business-analytics'
import FeedbacksPage from '#pages/feedbacks'
import { fakeApi, fixtures, renderScreen, signIn } from '../helpers'

configure({ asyncUtilTimeout: 4000 })

const MESSAGE =
  'Hello Ravi Kumar, this is Chai Point Cafe. Thank you for your feedback about your visit. ' +
  'We are sorry it was not better and would like to put it right.'

const callBack = fixtures.session({
  id: 4,
  rating: 2,
  redirected: false,
  feedback: 'Cold food',
  contactName: 'Ravi Kumar',
  contactPhone: '9876543210',
})
const noName = fixtures.session({
  id: 5,
  rating: 1,
  redirected: false,
  feedback: 'Rude staff',
  contactName: null,
  contactPhone: '9123456780',
})
const quiet = fixtures.session({ id: 3, rating: 3, redirected: false, feedback: 'Slow service' })

const list = (rows: unknown[]) => ({ status: 200, body: rows, headers: { 'x-total-count': String(rows.length) } })

/** The list row (antd List.Item) holding a feedback's text. */
const rowOf = (text: string) => screen.getByText(`“${text}”`).closest('li') as HTMLElement

describe('call-back links', () => {
  it('calls +91 and opens WhatsApp on 91 with the polite message, URL-encoded', () => {
    expect(callHref('9876543210')).toBe('tel:+919876543210')
    expect(callBackMessage('Ravi Kumar', 'Chai Point Cafe')).toBe(MESSAGE)
    const href = whatsAppHref('9876543210', 'Ravi Kumar', 'Chai Point Cafe')
    expect(href).toBe(`https://wa.me/919876543210?text=${encodeURIComponent(MESSAGE)}`)
    expect(href).not.toMatch(/[ ,]/)
    expect(new URL(href).searchParams.get('text')).toBe(MESSAGE)
  })

  it("drafts the apology in the complaint's own language: a Hindi complaint gets a Hindi message", { timeout: 45_000 }, async () => {
    const hindi = fixtures.session({
      id: 6,
      rating: 1,
      redirected: false,
      feedback: 'मिठाई बासी थी',
      contactName: 'सुनीता',
      contactPhone: '9988776655',
    })
    const tamilPage = fixtures.session({
      id: 7,
      rating: 2,
      redirected: false,
      feedback: '',
      contactName: null,
      contactPhone: '9988770000',
      language: 'ta',
    })
    openInbox([hindi, tamilPage])
    const textOf = async (phone: string) =>
      new URL(
        (await screen.findAllByRole('link', { name: /WhatsApp/ }))
          .map((link) => link.getAttribute('href')!)
          .find((href) => href.includes(phone))!
      ).searchParams.get('text')!
    // The first test of the file to draw the inbox: its screen's code loads now.
    await screen.findByText('“मिठाई बासी थी”')
    expect(await textOf('919988776655')).toBe(callBackMessage('सुनीता', 'Chai Point Cafe', 'hi'))
    expect(await textOf('919988776655')).toMatch(/^नमस्ते सुनीता, हम Chai Point Cafe से/)
    expect(await textOf('919988776655')).not.toContain('this is')
    // No words to go by: the language the customer rated in.
    expect(await textOf('919988770000')).toMatch(/^வணக்கம், /)
    expect(callBackLanguage('Cold food', 'hi')).toBe('en')
    expect(callBackLanguage(null, null, 'mr')).toBe('mr')
  })

  it('greets without a name when the customer left none, and encodes & in a business name', () => {
    const href = whatsAppHref('9123456780', '  ', 'Sharma Sweets & Snacks')
    expect(new URL(href).searchParams.get('text')).toMatch(/^Hello, this is Sharma Sweets & Snacks\. Thank you/)
    expect(href).toContain('Sweets%20%26%20Snacks')
  })
})

/** The inbox of Chai Point Cafe with these feedbacks. */
function openInbox(feedbacks: ReviewSessionDto[]) {
  signIn()
  fakeApi({ 'GET /api/businesses': list([fixtures.business()]), 'GET /api/feedbacks': list(feedbacks) })
  renderScreen(
    <BusinessesProvider>
      <FeedbacksPage />
    </BusinessesProvider>,
    { path: '/feedbacks' }
  )
}

describe('feedback inbox', () => {
  const open = () => openInbox([callBack, noName, quiet])

  it("shows the customer's name with Call and WhatsApp buttons for a feedback with a phone", async () => {
    open()
    await screen.findByText('“Cold food”')
    const row = within(rowOf('Cold food'))
    expect(row.getByText('Ravi Kumar')).toBeInTheDocument()
    expect(row.getByText(/\+91 98765 43210/)).toBeInTheDocument()
    expect(row.getByRole('link', { name: /Call/ })).toHaveAttribute('href', 'tel:+919876543210')
    const whatsApp = row.getByRole('link', { name: /WhatsApp/ })
    expect(whatsApp).toHaveAttribute('href', `https://wa.me/919876543210?text=${encodeURIComponent(MESSAGE)}`)
    expect(whatsApp).toHaveAttribute('target', '_blank')
  })

  it('offers the buttons without a name too', async () => {
    open()
    await screen.findByText('“Rude staff”')
    const row = within(rowOf('Rude staff'))
    expect(row.getByText('The customer')).toBeInTheDocument()
    expect(row.getByRole('link', { name: /Call/ })).toHaveAttribute('href', 'tel:+919123456780')
  })

  it('shows no call-back for a feedback without a phone', async () => {
    open()
    await screen.findByText('“Slow service”')
    const row = within(rowOf('Slow service'))
    expect(row.queryByRole('link', { name: /Call/ })).not.toBeInTheDocument()
    expect(row.queryByRole('link', { name: /WhatsApp/ })).not.toBeInTheDocument()
    expect(row.queryByText(/asked to be contacted/)).not.toBeInTheDocument()
    expect(screen.getAllByRole('link', { name: /Call/ })).toHaveLength(2)
  })

  it('makes both buttons at least 44 px tall, large enough to tap on a phone', async () => {
    open()
    await screen.findByText('“Cold food”')
    const row = within(rowOf('Cold food'))
    for (const name of [/Call/, /WhatsApp/]) {
      const button = row.getByRole('link', { name })
      expect(button).toHaveClass('ant-btn-lg')
      expect(button.style.minHeight).toBe('44px')
    }
  })
})

describe('a private rating through a review request', () => {
  const meera = { name: 'Meera Iyer', phone: '+919876543210', language: null }
  const borne = fixtures.session({ id: 8, rating: 2, redirected: false, feedback: 'Cold dosa', reviewRequestId: 12, customer: meera })
  const borneAsked = fixtures.session({
    id: 9,
    rating: 1,
    redirected: false,
    feedback: 'Waited an hour',
    reviewRequestId: 13,
    customer: { name: 'Arjun Rao', phone: '+919812312345', language: null },
    contactName: null,
    contactPhone: '9000012345',
  })

  const open = () => openInbox([borne, borneAsked, quiet])

  it('names the customer it was sent to, with Call and WhatsApp on their number', async () => {
    open()
    await screen.findByText('“Cold dosa”')
    const row = within(rowOf('Cold dosa'))
    expect(row.getByRole('group', { name: 'Call back' })).toHaveTextContent('From your review request to Meera Iyer: +91 98765 43210')
    expect(row.getByRole('link', { name: /Call/ })).toHaveAttribute('href', 'tel:+919876543210')
    const whatsApp = row.getByRole('link', { name: /WhatsApp/ })
    expect(new URL(whatsApp.getAttribute('href')!).pathname).toBe('/919876543210')
    expect(new URL(whatsApp.getAttribute('href')!).searchParams.get('text')).toMatch(/^Hello Meera Iyer, this is Chai Point Cafe\./)
  })

  it('calls the number the customer left when they also asked to be contacted, by their name', async () => {
    open()
    await screen.findByText('“Waited an hour”')
    const row = within(rowOf('Waited an hour'))
    expect(row.getByRole('group', { name: 'Call back' })).toHaveTextContent('Arjun Rao asked to be contacted: +91 90000 12345')
    expect(row.getAllByRole('link', { name: /Call/ })).toHaveLength(1)
    expect(row.getByRole('link', { name: /Call/ })).toHaveAttribute('href', 'tel:+919000012345')
  })

  it('names nobody on a rating that came without a request', async () => {
    open()
    await screen.findByText('“Slow service”')
    expect(within(rowOf('Slow service')).queryByRole('group', { name: 'Call back' })).not.toBeInTheDocument()
  })
})

describe('business analytics', () => {
  it('offers Call and WhatsApp in the latest sessions and the recent low-rated feedback', async () => {
    signIn()
    const answer = {
      business: fixtures.business(),
      analytics: {
        totalSessions: 2,
        positiveSessions: 0,
        negativeSessions: 2,
        redirectedSessions: 0,
        conversionRate: 0,
        positiveLast7Days: 0,
        pageViews: 4,
        widgetViews: 0,
      },
      sessions: [callBack, quiet],
      reviews: [callBack, quiet],
      insights: { recentLowRated: [callBack, quiet], topTopics: [], pageViews: 4 },
    } satisfies AnalyticsResponse
    fakeApi({ 'GET /api/analytics/7': answer, 'GET /api/analytics/7/daily': { businessId: 7, timeZone: 'Asia/Kolkata', days: [] } })
    renderScreen(<BusinessAnalyticsPage />, { path: '/business/7', pattern: '/business/:businessId' })

    await screen.findByRole('heading', { name: 'Chai Point Cafe' })
    const calls = screen.getAllByRole('link', { name: /Call/ })
    expect(calls).toHaveLength(2)
    for (const call of calls) expect(call).toHaveAttribute('href', 'tel:+919876543210')
    for (const whatsApp of screen.getAllByRole('link', { name: /WhatsApp/ }))
      expect(whatsApp).toHaveAttribute('href', `https://wa.me/919876543210?text=${encodeURIComponent(MESSAGE)}`)
  })
})
