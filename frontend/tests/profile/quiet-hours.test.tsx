/* Profile, Notifications: quiet hours for WhatsApp and push alerts (PATCH /api/notification-settings `quietHours`). */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { card, notificationSettings, openProfile } from './profile-helpers'

afterEach(() => vi.unstubAllGlobals())

/** Answers a PATCH with the settings merged, like the server. */
const saved = ({ body }: { body: object }) => ({ ...notificationSettings, quietHours: null, ...body })

const patches = (api: ReturnType<typeof openProfile>) =>
  api.calls.filter((call) => call.path === '/api/notification-settings' && call.method === 'PATCH').map((call) => call.body)

/** Opens an hour select by its label and picks an hour. */
async function chooseHour(box: HTMLElement, label: string, hour: string) {
  fireEvent.mouseDown(within(box).getByRole('combobox', { name: label }))
  const options = await screen.findAllByTitle(hour)
  fireEvent.click(options.find((element) => element.classList.contains('ant-select-item-option'))!)
}

describe('profile: quiet hours', () => {
  it('shows the saved hours in India time, with what they do', async () => {
    openProfile({ 'GET /api/notification-settings': { ...notificationSettings, quietHours: { from: 22, until: 7 } } })
    const box = await card('Notifications')
    expect(await within(box).findByRole('switch', { name: 'Quiet hours' })).toBeChecked()
    expect(
      within(box).getByText('WhatsApp and push alerts wait until the quiet hours end. A 1-star rating still comes at once.')
    ).toBeInTheDocument()
    expect(within(box).getByRole('combobox', { name: 'From' }).closest('.ant-select')).toHaveTextContent('22:00')
    expect(within(box).getByRole('combobox', { name: 'Until' }).closest('.ant-select')).toHaveTextContent('07:00')
  })

  it('turns them on from 22:00 to 07:00, changes an end, and turns them off', async () => {
    const api = openProfile({
      'GET /api/notification-settings': { ...notificationSettings, quietHours: null },
      'PATCH /api/notification-settings': saved,
    })
    const box = await card('Notifications')
    const quiet = await within(box).findByRole('switch', { name: 'Quiet hours' })
    expect(quiet).not.toBeChecked()
    expect(within(box).queryByRole('combobox', { name: 'From' })).not.toBeInTheDocument()

    await userEvent.click(quiet)
    await waitFor(() => expect(patches(api)).toEqual([{ quietHours: { from: 22, until: 7 } }]))
    expect(await screen.findByText('Quiet hours: 22:00 to 07:00.')).toBeInTheDocument()
    await waitFor(() => expect(quiet).toBeChecked())

    await waitFor(() => expect(within(box).getByRole('combobox', { name: 'Until' })).toBeEnabled())
    await chooseHour(box, 'Until', '06:00')
    await waitFor(() => expect(patches(api).at(-1)).toEqual({ quietHours: { from: 22, until: 6 } }))
    expect(await screen.findByText('Quiet hours: 22:00 to 06:00.')).toBeInTheDocument()

    await waitFor(() => expect(quiet).toBeEnabled())
    await userEvent.click(quiet)
    await waitFor(() => expect(patches(api).at(-1)).toEqual({ quietHours: null }))
    expect(await screen.findByText('Quiet hours are off.')).toBeInTheDocument()
    await waitFor(() => expect(quiet).not.toBeChecked())
    expect(within(box).queryByRole('combobox', { name: 'From' })).not.toBeInTheDocument()
  })

  it('treats settings without quiet hours as none', async () => {
    openProfile()
    const box = await card('Notifications')
    expect(await within(box).findByRole('switch', { name: 'Quiet hours' })).not.toBeChecked()
  })

  it("puts the hours back and shows the server's sentence when it refuses them", async () => {
    const sentence = 'Quiet hours must end at another hour than they start'
    const api = openProfile({
      'GET /api/notification-settings': { ...notificationSettings, quietHours: { from: 22, until: 7 } },
      'PATCH /api/notification-settings': {
        status: 422,
        body: { error: sentence, message: sentence, errors: [{ field: 'quietHours', message: sentence }] },
      },
    })
    const box = await card('Notifications')
    await within(box).findByRole('switch', { name: 'Quiet hours' })
    await chooseHour(box, 'Until', '05:00')
    await waitFor(() => expect(patches(api)).toEqual([{ quietHours: { from: 22, until: 5 } }]))
    expect(await screen.findByText('Notifications Not Saved')).toBeInTheDocument()
    expect(screen.getByText(sentence)).toBeInTheDocument()
    await waitFor(() => expect(within(box).getByRole('combobox', { name: 'Until' }).closest('.ant-select')).toHaveTextContent('07:00'))
  })
})
