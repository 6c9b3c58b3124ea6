import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { StaffDto, VisitHookDto } from '@reviewroute/backend/types/api'
import { describe, expect, it } from 'vitest'
import { StaffCard } from '#components/staff/staff-card'
import { VisitHookCard } from '#components/staff/visit-hook-card'
import { fakeApi, renderScreen, signIn } from '../helpers'

const member = (overrides: Partial<StaffDto>): StaffDto => ({
  id: 1,
  name: 'Ravi',
  code: 'ab2c',
  link: 'https://reviewroute.in/review/chai123?s=ab2c',
  ratings: 0,
  sentToGoogle: 0,
  requests: 0,
  rated: 0,
  ...overrides,
})

const leaderboard = [
  member({
    id: 3,
    name: 'Priya',
    code: 'pq7r',
    link: 'https://reviewroute.in/review/chai123?s=pq7r',
    ratings: 14,
    sentToGoogle: 11,
    requests: 20,
    rated: 9,
  }),
  member({ id: 1, name: 'Ravi', ratings: 6, sentToGoogle: 4, requests: 8, rated: 3 }),
]

const HOOK_URL = 'https://reviewroute.in/api/hooks/visits/' + 'k'.repeat(43)
const NEW_URL = 'https://reviewroute.in/api/hooks/visits/' + 'n'.repeat(43)

// The first antd render is slow on a busy machine.
describe('staff card', () => {
  it('renders the leaderboard in the API order with each person’s numbers', async () => {
    signIn()
    fakeApi({ 'GET /api/businesses/7/staff': leaderboard })
    renderScreen(<StaffCard businessId={7} businessName="Chai Point Cafe" />)

    expect(await screen.findByText('1. Priya')).toBeInTheDocument()
    const rows = screen.getAllByRole('row').slice(1)
    const cells = rows.map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
    )
    expect(cells).toEqual([
      ['1. Priya', '14', '11', '20'],
      ['2. Ravi', '6', '4', '8'],
    ])
    expect(within(rows[1]).getByRole('button', { name: 'Remove Ravi' })).toBeInTheDocument()
    expect(screen.getByText('Give each person their own QR: see who brings in ratings.')).toBeInTheDocument()
  })

  it('adds a person by name and shows their link', async () => {
    signIn()
    const added = member({ id: 9, name: 'Meena', code: 'mn3x', link: 'https://reviewroute.in/review/chai123?s=mn3x' })
    // The server lists whoever was added; the card reads the list again after adding.
    const staff: StaffDto[] = []
    const api = fakeApi({
      'GET /api/businesses/7/staff': () => staff,
      'POST /api/businesses/7/staff': () => (staff.push(added), { status: 201, body: added }),
    })
    renderScreen(<StaffCard businessId={7} businessName="Chai Point Cafe" />)

    await userEvent.type(await screen.findByLabelText('Staff name'), '  Meena ')
    await userEvent.click(screen.getByRole('button', { name: /Add staff/ }))

    expect(await screen.findByLabelText("Meena's link")).toHaveValue('https://reviewroute.in/review/chai123?s=mn3x')
    const post = api.calls.filter((call) => call.method === 'POST')
    expect(post).toHaveLength(1)
    expect(post[0].path).toBe('/api/businesses/7/staff')
    expect(post[0].body).toEqual({ name: 'Meena' })
    expect(await screen.findByRole('row', { name: /Meena/ })).toBeInTheDocument()
  })

  it('does not post an empty name', async () => {
    signIn()
    const api = fakeApi({ 'GET /api/businesses/7/staff': [] })
    renderScreen(<StaffCard businessId={7} businessName="Chai Point Cafe" />)
    await screen.findByText(/No staff yet/)
    await userEvent.click(screen.getByRole('button', { name: /Add staff/ }))
    expect(await screen.findByText('Please enter their name')).toBeInTheDocument()
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false)
  })

  it('removes a person only after a confirmation naming them', async () => {
    signIn()
    let staff = leaderboard
    const api = fakeApi({
      'GET /api/businesses/7/staff': () => staff,
      'DELETE /api/businesses/7/staff/1': () => ((staff = staff.filter((person) => person.id !== 1)), { status: 204 }),
    })
    renderScreen(<StaffCard businessId={7} businessName="Chai Point Cafe" />)

    await userEvent.click(await screen.findByRole('button', { name: 'Remove Ravi' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getAllByText('Remove Ravi?').length).toBeGreaterThan(0)
    expect(within(dialog).getByText(/past ratings stay, but are no longer attributed/)).toBeInTheDocument()
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false)

    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }))
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove Ravi' })).not.toBeInTheDocument())
    expect(api.calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual(['/api/businesses/7/staff/1'])
    expect(screen.getByText('1. Priya')).toBeInTheDocument()
  })

  it('keeps the person when the confirmation is cancelled', async () => {
    signIn()
    const api = fakeApi({ 'GET /api/businesses/7/staff': leaderboard })
    renderScreen(<StaffCard businessId={7} businessName="Chai Point Cafe" />)
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Priya' }))
    const dialog = await screen.findByRole('dialog')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    // The dialog is closing (its leave animation never ends in jsdom): the Cancel has been handled.
    await waitFor(() => expect(dialog.className).toMatch(/leave/))
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false)
    expect(screen.getByRole('button', { name: 'Remove Priya' })).toBeInTheDocument()
  })
})

