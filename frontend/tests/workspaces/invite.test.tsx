/*
 * The invitation page /invite?token=… (docs/screens.md#invitation-page): drawn by the dashboard for a signed-out
 * visitor too (the server's route list), with the ways to an account that come back here; signed in, Accept opens
 * the new workspace; a used or expired link (400) and another or an unverified address (403) say what to do.
 */
import { configure, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { getToken } from '@reviewroute/web-shared/token'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AppRoutes } from '#app'
import { isDashboardPath } from '#components/outside-app'
import { ROLE_HINTS } from '#lib/roles'
import { currentWorkspaceId, rememberWorkspace, userChoice, WORKSPACE_HEADER } from '#lib/workspace-store'
import { stubLocation } from '../chrome/chrome-helpers'
import { fakeApi, fixtures, renderScreen, signIn, type Routes } from '../helpers'
import type { InvitationCheckResponse } from '@reviewroute/backend/types/api'
import { workspace } from './fixtures'

// The page is a lazy chunk and reads the invitation before drawing it: on a busy machine that takes seconds.
configure({ asyncUtilTimeout: 5000 })
afterEach(() => vi.unstubAllGlobals())

const TOKEN = 'k3Jq9-invitation-token'
const PATH = `/invite?token=${TOKEN}`
const BACK = encodeURIComponent(PATH)

function openInvite(routes: Routes = {}, path = PATH) {
  const api = fakeApi({ 'GET /api/auth/user': fixtures.user, ...routes })
  const location = stubLocation(path)
  renderScreen(<AppRoutes />, { path })
  return { api, location }
}

const accepts = (api: ReturnType<typeof fakeApi>) => api.calls.filter((call) => call.path === '/api/invitations/accept')

/** What `POST /api/invitations/check` answers for the token: who invites, to which workspace, as what, which address. */
const CHECKED = {
  email: 'meera@example.in',
  role: 'manager',
  workspace: { name: "Neha's businesses", kind: 'personal' },
  inviterName: 'Neha Kulkarni',
  expiresAt: '2026-12-09T10:00:00.000Z',
} satisfies InvitationCheckResponse
const checked = (overrides: Partial<InvitationCheckResponse> = {}) => ({ 'POST /api/invitations/check': { ...CHECKED, ...overrides } })
const EMAIL = encodeURIComponent(CHECKED.email)

