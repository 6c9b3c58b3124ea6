/*
 * What a member's role hides on the screens (lib/roles.ts, docs/screens.md#roles-in-the-dashboard): a viewer sees
 * no Add Business, no short link edit, settings or removal, no resolving feedback, no adding, importing, sending,
 * editing or deleting customers, no staff changes, no after-visit hook; a manager sees all of those but not the way
 * to billing or the WhatsApp number's settings. Each screen is drawn in the workspace the API lists for the member.
 */
import type { ReviewSessionDto } from '@reviewroute/backend/types/api'
import { screen, within } from '@testing-library/react'
import type { ReactElement } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { TrialBanner } from '#components/access/trial-banner'
import { LimitNotice } from '#components/billing/limit-notice'
import { QuickActions } from '#components/dashboard/quick-actions'
import { WelcomeBanner } from '#components/dashboard/welcome-banner'
import { FeedbackItem } from '#components/feedbacks/feedback-item'
import { WhatsAppBusinessCard } from '#components/requests/whatsapp-business-card'
import { WhatsAppOpenerProvider } from '#components/requests/whatsapp-opener'
import { StaffCard } from '#components/staff/staff-card'
import { NO_BUSINESSES_TO_SEE, type WorkspaceRole } from '#lib/roles'
import BusinessesPage from '#pages/businesses'
import DashboardPage from '#pages/dashboard'
import CustomersPage from '../../src/pages/requests/customers'
import RequestsPage from '#pages/requests'
import { fakeApi, fixtures, signIn, type Routes } from '../helpers'
import { connectedWhatsApp, customer, list, reviewRequest, SIGNUP_CONFIG, whatsAppAccount } from '../requests/request-fixtures'
import { workspace } from './fixtures'
import { renderInWorkspace } from './render'

afterEach(() => vi.unstubAllGlobals())

/** The screen once the member's workspace is known (in the app the lock guard waits for it likewise). */

function renderAs(role: WorkspaceRole, element: ReactElement, routes: Routes = {}, path = '/dashboard') {
  signIn()
  const api = fakeApi({
    'GET /api/auth/user': fixtures.user,
    'GET /api/workspaces': [workspace({ role, kind: 'team', name: 'Sharma Team' })],
    'GET /api/businesses': list([fixtures.business()]),
    'GET /api/billing/trial-status': fixtures.trialStatus(),
    'GET /api/businesses/7/request-channels': {
      whatsapp_link: { available: true, needs: 'phone' },
      email: { available: true, needs: 'email' },
      whatsapp: { available: false, needs: 'phone', reason: 'Connect it' },
      sms: { available: false, needs: 'phone', reason: 'No DLT' },
    },
    ...routes,
  })
  renderInWorkspace(<WhatsAppOpenerProvider value={vi.fn()}>{element}</WhatsAppOpenerProvider>, path)
  return api
}

describe('My Businesses', () => {
  it('a viewer: the cards with their links and numbers, no Add Business, short link edit, Settings or Remove', async () => {
    renderAs('viewer', <BusinessesPage view="businesses" />, {}, '/dashboard/businesses?add=1')
    const card = await screen.findByRole('article', { name: 'Chai Point Cafe' })
    expect(within(card).getByRole('button', { name: /Copy Review Link/ })).toBeInTheDocument()
    expect(within(card).queryByRole('button', { name: 'Edit short URL' })).not.toBeInTheDocument()
    expect(within(card).queryByRole('button', { name: /Settings/ })).not.toBeInTheDocument()
    expect(within(card).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument()
    // Not even by its address: `?add=1` shows the list.
    expect(screen.queryByRole('button', { name: /Add Business/ })).not.toBeInTheDocument()
    expect(screen.queryByText('Add a Business')).not.toBeInTheDocument()
  })

  it('a manager: Add Business, the short link and Settings, but not Remove (deleting a business is for owners)', async () => {
    renderAs('manager', <BusinessesPage view="businesses" />)
    const card = await screen.findByRole('article', { name: 'Chai Point Cafe' })
    expect(within(card).getByRole('button', { name: 'Edit short URL' })).toBeInTheDocument()
    expect(within(card).getByRole('button', { name: /Settings/ })).toBeInTheDocument()
    expect(within(card).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Add Business/ })).toBeInTheDocument()
  })

  it('an owner: Remove too', async () => {
    renderAs('owner', <BusinessesPage view="businesses" />)
    const card = await screen.findByRole('article', { name: 'Chai Point Cafe' })
    expect(within(card).getByRole('button', { name: /Settings/ })).toBeInTheDocument()
    expect(within(card).getByRole('button', { name: /Remove/ })).toBeInTheDocument()
  })

  it('a viewer without businesses is not offered the add form', async () => {
    renderAs('viewer', <DashboardPage />, { 'GET /api/businesses': list([]) })
    expect(await screen.findByText(NO_BUSINESSES_TO_SEE)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Add Your First Business|Find My Business/ })).not.toBeInTheDocument()
  })
})