describe('after-visit hook card', () => {
  const open = () => renderScreen(<VisitHookCard businessId={7} businessName="Chai Point Cafe" />)

  it('turns on with POST and shows the address, the example and the warning', async () => {
    signIn()
    const api = fakeApi({
      'GET /api/businesses/7/visit-hook': { enabled: false, url: null } satisfies VisitHookDto,
      'POST /api/businesses/7/visit-hook': { enabled: true, url: HOOK_URL } satisfies VisitHookDto,
    })
    open()

    const toggle = await screen.findByRole('switch', { name: 'After-visit hook' })
    expect(toggle).not.toBeChecked()
    expect(screen.queryByLabelText('Hook address')).not.toBeInTheDocument()
    await userEvent.click(toggle)

    expect(await screen.findByLabelText('Hook address')).toHaveValue(HOOK_URL)
    expect(screen.getByRole('switch', { name: 'After-visit hook' })).toBeChecked()
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual(['/api/businesses/7/visit-hook'])
    expect(screen.getByLabelText('Example call').textContent).toContain(`curl -X POST "${HOOK_URL}"`)
    expect(screen.getByText("Anyone with this address can send review requests in Chai Point Cafe's name.")).toBeInTheDocument()
  })

  it('gives a new address after confirming', async () => {
    signIn()
    const api = fakeApi({
      'GET /api/businesses/7/visit-hook': { enabled: true, url: HOOK_URL },
      'POST /api/businesses/7/visit-hook': { enabled: true, url: NEW_URL },
    })
    open()

    expect(await screen.findByLabelText('Hook address')).toHaveValue(HOOK_URL)
    await userEvent.click(screen.getByRole('button', { name: /New address/ }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText(/current address stops working/)).toBeInTheDocument()
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false)
    await userEvent.click(within(dialog).getByRole('button', { name: 'New address' }))

    await waitFor(() => expect(screen.getByLabelText('Hook address')).toHaveValue(NEW_URL))
    expect(screen.getByLabelText('Example call').textContent).toContain(NEW_URL)
    expect(screen.getByLabelText('Example call').textContent).not.toContain(HOOK_URL)
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(1)
  })

  it('turns off with DELETE after confirming and hides the address', async () => {
    signIn()
    const api = fakeApi({
      'GET /api/businesses/7/visit-hook': { enabled: true, url: HOOK_URL },
      'DELETE /api/businesses/7/visit-hook': { enabled: false, url: null },
    })
    open()

    await userEvent.click(await screen.findByRole('switch', { name: 'After-visit hook' }))
    const dialog = await screen.findByRole('dialog')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }))

    await waitFor(() => expect(screen.queryByLabelText('Hook address')).not.toBeInTheDocument())
    expect(screen.getByRole('switch', { name: 'After-visit hook' })).not.toBeChecked()
    expect(api.calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual(['/api/businesses/7/visit-hook'])
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false)
  })
})
