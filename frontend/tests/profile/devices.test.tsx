import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { getToken } from '@reviewroute/web-shared/token'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { stubLocation } from '../chrome/chrome-helpers'
import { callsTo, card, devices, openProfile, USER_AGENTS } from './profile-helpers'

afterEach(() => vi.unstubAllGlobals())

/** The list row that names `device`. */
const row = async (list: HTMLElement, device: string) => (await within(list).findByText(device)).closest('li') as HTMLElement

/** Confirms the open Popconfirm titled `title` with its `ok` button. */
async function confirm(title: string, ok: string) {
  const popup = (await screen.findByText(title)).closest('.ant-popconfirm') as HTMLElement
  await userEvent.click(within(popup).getByRole('button', { name: ok }))
}

describe('profile: signed-in devices', () => {
  it('names each device from its browser, tags this one and says when each was used', async () => {
    openProfile()
    const list = await card('Signed-in devices')
    const phone = await row(list, 'Chrome on Android')
    expect(within(phone).getByText('This device')).toBeInTheDocument()
    expect(within(phone).queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument()
    expect(within(phone).getByText('Signed in 22 Nov 2026')).toBeInTheDocument()

    const laptop = await row(list, 'Firefox on Windows')
    expect(within(laptop).queryByText('This device')).not.toBeInTheDocument()
    expect(within(laptop).getByText('Last used 3 hours ago')).toBeInTheDocument()
    expect(within(laptop).getByText('Signed in 20 Nov 2026')).toBeInTheDocument()

    const unknown = await row(list, 'Unknown browser')
    expect(within(unknown).getByText('Not used since signing in')).toBeInTheDocument()
    expect(within(list).getAllByRole('button', { name: 'Sign out' })).toHaveLength(2)
    // This device comes first.
    expect(within(list).getAllByRole('listitem')[0]).toBe(phone)
  })

  it('shows the raw user agent in a tooltip', async () => {
    openProfile()
    const list = await card('Signed-in devices')
    await userEvent.hover(await within(list).findByText('Firefox on Windows'))
    expect(await screen.findByText(USER_AGENTS.firefoxWindows)).toBeInTheDocument()
  })

  it('signs one device out after a confirmation and reads the list again', async () => {
    let remaining = devices()
    const api = openProfile({
      'GET /api/auth/sessions': () => remaining,
      'DELETE /api/auth/sessions/12': () => {
        remaining = remaining.filter((device) => device.id !== 12)
        return { status: 204 }
      },
    })
    const list = await card('Signed-in devices')
    await userEvent.click(within(await row(list, 'Firefox on Windows')).getByRole('button', { name: 'Sign out' }))
    await confirm('Sign out this device?', 'Sign out')
    expect(await screen.findByText('Device Signed Out')).toBeInTheDocument()
    await waitFor(() => expect(within(list).queryByText('Firefox on Windows')).not.toBeInTheDocument())
    expect(callsTo(api, '/api/auth/sessions/12', 'DELETE')).toBe(1)
    expect(callsTo(api, '/api/auth/sessions', 'GET')).toBe(2)
    expect(within(list).getByText('Chrome on Android')).toBeInTheDocument()
  })

  it('says so when a device cannot be signed out, and still reads the list again', async () => {
    const api = openProfile({ 'DELETE /api/auth/sessions/12': { status: 404, body: { error: 'Session not found' } } })
    const list = await card('Signed-in devices')
    await userEvent.click(within(await row(list, 'Firefox on Windows')).getByRole('button', { name: 'Sign out' }))
    await confirm('Sign out this device?', 'Sign out')
    expect(await screen.findByText('Session not found')).toBeInTheDocument()
    await waitFor(() => expect(callsTo(api, '/api/auth/sessions', 'GET')).toBe(2))
  })

  it('signs out everywhere after a confirmation that includes this device, then sends this browser to sign-in', async () => {
    const location = stubLocation('/profile')
    const api = openProfile({ 'POST /api/auth/logout-all': { status: 204 } })
    const list = await card('Signed-in devices')
    await row(list, 'Chrome on Android')
    await userEvent.click(within(list).getByRole('button', { name: 'Sign out everywhere' }))
    expect(await screen.findByText(/this one included/)).toBeInTheDocument()
    await confirm('Sign out everywhere?', 'Sign out everywhere')
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith('/auth?mode=signin&redirect=%2Fprofile'))
    expect(callsTo(api, '/api/auth/logout-all', 'POST')).toBe(1)
    expect(getToken()).toBeNull()
  })
})
