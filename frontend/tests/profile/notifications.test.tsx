import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { NotificationSettingsDto } from '@reviewroute/backend/types/api'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fixtures } from '../helpers'
import { callsTo, card, notificationSettings, openProfile } from './profile-helpers'

afterEach(() => vi.unstubAllGlobals())

/** Answers a PATCH with the settings merged, like the server. */
const saved = ({ body }: { body: Partial<NotificationSettingsDto> }) => ({ ...notificationSettings, ...body })

/** The fieldset of one alert setting, by its legend. */
const group = (notifications: HTMLElement, name: string) => within(within(notifications).getByRole('group', { name }))

const patches = (api: ReturnType<typeof openProfile>) =>
  api.calls.filter((call) => call.path === '/api/notification-settings' && call.method === 'PATCH').map((call) => call.body)

describe('profile: notifications (docs/decisions.md D30, D47)', () => {
  it('shows the saved choices with their schedules', async () => {
    openProfile({ 'GET /api/notification-settings': { ...notificationSettings, googleReviewAlerts: 'daily' } })
    const notifications = await card('Notifications')
    await waitFor(() => expect(group(notifications, 'Feedback alerts').getByRole('radio', { name: /Instant/ })).toBeChecked())
    const feedback = group(notifications, 'Feedback alerts')
    expect(feedback.getByText('At most one mail per business every 10 minutes')).toBeInTheDocument()
    expect(feedback.getByText('One mail a day at 09:00 IST')).toBeInTheDocument()
    const google = group(notifications, 'Google review alerts')
    expect(google.getByRole('radio', { name: /Daily digest/ })).toBeChecked()
    expect(google.getByRole('radio', { name: /Instant/ })).not.toBeChecked()
    expect(google.getByText(/new or changed Google review/)).toBeInTheDocument()
    expect(google.getByRole('radio', { name: '1-3 stars' })).toBeChecked()
    expect(google.getByRole('radio', { name: 'Every review' })).not.toBeChecked()
    expect(google.getByText('No Google review mails; read them under Feedback, Google reviews')).toBeInTheDocument()
    expect(within(notifications).getByText('Mondays 09:00 IST: ratings, sent to Google, private ratings')).toBeInTheDocument()
    expect(within(notifications).getByRole('switch', { name: 'Weekly summary' })).toBeChecked()
    expect(within(notifications).queryByText('These mails wait until your address is verified')).not.toBeInTheDocument()
  })

  it('saves a new alert choice at once with the chosen value', async () => {
    const api = openProfile({ 'PATCH /api/notification-settings': saved })
    const notifications = await card('Notifications')
    await within(notifications).findByRole('group', { name: 'Feedback alerts' })
    await userEvent.click(group(notifications, 'Feedback alerts').getByRole('radio', { name: /Daily digest/ }))
    await waitFor(() => expect(patches(api)).toEqual([{ feedbackAlerts: 'daily' }]))
    expect(await screen.findByText('Notifications Updated')).toBeInTheDocument()
    expect(screen.getByText('Feedback alerts: Daily digest.')).toBeInTheDocument()
    expect(group(notifications, 'Feedback alerts').getByRole('radio', { name: /Daily digest/ })).toBeChecked()
    expect(group(notifications, 'Google review alerts').getByRole('radio', { name: /Instant/ })).toBeChecked()
  })

  it('saves the Google review alert choice on its own', async () => {
    const api = openProfile({ 'PATCH /api/notification-settings': saved })
    const notifications = await card('Notifications')
    await within(notifications).findByRole('group', { name: 'Google review alerts' })
    await userEvent.click(group(notifications, 'Google review alerts').getByRole('radio', { name: /^Off/ }))
    await waitFor(() => expect(patches(api)).toEqual([{ googleReviewAlerts: 'off' }]))
    expect(await screen.findByText('Google review alerts: Off.')).toBeInTheDocument()
    expect(group(notifications, 'Google review alerts').getByRole('radio', { name: /^Off/ })).toBeChecked()
    expect(group(notifications, 'Feedback alerts').getByRole('radio', { name: /Instant/ })).toBeChecked()
  })

  it('saves which Google reviews alert: every one, and offers no choice while Google review alerts are off', async () => {
    const api = openProfile({ 'PATCH /api/notification-settings': saved })
    const notifications = await card('Notifications')
    await within(notifications).findByRole('group', { name: 'Google review alerts' })
    await userEvent.click(group(notifications, 'Google review alerts').getByText('Every review'))
    await waitFor(() => expect(patches(api)).toEqual([{ googleReviewAlertStars: 'all' }]))
    expect(await screen.findByText('Every new Google review alerts you.')).toBeInTheDocument()
    expect(group(notifications, 'Google review alerts').getByRole('radio', { name: 'Every review' })).toBeChecked()

    await userEvent.click(group(notifications, 'Google review alerts').getByRole('radio', { name: /^Off/ }))
    await waitFor(() => expect(group(notifications, 'Google review alerts').getByRole('radio', { name: '1-3 stars' })).toBeDisabled())
  })

  it('saves the weekly summary switch', async () => {
    const api = openProfile({ 'PATCH /api/notification-settings': saved })
    const notifications = await card('Notifications')
    const weekly = await within(notifications).findByRole('switch', { name: 'Weekly summary' })
    await userEvent.click(weekly)
    await waitFor(() => expect(patches(api)).toEqual([{ weeklySummary: false }]))
    expect(await screen.findByText('The weekly summary is off.')).toBeInTheDocument()
    await waitFor(() => expect(weekly).not.toBeChecked())
  })

  it("puts the previous choice back and shows the server's sentence when the save fails", async () => {
    const sentence = 'The selected feedbackAlerts is invalid'
    const api = openProfile({ 'PATCH /api/notification-settings': { status: 422, body: { error: sentence, errors: [] } } })
    const notifications = await card('Notifications')
    await within(notifications).findByRole('group', { name: 'Feedback alerts' })
    await userEvent.click(group(notifications, 'Feedback alerts').getByRole('radio', { name: /^Off/ }))
    await waitFor(() => expect(patches(api)).toEqual([{ feedbackAlerts: 'off' }]))
    expect(await screen.findByText('Notifications Not Saved')).toBeInTheDocument()
    expect(screen.getByText(sentence)).toBeInTheDocument()
    await waitFor(() => expect(group(notifications, 'Feedback alerts').getByRole('radio', { name: /Instant/ })).toBeChecked())
    expect(group(notifications, 'Feedback alerts').getByRole('radio', { name: /^Off/ })).not.toBeChecked()
  })

  it('rolls the switch back when the save fails', async () => {
    openProfile({ 'PATCH /api/notification-settings': { status: 500, body: { error: 'Internal server error' } } })
    const notifications = await card('Notifications')
    const weekly = await within(notifications).findByRole('switch', { name: 'Weekly summary' })
    await userEvent.click(weekly)
    expect(await screen.findByText('Notifications Not Saved')).toBeInTheDocument()
    await waitFor(() => expect(weekly).toBeChecked())
  })

  it('says the mails wait for a verified address, with the resend button', async () => {
    const api = openProfile({
      'GET /api/auth/user': { ...fixtures.user, emailVerified: false },
      'POST /api/auth/resend-verification': { status: 202, body: { message: 'Verification email sent.' } },
    })
    const notifications = await card('Notifications')
    expect(await within(notifications).findByText('These mails wait until your address is verified')).toBeInTheDocument()
    expect(within(notifications).getByText(/Open the link we sent to asha@example\.in/)).toBeInTheDocument()
    await userEvent.click(within(notifications).getByRole('button', { name: /Resend verification email/ }))
    expect(await screen.findByText('Verification Email Sent')).toBeInTheDocument()
    expect(callsTo(api, '/api/auth/resend-verification', 'POST')).toBe(1)
  })

  it('says so when the settings cannot be read', async () => {
    openProfile({ 'GET /api/notification-settings': { status: 500, body: { error: 'Internal server error' } } })
    const notifications = await card('Notifications')
    expect(await within(notifications).findByText('Failed to load your notification settings')).toBeInTheDocument()
  })
})