describe('the overview', () => {
  it("a viewer's welcome strip has no Add Business, and the shortcuts no 'Ask for a review'", async () => {
    renderAs('viewer', <WelcomeBanner businessName="Chai Point Cafe" />)
    expect(await screen.findByText(/Here is how Chai Point Cafe is doing/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Add Business/ })).not.toBeInTheDocument()
  })

  it('the shortcuts: a viewer shares links, a manager asks too', async () => {
    renderAs('viewer', <QuickActions business={fixtures.business()} />)
    expect(await screen.findByRole('button', { name: /Copy Review Link/ })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Ask for a review/ })).not.toBeInTheDocument()
  })

  it('a manager asks for reviews from the shortcuts', async () => {
    renderAs('manager', <QuickActions business={fixtures.business()} />)
    expect(await screen.findByRole('button', { name: /Ask for a review/ })).toBeInTheDocument()
  })
})

describe('feedback', () => {
  const item = (role: WorkspaceRole, feedback: ReviewSessionDto) =>
    renderAs(role, <FeedbackItem feedback={feedback} businessName="Chai Point Cafe" saving={false} onResolve={vi.fn()} />)

  it('a viewer sees whether it was resolved, and cannot resolve or reopen it', async () => {
    item('viewer', fixtures.session({ rating: 2, feedback: 'Cold tea', redirected: false }))
    expect(await screen.findByText(/Cold tea/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Mark as resolved/ })).not.toBeInTheDocument()
  })

  it('a viewer sees a resolved one as resolved, without Reopen', async () => {
    item('viewer', fixtures.session({ rating: 2, feedback: 'Cold tea', resolved: true, resolvedAt: '2026-11-22T10:00:00.000Z' }))
    expect(await screen.findByText('Resolved')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Reopen' })).not.toBeInTheDocument()
  })

  it('a manager resolves it', async () => {
    item('manager', fixtures.session({ rating: 2, feedback: 'Cold tea', redirected: false }))
    expect(await screen.findByRole('button', { name: /Mark as resolved/ })).toBeInTheDocument()
  })
})

describe('customers and requests', () => {
  const customers = { 'GET /api/customers': list([customer()]) }

  it('a viewer reads the customers and their history: no import, add, send, edit or delete', async () => {
    renderAs('viewer', <CustomersPage />, customers, '/dashboard/customers')
    expect(await screen.findByText('Priya Sharma')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'History of Priya Sharma' })).toBeInTheDocument()
    for (const name of [
      /Import CSV/,
      /Add customer/,
      'Send to Priya Sharma',
      'Edit Priya Sharma',
      'Delete Priya Sharma',
      /send one by one/,
    ])
      expect(screen.queryByRole('button', { name }), String(name)).not.toBeInTheDocument()
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument()
  })

  it('a manager has them all', async () => {
    renderAs('manager', <CustomersPage />, customers, '/dashboard/customers')
    expect(await screen.findByRole('button', { name: 'Send to Priya Sharma' })).toBeInTheDocument()
    for (const name of [/Import CSV/, /Add customer/, 'Edit Priya Sharma', 'Delete Priya Sharma'])
      expect(screen.getByRole('button', { name }), String(name)).toBeInTheDocument()
  })

  it('a viewer follows the requests: no Ask a customer, no Resend, no WhatsApp Business card', async () => {
    renderAs(
      'viewer',
      <RequestsPage />,
      {
        'GET /api/review-requests': list([reviewRequest()]),
        'GET /api/review-requests/funnel': {
          businessId: 7,
          channels: [],
          total: { sent: 1, opened: 0, rated: 0, sentToGoogle: 0 },
          poster: { pageViews: 0, ratings: 0, sentToGoogle: 0 },
        },
      },
      '/dashboard/requests'
    )
    expect(await screen.findByText('Priya Sharma')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Ask a customer/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Resend/ })).not.toBeInTheDocument()
    expect(screen.queryByText('WhatsApp Business')).not.toBeInTheDocument()
  })
})

