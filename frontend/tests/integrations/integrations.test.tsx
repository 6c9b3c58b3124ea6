/*
 * The integrations screen (docs/decisions.md D72): a card per integration with its warnings, adding one (the consent
 * statement required, the body as the API takes it, the set-up with the secret shown once and the provider's steps),
 * Shopify's signing key, a 422 under its field, a test event's answer, the event log, the settings' PATCH, removing,
 * and a viewer who only reads.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { IntegrationDto, IntegrationEventDto, IntegrationTestDto } from '@reviewroute/backend/types/api'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { consentLabel, CONSENT_REQUIRED, SIGNING_KEY_LABEL } from '#components/integrations/integration-form'
import { SECRET_ONCE_TEXT } from '#components/integrations/setup-guide'
import type { WorkspaceRole } from '#lib/roles'
import { rememberWorkspace } from '#lib/workspace-store'
import IntegrationsPage, { OWN_SYSTEM_TEXT } from '#pages/integrations'
import { setViewport } from '../chrome/chrome-helpers'
import { fakeApi, fixtures, signIn, type FakeApi, type Routes } from '../helpers'
import { workspace } from '../workspaces/fixtures'
import { renderInWorkspace } from '../workspaces/render'

beforeEach(() => setViewport(1280))
afterEach(() => vi.unstubAllGlobals())

const DAY_MS = 86_400_000
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString()
const HOOK = 'https://reviews.example.in/api/integrations/hooks/razorpay/4fJ2m9QxLr8TbV1nWc7pYs3KdE6hGa0ZuXo5iNqRtBw'

const integration = (overrides: Partial<IntegrationDto> = {}) =>
  ({
    id: 31,
    businessId: 7,
    provider: 'razorpay',
    webhookUrl: HOOK,
    trigger: 'payment.captured',
    delayMinutes: 120,
    channel: 'auto',
    minAmountPaise: 20_000,
    active: true,
    consentConfirmedAt: '2026-11-20T10:00:00.000Z',
    lastEventAt: daysAgo(10),
    recent: { scheduled: 1, skipped: 4, rejected: 1 },
    ...overrides,
  }) satisfies IntegrationDto

/** Shopify, off, a day after delivery, on WhatsApp, every bill, never heard from. */
const shopify = integration({
  id: 32,
  provider: 'shopify',
  webhookUrl: HOOK.replace('razorpay', 'shopify'),
  trigger: 'orders/fulfilled',
  delayMinutes: 1440,
  channel: 'whatsapp',
  minAmountPaise: 0,
  active: false,
  lastEventAt: null,
  recent: { scheduled: 0, skipped: 0, rejected: 0 },
})

const event = (overrides: Partial<IntegrationEventDto> = {}) =>
  ({
    id: 1,
    receivedAt: '2026-12-03T14:00:00.000Z',
    reference: 'pay_QX29aLk7Bz',
    customer: 'Kavya R., +91 98•••••210',
    outcome: 'scheduled',
    reason: 'request scheduled for 9:30 pm',
    requestId: 501,
    sendAt: '2026-12-03T16:00:00.000Z',
    test: false,
    ...overrides,
  }) satisfies IntegrationEventDto

const LIST = '/api/businesses/7/integrations'

/** What the screen reads around its integrations: the member, their workspace in `role`, the business, the hook. */
const screenRoutes = (role: WorkspaceRole): Routes => ({
  'GET /api/businesses/7/visit-hook': { enabled: false, url: null },
  [`GET ${LIST}`]: [integration(), shopify],
  'GET /api/businesses': [fixtures.business()],
  'GET /api/workspaces': [workspace({ role })],
  'GET /api/auth/user': fixtures.user,
})

function openScreen(role: WorkspaceRole = 'owner', routes: Routes = {}) {
  signIn()
  rememberWorkspace(1, 1)
  const api = fakeApi({ ...screenRoutes(role), ...routes })
  renderInWorkspace(<IntegrationsPage />, '/business/7/integrations', '/business/:businessId/integrations')
  return api
}

const callsOf = (api: FakeApi, method: string, path: string) => api.calls.filter((call) => call.method === method && call.path === path)
const card = async (name: string) => screen.findByRole('group', { name: `${name} integration` })
const fieldOf = (element: HTMLElement) => element.closest('.ant-form-item') as HTMLElement

