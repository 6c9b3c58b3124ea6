import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import ContactPage from '#site/pages/contact'
import type { ContactResponse } from '@reviewroute/backend/types/api'
import { mockFetch, NEVER, renderAt, type FakeAnswer, type FakeRoute } from './helpers'

const respond = (status: number, body: unknown): FakeAnswer => ({ status, body })

/** fetch as a vi.fn: /api/contact answers with `contact`; the footer's health check stays pending. */
const mockContact = (contact: FakeRoute) => mockFetch({ 'POST /api/contact': contact }, NEVER).fetchMock
const contactCalls = (fetchMock: ReturnType<typeof mockContact>) =>
  fetchMock.mock.calls.filter(([input]) => String(input) === '/api/contact') as unknown as [string, RequestInit][]

const renderContact = () => renderAt('/contact', <ContactPage />)

/** The 201 answer of POST /api/contact. */
const SENT = { success: true, id: 1, title: 'Message Sent Successfully', detail: 'We will get back to you soon.' } satisfies ContactResponse

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement
const MESSAGE = {
  name: 'Asha Rao',
  email: 'asha@example.in',
  subject: 'QR poster size',
  message: 'Which size should I print the poster at?',
}

async function fillForm(user: ReturnType<typeof userEvent.setup>, values = MESSAGE) {
  await user.type(field('Your name'), values.name)
  await user.type(field('Email address'), values.email)
  await user.type(field('Subject'), values.subject)
  await user.type(field('Message'), values.message)
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('contact form', () => {
  it('posts the four fields to /api/contact, shows the success text and clears the form', async () => {
    let answer!: (response: FakeAnswer) => void
    const fetchMock = mockContact(() => new Promise((resolve) => (answer = resolve)))
    const user = userEvent.setup()
    renderContact()

    await fillForm(user)
    await user.click(screen.getByRole('button', { name: 'Send Message' }))

    const sending = screen.getByRole('button', { name: 'Sending...' })
    expect(sending).toBeDisabled()
    const [[path, init]] = contactCalls(fetchMock)
    expect(path).toBe('/api/contact')
    expect(init.method).toBe('POST')
    expect(JSON.parse(String(init.body))).toEqual(MESSAGE)
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json')

    answer(respond(201, SENT))

    expect(await screen.findByText('Message Sent Successfully')).toBeInTheDocument()
    expect(screen.getByText("We'll get back to you within 4 hours during business hours.")).toBeInTheDocument()
    for (const label of ['Your name', 'Email address', 'Subject', 'Message']) expect(field(label)).toHaveValue('')
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled()
  })

  it('shows the failure text when the server fails', async () => {
    mockContact(async () => respond(500, { error: 'Internal server error' }))
    const user = userEvent.setup()
    renderContact()

    await fillForm(user)
    await user.click(screen.getByRole('button', { name: 'Send Message' }))

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send message. Please try again.')
    expect(field('Your name')).toHaveValue(MESSAGE.name)
  })

  it('shows the failure text when the network is down', async () => {
    mockContact(() => Promise.reject(new TypeError('Failed to fetch')))
    const user = userEvent.setup()
    renderContact()

    await fillForm(user)
    await user.click(screen.getByRole('button', { name: 'Send Message' }))

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send message. Please try again.')
  })

  it('shows the server field message of a 422 next to its field', async () => {
    mockContact(async () =>
      respond(422, {
        error: 'Please enter a valid email address',
        errors: [{ field: 'email', message: 'Please enter a valid email address' }],
      })
    )
    const user = userEvent.setup()
    renderContact()

    await fillForm(user)
    await user.click(screen.getByRole('button', { name: 'Send Message' }))

    const error = await screen.findByRole('alert')
    expect(error).toHaveTextContent('Please enter a valid email address')
    expect(field('Email address')).toHaveAttribute('aria-invalid', 'true')
    expect(field('Email address')).toHaveAttribute('aria-describedby', error.id)
    expect(field('Email address')).toHaveFocus()
    expect(screen.queryByText('Failed to send message. Please try again.')).not.toBeInTheDocument()
  })

  it('shows the server sentence of a 429', async () => {
    mockContact(async () => respond(429, { error: 'Too many requests. Please wait a while and try again.' }))
    const user = userEvent.setup()
    renderContact()

    await fillForm(user)
    await user.click(screen.getByRole('button', { name: 'Send Message' }))

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please wait a while and try again.')
  })

  it('never sends with empty required fields', async () => {
    const fetchMock = mockContact(async () => respond(201, SENT))
    const user = userEvent.setup()
    renderContact()

    for (const label of ['Your name', 'Email address', 'Subject', 'Message']) expect(field(label)).toBeRequired()
    expect(field('Email address')).toHaveAttribute('type', 'email')

    await user.click(screen.getByRole('button', { name: 'Send Message' }))
    // The browser's own check can be skipped (old browsers, scripts): ours still stops the request.
    await user.type(field('Subject'), '   ')
    fireEvent.submit(screen.getByRole('form', { name: 'Contact form' }))

    const errors = await screen.findAllByRole('alert')
    expect(errors.map((error) => error.textContent)).toEqual([
      'Please enter your name',
      'Please enter your email address',
      'Please enter a subject',
      'Please write your message',
    ])
    expect(field('Your name')).toHaveAttribute('aria-invalid', 'true')
    expect(field('Your name')).toHaveFocus()
    await waitFor(() => expect(contactCalls(fetchMock)).toHaveLength(0))
  })

  it('does not send an email address without a domain', async () => {
    const fetchMock = mockContact(async () => respond(201, SENT))
    const user = userEvent.setup()
    renderContact()

    await fillForm(user, { ...MESSAGE, email: 'asha@shop' })
    await user.click(screen.getByRole('button', { name: 'Send Message' }))

    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid email address')
    expect(contactCalls(fetchMock)).toHaveLength(0)
  })
})

describe('contact page', () => {
  it('lists the support channels, business hours and help topics', () => {
    mockContact(async () => respond(201, SENT))
    renderContact()

    const main = within(screen.getByRole('main'))
    expect(main.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeInTheDocument()
    expect(main.getByRole('link', { name: 'support@reviewroute.in' })).toHaveAttribute('href', 'mailto:support@reviewroute.in')
    expect(main.getByRole('link', { name: 'sales@reviewroute.in' })).toHaveAttribute('href', 'mailto:sales@reviewroute.in')
    expect(main.getByRole('link', { name: 'Chat with us on WhatsApp' })).toHaveAttribute('href', expect.stringContaining('https://wa.me/'))
    expect(main.getByText('Monday – Friday')).toBeInTheDocument()
    expect(main.getByText('9:00 – 18:00 IST')).toBeInTheDocument()
    expect(main.getByText('Sunday')).toBeInTheDocument()
    expect(main.getByRole('link', { name: 'How routing works' })).toHaveAttribute('href', '/help#routing')
  })
})