describe('signed out', () => {
  it('is the dashboard’s page on the server too', () => {
    expect(isDashboardPath('/invite')).toBe(true)
  })

  it('names the inviter, the workspace and the role, and offers sign-in or a new account with the address, both coming back here', async () => {
    const { api, location } = openInvite(checked())
    expect(await screen.findByRole('heading', { name: "Neha Kulkarni invited you to Neha's businesses" })).toBeInTheDocument()
    const details = screen.getByRole('list', { name: 'The invitation' })
    expect(within(details).getByText("Neha's businesses")).toBeInTheDocument()
    expect(within(details).getByText('Neha Kulkarni')).toBeInTheDocument()
    expect(within(details).getByText('Manager')).toBeInTheDocument()
    expect(within(details).getByText(ROLE_HINTS.manager)).toBeInTheDocument()
    expect(within(details).getByText('meera@example.in')).toBeInTheDocument()
    expect(
      screen.getByText('Sign in or create an account with meera@example.in, the address the invitation was sent to.')
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Sign in to accept' })).toHaveAttribute(
      'href',
      `/auth?mode=signin&redirect=${BACK}&email=${EMAIL}`
    )
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      `/auth?mode=signup&redirect=${BACK}&email=${EMAIL}`
    )
    // Not sent to sign-in like an owner screen; the invitation is read, not used, and without a token.
    expect(location.replace).not.toHaveBeenCalled()
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['POST /api/invitations/check'])
    expect(api.calls[0].body).toEqual({ token: TOKEN })
    expect(api.calls[0].headers.Authorization).toBeUndefined()
  })

  it('a used or expired link (400) says so before anyone signs up for it', async () => {
    openInvite({ 'POST /api/invitations/check': { status: 400, body: { error: 'This invitation link is not valid any more.' } } })
    expect(await screen.findByRole('heading', { name: 'This invitation can no longer be used' })).toBeInTheDocument()
    expect(screen.getByText('This invitation link is not valid any more.')).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /Sign in to accept|Create an account/ })).not.toBeInTheDocument()
  })

  it('when the invitation cannot be read (503) the general words and both ways in still show', async () => {
    openInvite({ 'POST /api/invitations/check': { status: 503, body: { error: 'Down' } } })
    expect(await screen.findByRole('heading', { name: 'You are invited to a ReviewRoute workspace' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Sign in to accept' })).toHaveAttribute('href', `/auth?mode=signin&redirect=${BACK}`)
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', `/auth?mode=signup&redirect=${BACK}`)
  })

  it('says a link without its token is incomplete', async () => {
    openInvite({}, '/invite')
    expect(await screen.findByRole('heading', { name: 'This invitation link is incomplete' })).toBeInTheDocument()
  })
})

describe('signed in', () => {
  it('names the inviter, the workspace, the role and the account it joins with; Accept opens the new workspace’s dashboard', async () => {
    signIn()
    rememberWorkspace(1, 1)
    const { api, location } = openInvite({
      ...checked({ email: 'asha@example.in', workspace: { name: 'Sharma Team', kind: 'team' } }),
      'POST /api/invitations/accept': { workspace: workspace({ id: 4, name: 'Sharma Team', kind: 'team', role: 'manager' }) },
    })
    expect(await screen.findByRole('heading', { name: 'Neha Kulkarni invited you to Sharma Team' })).toBeInTheDocument()
    expect(within(screen.getByRole('list', { name: 'The invitation' })).getByText('Manager')).toBeInTheDocument()
    expect(screen.getAllByText('asha@example.in').length).toBeGreaterThan(0)
    await userEvent.click(screen.getByRole('button', { name: 'Accept invitation' }))
    expect(await screen.findByRole('heading', { name: 'Welcome to Sharma Team' })).toBeInTheDocument()
    expect(location.assign).toHaveBeenCalledWith('/dashboard')
    expect(accepts(api)[0].body).toEqual({ token: TOKEN })
    // About the account, not a workspace: the current one is not named.
    expect(accepts(api)[0].headers[WORKSPACE_HEADER]).toBeUndefined()
    expect(currentWorkspaceId()).toBe(4)
    expect(userChoice(1)).toBe(4)
  })

  it('signed in with another address than the invited one: says so before Accept, with the way to the right account', async () => {
    signIn()
    const { api } = openInvite(checked())
    expect(await screen.findByRole('heading', { name: 'This invitation is for another address' })).toBeInTheDocument()
    expect(screen.getByText(/It was sent to meera@example\.in; you are signed in as asha@example\.in\./)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Use another account/ })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).not.toBeInTheDocument()
    expect(accepts(api)).toHaveLength(0)
  })

  it('a used or expired link (400): the server’s sentence and to ask for a new one', async () => {
    signIn()
    openInvite({ 'POST /api/invitations/accept': { status: 400, body: { error: 'This invitation has expired.' } } })
    await userEvent.click(await screen.findByRole('button', { name: 'Accept invitation' }))
    expect(await screen.findByRole('heading', { name: 'This invitation can no longer be used' })).toBeInTheDocument()
    expect(screen.getByText('This invitation has expired.')).toBeInTheDocument()
    expect(screen.getByText(/Ask the person who invited you to send a new one/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard')
    expect(screen.queryByRole('button', { name: /Accept invitation|Try again/ })).not.toBeInTheDocument()
  })

  it('another address (403): signed in as whom, and the way to the right account, coming back here', async () => {
    signIn()
    const { api, location } = openInvite({
      'POST /api/invitations/accept': { status: 403, body: { error: 'This invitation was sent to another email address.' } },
      'POST /api/auth/logout': { status: 204 },
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Accept invitation' }))
    expect(await screen.findByRole('heading', { name: 'This invitation is for another address' })).toBeInTheDocument()
    expect(screen.getByText('This invitation was sent to another email address.')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: /Use another account/ }))
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith(`/auth?mode=signin&redirect=${BACK}`))
    expect(api.calls.some((call) => call.method === 'POST' && call.path === '/api/auth/logout')).toBe(true)
    expect(getToken()).toBeNull()
  })

  it('an unverified address: the resend button sits under the sentence, not beside it (a one-word column on a phone)', async () => {
    signIn()
    openInvite({ ...checked({ email: 'asha@example.in' }), 'GET /api/auth/user': { ...fixtures.user, emailVerified: false } })
    const alert = (await screen.findByText('Verify your email address to accept')).closest('.ant-alert') as HTMLElement
    expect(alert.querySelector('.ant-alert-action')).toBeNull()
    const description = alert.querySelector('.ant-alert-description') as HTMLElement
    expect(within(description).getByText('We sent a link to asha@example.in. Open it, then accept.')).toBeInTheDocument()
    expect(within(description).getByRole('button', { name: 'Resend verification email' })).toBeInTheDocument()
  })

  it('an unverified address: asked to verify before, and after a 403 with the way to a new link and Try again', async () => {
    signIn()
    const { api } = openInvite({
      'GET /api/auth/user': { ...fixtures.user, emailVerified: false },
      'POST /api/invitations/accept': { status: 403, body: { error: 'Verify your email address first.' } },
      'POST /api/auth/resend-verification': { status: 202, body: { message: 'Sent' } },
    })
    expect(await screen.findByText('Verify your email address to accept')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Accept invitation' }))
    expect(await screen.findByRole('heading', { name: 'Verify your email address first' })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Resend verification email' }))
    await waitFor(() => expect(api.calls.some((call) => call.path === '/api/auth/resend-verification')).toBe(true))
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(accepts(api)).toHaveLength(2))
  })

  it('any other failure: the sentence, and Try again', async () => {
    signIn()
    openInvite({ 'POST /api/invitations/accept': { status: 503, body: { error: 'Please try again in a minute.' } } })
    await userEvent.click(await screen.findByRole('button', { name: 'Accept invitation' }))
    expect(await screen.findByText('Please try again in a minute.')).toBeInTheDocument()
    // (antd's loading icon leaves by an animation jsdom never ends: matched by the words.)
    expect(screen.getByRole('button', { name: /Try again/ })).toBeInTheDocument()
  })
})