async function choose(dialog: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: label }))
  const options = await screen.findAllByTitle(option)
  fireEvent.click(options.find((element) => element.classList.contains('ant-select-item-option'))!)
}

async function openAddDialog() {
  await userEvent.click(await screen.findByRole('button', { name: /Add integration/ }))
  return screen.findByRole('dialog', { name: 'Add an integration' })
}

const submit = (dialog: HTMLElement) => userEvent.click(within(dialog).getByRole('button', { name: 'Add integration' }))

/** Ticks the consent statement, adds, and gives the body the one POST carried. */
async function consentAndAdd(api: FakeApi, dialog: HTMLElement) {
  await userEvent.click(within(dialog).getByRole('checkbox', { name: consentLabel('Chai Point Cafe') }))
  await submit(dialog)
  await waitFor(() => expect(callsOf(api, 'POST', LIST)).toHaveLength(1))
  return callsOf(api, 'POST', LIST)[0].body
}

describe('Integrations screen', () => {
  it('shows a card per integration with its settings in words and the warnings that apply', async () => {
    openScreen()
    const razorpay = await card('Razorpay')
    expect(screen.getByRole('heading', { name: 'Integrations' })).toBeInTheDocument()
    expect(
      screen.getByText('Review requests that send themselves after the bill is paid, the order delivered or the appointment closed.')
    ).toBeInTheDocument()
    expect(await screen.findByText('Chai Point Cafe')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Analytics/ })).toHaveAttribute('href', '/business/7')

    const razorpayLines = [
      'On',
      'Sends after: Payment captured',
      'Waits: 2 hours',
      'Channel: Best available (WhatsApp, then SMS, then email)',
      'Minimum bill: ₹200',
      'Last event: last week',
      'No events in the last 7 days: check the webhook in Razorpay.',
      'Most recent events did not schedule a request: open the event log to see why.',
    ]
    for (const line of razorpayLines) expect(within(razorpay).getByText(line)).toBeInTheDocument()

    const shop = await card('Shopify')
    for (const line of ['Off', 'Sends after: Order delivered (fulfilled)', 'Waits: 1 day', 'Channel: WhatsApp Business'])
      expect(within(shop).getByText(line)).toBeInTheDocument()
    expect(within(shop).getByText('No events yet')).toBeInTheDocument()
    expect(within(shop).queryByText(/Minimum bill/)).toBeNull()
    expect(within(shop).queryByRole('alert')).toBeNull()

    expect(screen.getByRole('heading', { name: 'Your own system' })).toBeInTheDocument()
    expect(screen.getByText(OWN_SYSTEM_TEXT)).toBeInTheDocument()
    expect(await screen.findByText('After-visit hook')).toBeInTheDocument()
  })

  it('warns about skipped events only when most of at least 5 recent ones did not schedule, and not about a recent event', async () => {
    openScreen('owner', {
      [`GET ${LIST}`]: [
        integration({ lastEventAt: daysAgo(2), recent: { scheduled: 0, skipped: 3, rejected: 1 } }),
        integration({
          id: 33,
          provider: 'zenoti',
          trigger: 'Invoice.Closed',
          lastEventAt: daysAgo(1),
          recent: { scheduled: 2, skipped: 3, rejected: 1 },
        }),
      ],
    })
    const razorpay = await card('Razorpay')
    expect(within(razorpay).getByText('Last event: 2 days ago')).toBeInTheDocument()
    expect(within(razorpay).queryByRole('alert')).toBeNull()
    const zenoti = await card('Zenoti')
    expect(within(zenoti).getByText('Sends after: Bill closed')).toBeInTheDocument()
    expect(within(zenoti).getAllByRole('alert')).toHaveLength(1)
    expect(within(zenoti).getByText('Most recent events did not schedule a request: open the event log to see why.')).toBeInTheDocument()
  })

  it('adds nothing until the consent is ticked, then posts the settings and shows the set-up with the secret and the steps', async () => {
    let listed: IntegrationDto[] = []
    const created = { ...integration({ id: 40, delayMinutes: 180, lastEventAt: null }), secret: 'rr_whsec_Zq81LmT0pXa4' }
    const api = openScreen('owner', {
      [`GET ${LIST}`]: () => listed,
      [`POST ${LIST}`]: () => {
        listed = [created]
        return { status: 201, body: created }
      },
    })
    expect(await screen.findByText(/No integrations yet/)).toBeInTheDocument()
    const dialog = await openAddDialog()
    for (const provider of ['Razorpay', 'Shopify', 'WooCommerce', 'Zoho Books', 'Zenoti'])
      expect(within(dialog).getByRole('radio', { name: new RegExp(provider) })).toBeInTheDocument()
    expect(within(dialog).getByText('Salon and spa bookings: after the bill or the appointment is closed')).toBeInTheDocument()
    expect(within(dialog).getByRole('radio', { name: /Razorpay/ })).toBeChecked()
    expect(within(dialog).getByRole('spinbutton', { name: 'Wait before sending (hours)' })).toHaveValue('2')
    expect(within(dialog).queryByLabelText(SIGNING_KEY_LABEL)).toBeNull()

    await userEvent.clear(within(dialog).getByRole('spinbutton', { name: 'Wait before sending (hours)' }))
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: 'Wait before sending (hours)' }), '3')
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: 'Minimum bill (₹)' }), '200')
    await submit(dialog)
    expect(await within(dialog).findByText(CONSENT_REQUIRED)).toBeInTheDocument()
    expect(callsOf(api, 'POST', LIST)).toHaveLength(0)

    expect(await consentAndAdd(api, dialog)).toEqual({
      provider: 'razorpay',
      trigger: 'payment.captured',
      delayMinutes: 180,
      channel: 'auto',
      minAmountPaise: 20_000,
      consent: true,
    })

    const setup = await screen.findByRole('dialog', { name: 'Set up Razorpay' })
    expect(within(setup).getByRole('group', { name: 'Webhook URL' })).toHaveTextContent(HOOK)
    expect(within(setup).getByText(HOOK)).toHaveClass('integration-copy-value')
    const secret = within(setup).getByRole('group', { name: 'Secret' })
    expect(within(secret).getByText('rr_whsec_Zq81LmT0pXa4')).toBeInTheDocument()
    expect(within(secret).getByText(SECRET_ONCE_TEXT)).toBeInTheDocument()
    expect(within(setup).getAllByRole('button', { name: /Copy/ })).toHaveLength(2)
    const writeText = vi.fn(async () => undefined)
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    await userEvent.click(within(secret).getByRole('button', { name: /Copy/ }))
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('rr_whsec_Zq81LmT0pXa4'))
    const steps = within(within(setup).getByRole('list', { name: 'Steps in Razorpay' })).getAllByRole('listitem')
    expect(steps).toHaveLength(5)
    expect(steps[0]).toHaveTextContent('Open Razorpay Dashboard → Account & Settings → Webhooks.')
    expect(within(steps[0]).getByText('Account & Settings')).toHaveClass('ant-tag')
    expect(steps[3]).toHaveTextContent('Tick the event payment.captured.')
    expect(steps[4]).toHaveTextContent('Save, then press "Send a test event" here.')
    // The list is read again: the new card is there behind the set-up.
    expect(await card('Razorpay')).toBeInTheDocument()
    expect(screen.queryByRole('dialog', { name: 'Add an integration' })).toBeNull()

    // Later, from the card: the same steps without the secret.
    await userEvent.click(within(setup).getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Set up Razorpay' })).toBeNull())
    await userEvent.click(within(await card('Razorpay')).getByRole('button', { name: /Set-up steps/ }))
    const again = await screen.findByRole('dialog', { name: 'Set up Razorpay' })
    expect(within(again).getByText(HOOK)).toBeInTheDocument()
    expect(within(again).queryByRole('group', { name: 'Secret' })).toBeNull()
    expect(within(again).queryByText('rr_whsec_Zq81LmT0pXa4')).toBeNull()
    expect(within(again).queryByText(SECRET_ONCE_TEXT)).toBeNull()
  })

  it('offers Shopify’s signing key for Shopify only, and a fulfilled order waits a day', async () => {
    const created = { ...shopify, id: 41, secret: 'shpss_0123456789abcdef' }
    const api = openScreen('owner', { [`POST ${LIST}`]: { status: 201, body: created } })
    const dialog = await openAddDialog()
    await userEvent.click(within(dialog).getByRole('radio', { name: /Shopify/ }))
    expect(await within(dialog).findByLabelText(SIGNING_KEY_LABEL)).toBeInTheDocument()
    expect(
      within(dialog).getByText(
        'Shopify shows it under Settings → Notifications → Webhooks once you add the webhook. Leave empty to use ours and paste it into Shopify later.'
      )
    ).toBeInTheDocument()
    expect(within(dialog).getByTitle('Order paid')).toBeInTheDocument()
    await choose(dialog, 'Send after', 'Order delivered (fulfilled)')
    await waitFor(() => expect(within(dialog).getByRole('spinbutton', { name: 'Wait before sending (hours)' })).toHaveValue('24'))
    await choose(dialog, 'Channel', 'WhatsApp Business')

    await userEvent.click(within(dialog).getByRole('radio', { name: /WooCommerce/ }))
    await waitFor(() => expect(within(dialog).queryByLabelText(SIGNING_KEY_LABEL)).toBeNull())
    expect(within(dialog).getByTitle('Order completed')).toBeInTheDocument()
    expect(within(dialog).getByRole('spinbutton', { name: 'Wait before sending (hours)' })).toHaveValue('2')

    await userEvent.click(within(dialog).getByRole('radio', { name: /Shopify/ }))
    await choose(dialog, 'Send after', 'Order delivered (fulfilled)')
    await userEvent.type(await within(dialog).findByLabelText(SIGNING_KEY_LABEL), ' shpss_0123456789abcdef ')
    expect(await consentAndAdd(api, dialog)).toEqual({
      provider: 'shopify',
      trigger: 'orders/fulfilled',
      delayMinutes: 1440,
      channel: 'whatsapp',
      minAmountPaise: 0,
      signingSecret: 'shpss_0123456789abcdef',
      consent: true,
    })
    const setup = await screen.findByRole('dialog', { name: 'Set up Shopify' })
    expect(within(setup).getByRole('list', { name: 'Steps in Shopify' })).toHaveTextContent(
      'Create webhook: event "Order fulfillment", format JSON.'
    )
  })

  it('shows the server’s 422 under the field it names and keeps the dialog open', async () => {
    const message = 'The signingSecret field must have at least 8 characters'
    openScreen('owner', {
      [`POST ${LIST}`]: { status: 422, body: { error: message, message, errors: [{ field: 'signingSecret', message }] } },
    })
    const dialog = await openAddDialog()
    await userEvent.click(within(dialog).getByRole('radio', { name: /Shopify/ }))
    await userEvent.type(await within(dialog).findByLabelText(SIGNING_KEY_LABEL), 'short')
    await userEvent.click(within(dialog).getByRole('checkbox', { name: consentLabel('Chai Point Cafe') }))
    await submit(dialog)
    expect(await within(dialog).findByText(message)).toBeInTheDocument()
    expect(fieldOf(within(dialog).getByLabelText(SIGNING_KEY_LABEL))).toHaveClass('ant-form-item-has-error')
    expect(fieldOf(within(dialog).getByRole('combobox', { name: 'Send after' }))).not.toHaveClass('ant-form-item-has-error')
    expect(screen.queryByRole('dialog', { name: /Set up/ })).toBeNull()
  })

  it('sends a test event and says what happened, as a success only when it scheduled a request', async () => {
    const answers: IntegrationTestDto[] = [
      { status: 200, event: event({ test: true }), message: 'Test event received: a request to you is scheduled for 9:30 pm.' },
      {
        status: 200,
        event: event({ id: 2, test: true, outcome: 'skipped', reason: 'skipped: no channel that works' }),
        message: 'Test event received, but no request was scheduled: no channel that works.',
      },
    ]
    // The answer has a `status` of its own: wrapped, so the fake API does not take it for the HTTP status.
    const api = openScreen('owner', { 'POST /api/integrations/31/test': () => ({ status: 200, body: answers.shift() }) })
    const razorpay = await card('Razorpay')
    await userEvent.click(within(razorpay).getByRole('button', { name: /Send a test event/ }))
    const first = await within(razorpay).findByText('Test event received: a request to you is scheduled for 9:30 pm.')
    expect(first.closest('.ant-alert')).toHaveClass('ant-alert-success')
    expect(callsOf(api, 'GET', LIST).length).toBeGreaterThanOrEqual(2)

    await userEvent.click(within(razorpay).getByRole('button', { name: /Send a test event/ }))
    const second = await within(razorpay).findByText('Test event received, but no request was scheduled: no channel that works.')
    expect(second.closest('.ant-alert')).toHaveClass('ant-alert-warning')
    expect(callsOf(api, 'POST', '/api/integrations/31/test')).toHaveLength(2)
  })

  it('a refused test event shows the server’s sentence as an error', async () => {
    openScreen('owner', {
      'POST /api/integrations/31/test': { status: 429, body: { error: 'Too many test events. Try again in an hour.' } },
    })
    const razorpay = await card('Razorpay')
    await userEvent.click(within(razorpay).getByRole('button', { name: /Send a test event/ }))
    const text = await within(razorpay).findByText('Too many test events. Try again in an hour.')
    expect(text.closest('.ant-alert')).toHaveClass('ant-alert-error')
  })

  it('opens the event log, newest first, with India times, outcomes and test events marked; an empty log says so', async () => {
    const api = openScreen('owner', {
      'GET /api/integrations/31/events': [
        event({
          id: 1,
          receivedAt: '2026-12-02T05:00:00.000Z',
          outcome: 'rejected',
          reason: 'signature did not match',
          reference: null,
          customer: null,
        }),
        event({ id: 3, receivedAt: '2026-12-03T14:00:00.000Z', test: true }),
        event({
          id: 2,
          receivedAt: '2026-12-02T09:00:00.000Z',
          outcome: 'skipped',
          reason: 'skipped: already asked on 12 Nov',
          reference: 'pay_7Hh2',
        }),
      ],
      'GET /api/integrations/32/events': [],
    })
    await userEvent.click(within(await card('Razorpay')).getByRole('button', { name: /Event log/ }))
    const drawer = await screen.findByRole('dialog', { name: 'Event log: Razorpay' })
    const rows = await within(drawer).findAllByRole('listitem')
    expect(rows).toHaveLength(3)
    expect(rows[0]).toHaveTextContent('3 Dec, 7:30 pm')
    // The order and the customer each on their own, as the log's readers look for them.
    expect(within(rows[0]).getByText('pay_QX29aLk7Bz')).toBeInTheDocument()
    expect(within(rows[0]).getByText('Kavya R., +91 98•••••210')).toBeInTheDocument()
    expect(rows[0]).toHaveTextContent('request scheduled for 9:30 pm')
    expect(within(rows[0]).getByText('Scheduled')).toHaveClass('ant-tag-green')
    expect(within(rows[0]).getByText('Test')).toBeInTheDocument()
    expect(rows[1]).toHaveTextContent('2 Dec, 2:30 pm')
    expect(within(rows[1]).getByText('Skipped')).toHaveClass('ant-tag-gold')
    expect(rows[1]).toHaveTextContent('skipped: already asked on 12 Nov')
    expect(within(rows[1]).queryByText('Test')).toBeNull()
    expect(rows[2]).toHaveTextContent('2 Dec, 10:30 am')
    expect(within(rows[2]).getByText('Rejected')).toHaveClass('ant-tag-red')
    expect(rows[2]).toHaveTextContent('signature did not match')
    await userEvent.click(within(drawer).getByRole('button', { name: /Close/ }))

    await userEvent.click(within(await card('Shopify')).getByRole('button', { name: /Event log/ }))
    const empty = await screen.findByRole('dialog', { name: 'Event log: Shopify' })
    expect(await within(empty).findByText('No events yet. Events appear here as soon as Shopify sends one.')).toBeInTheDocument()
    expect(callsOf(api, 'GET', '/api/integrations/32/events')).toHaveLength(1)
  })

  it('changes the settings with a PATCH and reads the list again', async () => {
    let listed = [integration()]
    const api = openScreen('owner', {
      [`GET ${LIST}`]: () => listed,
      'PATCH /api/integrations/31': ({ body }: { body: unknown }) => {
        listed = [integration(body as Partial<IntegrationDto>)]
        return listed[0]
      },
    })
    await userEvent.click(within(await card('Razorpay')).getByRole('button', { name: /Settings/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Integration settings' })
    expect(within(dialog).getByRole('spinbutton', { name: 'Wait before sending (hours)' })).toHaveValue('2')
    expect(within(dialog).getByRole('spinbutton', { name: 'Minimum bill (₹)' })).toHaveValue('200')
    expect(within(dialog).getByRole('switch', { name: 'On' })).toBeChecked()
    expect(within(dialog).queryByLabelText(SIGNING_KEY_LABEL)).toBeNull()

    await choose(dialog, 'Send after', 'Order paid')
    await choose(dialog, 'Channel', 'SMS')
    await userEvent.clear(within(dialog).getByRole('spinbutton', { name: 'Wait before sending (hours)' }))
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: 'Wait before sending (hours)' }), '0.5')
    await userEvent.clear(within(dialog).getByRole('spinbutton', { name: 'Minimum bill (₹)' }))
    await userEvent.click(within(dialog).getByRole('switch', { name: 'On' }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }))

    await waitFor(() => expect(callsOf(api, 'PATCH', '/api/integrations/31')).toHaveLength(1))
    expect(callsOf(api, 'PATCH', '/api/integrations/31')[0].body).toEqual({
      trigger: 'order.paid',
      delayMinutes: 30,
      channel: 'sms',
      minAmountPaise: 0,
      active: false,
    })
    const razorpay = await card('Razorpay')
    await waitFor(() => expect(within(razorpay).getByText('Off')).toBeInTheDocument())
    expect(within(razorpay).getByText('Waits: 30 minutes')).toBeInTheDocument()
    expect(within(razorpay).getByText('Sends after: Order paid')).toBeInTheDocument()
    expect(within(razorpay).getByText('Channel: SMS')).toBeInTheDocument()
  })

  it('removes an integration after the confirmation', async () => {
    let listed = [integration(), shopify]
    const api = openScreen('owner', {
      [`GET ${LIST}`]: () => listed,
      'DELETE /api/integrations/32': () => {
        listed = [integration()]
        return { status: 204 }
      },
    })
    await userEvent.click(within(await card('Shopify')).getByRole('button', { name: /Remove/ }))
    const confirm = await screen.findByRole('dialog', { name: 'Remove the Shopify integration?' })
    expect(callsOf(api, 'DELETE', '/api/integrations/32')).toHaveLength(0)
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }))
    await waitFor(() => expect(callsOf(api, 'DELETE', '/api/integrations/32')).toHaveLength(1))
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Shopify integration' })).toBeNull())
    expect(await card('Razorpay')).toBeInTheDocument()
  })

  it('a viewer reads the cards and the log but has no way to add, test, change or remove', async () => {
    const api = openScreen('viewer', { 'GET /api/integrations/31/events': [event()] })
    const razorpay = await card('Razorpay')
    expect(within(razorpay).getByText('Sends after: Payment captured')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Add integration/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /Send a test event/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /Settings/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull()
    expect(screen.queryByText('After-visit hook')).toBeNull()
    expect(screen.getByRole('heading', { name: 'Your own system' })).toBeInTheDocument()
    await userEvent.click(within(razorpay).getByRole('button', { name: /Event log/ }))
    expect(await screen.findByText('request scheduled for 9:30 pm')).toBeInTheDocument()
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([])
  })

  it('an unknown business reads Business Not Found', async () => {
    openScreen('owner', { [`GET ${LIST}`]: { status: 404, body: { error: 'Business not found' } } })
    expect(await screen.findByText('Business Not Found')).toBeInTheDocument()
  })

  it('fits a phone: the event log comes up from the bottom', async () => {
    setViewport(390)
    openScreen('owner', { 'GET /api/integrations/31/events': [event()] })
    await userEvent.click(within(await card('Razorpay')).getByRole('button', { name: /Event log/ }))
    const drawer = await screen.findByRole('dialog', { name: 'Event log: Razorpay' })
    expect(drawer.closest('.ant-drawer')).toHaveClass('ant-drawer-bottom')
    expect(await within(drawer).findAllByRole('listitem')).toHaveLength(1)
  })
})