describe('staff', () => {
  const staff = {
    'GET /api/businesses/7/staff': [
      {
        id: 1,
        name: 'Ravi',
        code: 'ab2c',
        link: 'https://reviewroute.in/review/chai123?s=ab2c',
        ratings: 6,
        sentToGoogle: 4,
        requests: 8,
        rated: 3,
      },
    ],
  }

  it("a viewer copies a person's link and QR, and neither adds nor removes anyone", async () => {
    renderAs('viewer', <StaffCard businessId={7} businessName="Chai Point Cafe" />, staff)
    expect(await screen.findByRole('button', { name: "Copy Ravi's link" })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Remove Ravi' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Add staff/ })).not.toBeInTheDocument()
  })

  it('a manager adds and removes people', async () => {
    renderAs('manager', <StaffCard businessId={7} businessName="Chai Point Cafe" />, staff)
    expect(await screen.findByRole('button', { name: 'Remove Ravi' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Add staff/ })).toBeInTheDocument()
  })
})

describe('billing and the WhatsApp number are the owners’', () => {
  const connected = connectedWhatsApp({
    notice: { kind: 'disconnected', message: 'Meta removed ReviewRoute’s access to your number.', at: '2026-11-21T10:00:00.000Z' },
    embeddedSignup: SIGNUP_CONFIG,
  })

  it('a manager sees the trial’s days without Upgrade, and a limit with whom to ask', async () => {
    renderAs(
      'manager',
      <>
        <TrialBanner status={fixtures.trialStatus({ trialDaysRemaining: 5 })} autoHide={false} />
        <LimitNotice message="You've reached your business limit (1)." />
      </>
    )
    expect(await screen.findByText('5 days left in your free trial')).toBeInTheDocument()
    expect(screen.getByText('Ask an owner of this workspace to upgrade.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Upgrade/ })).not.toBeInTheDocument()
  })

  it('an owner is offered Upgrade in both', async () => {
    renderAs(
      'owner',
      <>
        <TrialBanner status={fixtures.trialStatus({ trialDaysRemaining: 5 })} autoHide={false} />
        <LimitNotice message="You've reached your business limit (1)." />
      </>
    )
    expect(await screen.findAllByRole('button', { name: /Upgrade/ })).toHaveLength(2)
  })

  it('a manager sees the connected number and sends a test, but neither updates nor disconnects it', async () => {
    renderAs('manager', <WhatsAppBusinessCard business={{ id: 7, name: 'Chai Point Cafe' }} />, { 'GET /api/whatsapp-account': connected })
    expect(await screen.findByText('106540352242922')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /test message/i })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Disconnect' })).not.toBeInTheDocument()
    // Meta's notice is shown to them too, without the owner's Reconnect.
    expect(screen.getByText('Meta removed ReviewRoute’s access to your number.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Reconnect' })).not.toBeInTheDocument()
  })

  it('a manager is told an owner connects it, without the form', async () => {
    renderAs('manager', <WhatsAppBusinessCard business={{ id: 7, name: 'Chai Point Cafe' }} />, {
      'GET /api/whatsapp-account': whatsAppAccount({ embeddedSignup: SIGNUP_CONFIG }),
    })
    expect(await screen.findByText(/An owner of this workspace can connect/)).toBeInTheDocument()
    expect(screen.queryByLabelText('Phone number ID')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Connect WhatsApp Business/ })).not.toBeInTheDocument()
  })
})
