/*
 * The Team page (docs/screens.md#team): members with their role and businesses, pending invitations, the invitation
 * form, changing a member's access, removing, cancelling, leaving, and the activity log; owners change things,
 * everyone else reads.
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { currentWorkspaceId, rememberWorkspace } from '#lib/workspace-store'
import type { WorkspaceRole } from '#lib/roles'
import TeamPage from '#pages/team'
import { stubLocation } from '../chrome/chrome-helpers'
import { fakeApi, fixtures, signIn, type Routes } from '../helpers'
import { list } from '../requests/request-fixtures'
import { client, invitation, member, workspace } from './fixtures'
import { renderInWorkspace } from './render'

afterEach(() => vi.unstubAllGlobals())

const team = workspace({ id: 4, name: 'Sharma Team', kind: 'team' })
const members = {
  members: [
    member(),
    member({ userId: 2, email: 'ravi@example.in', name: 'Ravi Kumar', role: 'manager', businessIds: [7] }),
    member({ userId: 3, email: 'meena@example.in', name: 'Meena Iyer', role: 'viewer', businessIds: null }),
    member({ userId: 9, email: 'dev@example.in', name: 'Dev Shah', role: 'owner' }),
  ],
  invitations: [invitation({ email: 'kavya@example.in', role: 'viewer', businessIds: [7, 8] })],
  can: { deleteWorkspace: true, endManagement: true },
}

function renderTeam(role: WorkspaceRole, routes: Routes = {}, path = '/dashboard/team') {
  signIn()
  rememberWorkspace(1, 4)
  const api = fakeApi({
    'GET /api/auth/user': fixtures.user,
    'GET /api/workspaces': [workspace(), { ...team, role }],
    'GET /api/businesses': list([fixtures.business(), fixtures.business({ id: 8, name: 'Dosa Hut', shortUrl: 'dosa' })]),
    // The signed-in member (Asha, 1) is listed with the role the test gives her.
    'GET /api/workspaces/4/members': {
      ...members,
      members: members.members.map((entry) => (entry.userId === 1 ? { ...entry, role } : entry)),
    },
    ...routes,
  })
  renderInWorkspace(<TeamPage />, path)
  return api
}

const row = async (name: string) => screen.findByRole('group', { name })
const callsTo = (api: ReturnType<typeof fakeApi>, method: string, path: string) =>
  api.calls.filter((call) => call.method === method && call.path === path)

describe('Team page for an owner', () => {
  it('lists the members with their role, businesses and the signed-in one as You, and the pending invitations', async () => {
    renderTeam('owner')
    const asha = await row('Asha Verma')
    expect(within(asha).getByText('You')).toBeInTheDocument()
    expect(within(asha).getByText('Owner')).toBeInTheDocument()
    expect(within(asha).getByText(/All businesses · Joined 20 Nov 2026/)).toBeInTheDocument()
    expect(within(await row('Ravi Kumar')).getByText(/^Chai Point Cafe · Joined/)).toBeInTheDocument()
    expect(within(await row('Meena Iyer')).getByText('Viewer')).toBeInTheDocument()
    expect(screen.getByText('kavya@example.in')).toBeInTheDocument()
    expect(screen.getByText(/Chai Point Cafe, Dosa Hut · Link works until 4 Dec 2026/)).toBeInTheDocument()
    // Not themselves: they leave instead.
    expect(within(asha).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument()
  })

  it('invites by email with a role, for every business unless some are chosen', async () => {
    const api = renderTeam('owner', { 'POST /api/workspaces/4/invitations': { status: 201, body: invitation() } })
    const form = await screen.findByRole('form', { name: 'Invite someone' })
    await userEvent.type(within(form).getByLabelText('Email address'), 'ravi.new@example.in')
    await userEvent.click(within(form).getByRole('radio', { name: /Viewer/ }))
    await userEvent.click(within(form).getByRole('button', { name: /Send invitation/ }))
    await waitFor(() => expect(callsTo(api, 'POST', '/api/workspaces/4/invitations')).toHaveLength(1))
    expect(callsTo(api, 'POST', '/api/workspaces/4/invitations')[0].body).toEqual({
      email: 'ravi.new@example.in',
      role: 'viewer',
      businessIds: null,
    })
    expect(await screen.findByText(/We emailed ravi.new@example.in a link to join Sharma Team/)).toBeInTheDocument()
    // The list is read again with the new invitation.
    await waitFor(() => expect(callsTo(api, 'GET', '/api/workspaces/4/members').length).toBeGreaterThan(1))
  })

  it('limits an invitation to the businesses chosen', async () => {
    const api = renderTeam('owner', { 'POST /api/workspaces/4/invitations': { status: 201, body: invitation() } })
    const form = await screen.findByRole('form', { name: 'Invite someone' })
    await userEvent.type(within(form).getByLabelText('Email address'), 'ravi.new@example.in')
    await userEvent.click(within(form).getByRole('combobox', { name: 'Businesses' }))
    await userEvent.click(await screen.findByTitle('Dosa Hut'))
    await userEvent.click(within(form).getByRole('button', { name: /Send invitation/ }))
    await waitFor(() => expect(callsTo(api, 'POST', '/api/workspaces/4/invitations')).toHaveLength(1))
    expect(callsTo(api, 'POST', '/api/workspaces/4/invitations')[0].body).toEqual({
      email: 'ravi.new@example.in',
      role: 'manager',
      businessIds: [8],
    })
  })

  it("puts the server's field message under the address (a member already)", async () => {
    renderTeam('owner', {
      'POST /api/workspaces/4/invitations': {
        status: 422,
        body: { errors: [{ field: 'email', message: 'ravi@example.in is already a member', rule: 'unique' }] },
      },
    })
    const form = await screen.findByRole('form', { name: 'Invite someone' })
    await userEvent.type(within(form).getByLabelText('Email address'), 'ravi@example.in')
    await userEvent.click(within(form).getByRole('button', { name: /Send invitation/ }))
    expect(await within(form).findByText('ravi@example.in is already a member')).toBeInTheDocument()
  })

  it('renames the workspace: its name, trimmed, PATCHed to the workspace', async () => {
    const api = renderTeam('owner', { 'PATCH /api/workspaces/4': { ...team, name: 'Sharma Sweets' } })
    await userEvent.clear(await screen.findByLabelText('Name'))
    await userEvent.paste('  Sharma Sweets ')
    await userEvent.click(screen.getByRole('button', { name: 'Save name' }))
    expect(await screen.findByText('It is now called Sharma Sweets.')).toBeInTheDocument()
    expect(callsTo(api, 'PATCH', '/api/workspaces/4').map((call) => call.body)).toEqual([{ name: 'Sharma Sweets' }])
  })

  it("puts the server's field message under the workspace's name", async () => {
    renderTeam('owner', {
      'PATCH /api/workspaces/4': {
        status: 422,
        body: { errors: [{ field: 'name', message: 'That name is too long', rule: 'maxLength' }] },
      },
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Save name' }))
    expect(await screen.findByText('That name is too long')).toBeInTheDocument()
  })

  it('deletes the workspace with the password; a wrong one (400) is said under the field', async () => {
    const location = stubLocation('/dashboard/team')
    let answer: unknown = { status: 400, body: { error: 'That password is not correct.' } }
    const api = renderTeam('owner', { 'DELETE /api/workspaces/4': () => answer })
    await userEvent.click(await screen.findByRole('button', { name: /Delete workspace/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete Sharma Team?' })
    await userEvent.click(within(dialog).getByLabelText('Your password'))
    await userEvent.paste('my-secret')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete workspace' }))
    expect(await within(dialog).findByText('That password is not correct.')).toBeInTheDocument()
    expect(location.assign).not.toHaveBeenCalled()
    answer = { status: 204 }
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete workspace' }))
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith('/dashboard'))
    expect(callsTo(api, 'DELETE', '/api/workspaces/4').map((call) => call.body)).toEqual([
      { password: 'my-secret' },
      { password: 'my-secret' },
    ])
  })

  it("changes a member's role and businesses", async () => {
    const api = renderTeam('owner', { 'PATCH /api/workspaces/4/members/2': { userId: 2, role: 'viewer', businessIds: null } })
    await userEvent.click(within(await row('Ravi Kumar')).getByRole('button', { name: /Change access/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Access of Ravi Kumar' })
    await userEvent.click(within(dialog).getByRole('radio', { name: /Viewer/ }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(callsTo(api, 'PATCH', '/api/workspaces/4/members/2')).toHaveLength(1))
    // Still limited to the business it had.
    expect(callsTo(api, 'PATCH', '/api/workspaces/4/members/2')[0].body).toEqual({ role: 'viewer', businessIds: [7] })
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Access of Ravi Kumar' })).not.toBeInTheDocument())
  })

  it('says why the last owner cannot be demoted (409), in the dialog', async () => {
    renderTeam('owner', {
      'PATCH /api/workspaces/4/members/1': { status: 409, body: { error: 'A workspace needs at least one owner.' } },
    })
    await userEvent.click(within(await row('Asha Verma')).getByRole('button', { name: /Change access/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Access of Asha Verma' })
    await userEvent.click(within(dialog).getByRole('radio', { name: /Manager/ }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await within(dialog).findByText('A workspace needs at least one owner.')).toBeInTheDocument()
  })

  it('removes a member after asking', async () => {
    const api = renderTeam('owner', { 'DELETE /api/workspaces/4/members/3': { status: 204 } })
    await userEvent.click(within(await row('Meena Iyer')).getByRole('button', { name: /Remove/ }))
    const confirm = await screen.findByRole('dialog', { name: 'Remove Meena Iyer?' })
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }))
    await waitFor(() => expect(callsTo(api, 'DELETE', '/api/workspaces/4/members/3')).toHaveLength(1))
  })

  it('cancels an invitation', async () => {
    const api = renderTeam('owner', { 'DELETE /api/workspaces/4/invitations/41': { status: 204 } })
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel the invitation to kavya@example.in' }))
    await waitFor(() => expect(callsTo(api, 'DELETE', '/api/workspaces/4/invitations/41')).toHaveLength(1))
    expect(await screen.findByText(/The link sent to kavya@example.in no longer works/)).toBeInTheDocument()
  })

  it('shows the activity log, with who did what and when, a page at a time', async () => {
    const entries = Array.from({ length: 20 }, (_, index) => ({
      id: 100 - index,
      action: 'member.invited',
      actor: index === 0 ? null : { userId: 1, name: 'Asha Verma', email: 'asha@example.in' },
      summary: `invited someone ${index}`,
      createdAt: '2026-11-27T10:00:00.000Z',
    }))
    const api = renderTeam('owner', { 'GET /api/workspaces/4/activity': list(entries, 45) }, '/dashboard/team?tab=activity')
    // Who, then what they did; under it their address and when.
    expect((await screen.findByText(/invited someone 1$/)).textContent).toBe('Asha Verma invited someone 1')
    expect(screen.getByText(/invited someone 0$/).textContent).toBe('ReviewRoute invited someone 0')
    expect(screen.getAllByText(/^asha@example.in · 27 Nov 2026/)).toHaveLength(19)
    expect(callsTo(api, 'GET', '/api/workspaces/4/activity')[0].url.search).toContain('_start=0&_end=20')
    await userEvent.click(screen.getByTitle('2'))
    await waitFor(() => expect(callsTo(api, 'GET', '/api/workspaces/4/activity').at(-1)!.url.search).toContain('_start=20&_end=40'))
  })
})

describe('Team page for everyone else', () => {
  it.each(['manager', 'viewer'] as const)('a %s reads the team: no invitation form, changes, removals or activity', async (role) => {
    renderTeam(role)
    await row('Ravi Kumar')
    expect(screen.getByText('Only the owners of Sharma Team can invite people and change what they may do.')).toBeInTheDocument()
    expect(screen.queryByRole('form', { name: 'Invite someone' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Change access/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Cancel the invitation/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('tab', { name: 'Activity' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Save name' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Leave this workspace/ })).toBeInTheDocument()
  })

  it('leaving goes back to the default workspace in a fresh page', async () => {
    const location = stubLocation('/dashboard/team')
    const api = renderTeam('viewer', { 'DELETE /api/workspaces/4/members/me': { status: 204 } })
    await userEvent.click(await screen.findByRole('button', { name: /Leave this workspace/ }))
    const confirm = await screen.findByRole('dialog', { name: 'Leave Sharma Team?' })
    await userEvent.click(within(confirm).getByRole('button', { name: 'Leave' }))
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith('/dashboard'))
    expect(callsTo(api, 'DELETE', '/api/workspaces/4/members/me')).toHaveLength(1)
    expect(currentWorkspaceId()).toBeNull()
  })

  it('the only owner is told to make someone else an owner first, instead of a Leave button', async () => {
    renderTeam('owner', { 'GET /api/workspaces/4/members': { ...members, members: members.members.slice(0, 3) } })
    expect(await screen.findByText('You are its only owner: make someone else an owner before you can leave it.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Leave this workspace/ })).not.toBeInTheDocument()
  })

  it("an owner among others leaves; the server's refusal is said and they stay", async () => {
    const location = stubLocation('/dashboard/team')
    renderTeam('owner', {
      'DELETE /api/workspaces/4/members/me': { status: 409, body: { error: 'Make someone else an owner before you leave.' } },
    })
    await userEvent.click(await screen.findByRole('button', { name: /Leave this workspace/ }))
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Leave Sharma Team?' })).getByRole('button', { name: 'Leave' }))
    expect(await screen.findByText('Make someone else an owner before you leave.')).toBeInTheDocument()
    expect(location.assign).not.toHaveBeenCalled()
    expect(currentWorkspaceId()).toBe(4)
  })

  it("an agency's member in a client workspace: no members of its own, and why they cannot leave it here", async () => {
    signIn()
    rememberWorkspace(1, 3)
    fakeApi({
      'GET /api/auth/user': fixtures.user,
      'GET /api/workspaces': [workspace(), client],
      'GET /api/businesses': list([]),
      'GET /api/workspaces/3/members': { members: [], invitations: [], can: { deleteWorkspace: true, endManagement: false } },
    })
    renderInWorkspace(<TeamPage />)
    expect(await screen.findByText("No members of its own yet: Spice Digital's team works here.")).toBeInTheDocument()
    expect(screen.getByText(/You work here as a member of Spice Digital/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Leave this workspace/ })).not.toBeInTheDocument()
    expect(screen.getByText(/its team works in this workspace with you/).textContent).toBe(
      'Managed by Spice Digital: its team works in this workspace with you.'
    )
  })
})

describe("Team page of a client workspace: what the agency's people are offered", () => {
  const clientOwners = {
    members: [
      member({ userId: 5, email: 'rakesh@example.in', name: 'Rakesh Sharma', role: 'owner', canChange: false }),
      member({ userId: 6, email: 'neha@spice.example.in', name: 'Neha Rao', role: 'manager', canChange: true }),
    ],
    invitations: [],
  }

  function renderClient(can: { deleteWorkspace: boolean; endManagement: boolean }) {
    signIn()
    rememberWorkspace(1, 3)
    fakeApi({
      'GET /api/auth/user': fixtures.user,
      'GET /api/workspaces': [workspace(), client],
      'GET /api/businesses': list([]),
      'GET /api/workspaces/3/members': { ...clientOwners, can },
    })
    renderInWorkspace(<TeamPage />)
  }

  it("acting for the agency: no Delete workspace, no End management, and the client's own owner cannot be changed or removed", async () => {
    renderClient({ deleteWorkspace: false, endManagement: false })
    const rakesh = await row('Rakesh Sharma')
    expect(within(rakesh).queryByRole('button', { name: /Change access/ })).not.toBeInTheDocument()
    expect(within(rakesh).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument()
    // A member the agency brought in stays the agency's to change.
    expect(within(await row('Neha Rao')).getByRole('button', { name: /Change access/ })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Delete workspace/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /management/ })).not.toBeInTheDocument()
    expect(screen.getByText(/Managed by/)).toBeInTheDocument()
  })

  it("the client's own owner may end the management and delete the workspace", async () => {
    renderClient({ deleteWorkspace: true, endManagement: true })
    await row('Rakesh Sharma')
    expect(await screen.findByRole('button', { name: "End Spice Digital's management" })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Delete workspace/ })).toBeInTheDocument()
  })
})
