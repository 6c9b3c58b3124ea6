/* Profile, Recent alerts (GET /api/profile/alerts): each alert's title, business, time, channels with their status, and what a tap did. */
import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { MemberAlertDto as RecentAlert } from '@reviewroute/backend/types/api'
import { NO_ALERTS } from '#components/profile/recent-alerts-card'
import { card, openProfile } from './profile-helpers'

afterEach(() => vi.unstubAllGlobals())

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString()

const alert = (overrides: Partial<RecentAlert> = {}): RecentAlert => ({
  id: 41,
  kind: 'feedback',
  createdAt: minutesAgo(5),
  title: 'New 1-star feedback',
  businessName: 'Spice Hub',
  url: '/feedbacks?businessId=7&feedback=41',
  channels: [
    { channel: 'whatsapp', status: 'read', at: minutesAgo(4) },
    { channel: 'push', status: 'failed', at: minutesAgo(5) },
    { channel: 'email', status: 'sent', at: minutesAgo(5) },
  ],
  action: 'called_back',
  ...overrides,
})

const rows = (box: HTMLElement) => within(box).getAllByRole('listitem')

describe('profile: recent alerts', () => {
  it('lists each alert with its business, time, a tag per channel and what the tap did', async () => {
    openProfile({
      'GET /api/profile/alerts': [
        alert(),
        alert({
          id: 40,
          kind: 'googleReviews',
          createdAt: minutesAgo(180),
          title: 'New 2-star Google review',
          url: 'https://evil.example/phish',
          channels: [{ channel: 'push', status: 'delivered', at: minutesAgo(179) }],
          action: 'reply_posted',
        }),
        alert({ id: 39, kind: 'summaries', title: 'Your week', businessName: null, url: null, channels: [], action: null }),
      ],
    })
    const box = await card('Recent alerts')
    await within(box).findByText('New 1-star feedback')
    const [first, second, third] = rows(box)

    expect(within(first).getByRole('link', { name: 'New 1-star feedback' })).toHaveAttribute('href', '/feedbacks?businessId=7&feedback=41')
    expect(within(first).getByText('Spice Hub')).toBeInTheDocument()
    expect(within(first).getByText('5 minutes ago')).toBeInTheDocument()
    expect(within(first).getByText('WhatsApp: read')).toHaveClass('ant-tag-green')
    expect(within(first).getByText('Push: failed')).toHaveClass('ant-tag-red')
    const email = within(first).getByText('Email: sent')
    expect(email).toHaveClass('ant-tag')
    expect(email.className).not.toMatch(/ant-tag-(green|red)/)
    expect(within(first).getByText('Called back')).toBeInTheDocument()

    // Only the dashboard's own pages are links.
    expect(within(second).queryByRole('link')).not.toBeInTheDocument()
    expect(within(second).getByText('New 2-star Google review')).toBeInTheDocument()
    expect(within(second).getByText('3 hours ago')).toBeInTheDocument()
    expect(within(second).getByText('Push: delivered')).toHaveClass('ant-tag-green')
    expect(within(second).getByText('Reply posted on Google')).toBeInTheDocument()

    expect(within(third).getByText('Your week')).toBeInTheDocument()
    expect(within(third).queryByText('Spice Hub')).not.toBeInTheDocument()
    expect(third.querySelector('.ant-tag')).toBeNull()
  })

  it.each<[RecentAlert['action'], string]>([
    ['opened', 'Opened'],
    ['resolved', 'Marked resolved'],
    ['reply_drafted', 'Reply drafted'],
  ])('says what a tap did: %s', async (action, words) => {
    openProfile({ 'GET /api/profile/alerts': [alert({ action })] })
    const box = await card('Recent alerts')
    expect(await within(box).findByText(words)).toBeInTheDocument()
  })

  it('says so when there are no alerts yet', async () => {
    openProfile({ 'GET /api/profile/alerts': [] })
    const box = await card('Recent alerts')
    expect(await within(box).findByText(NO_ALERTS)).toBeInTheDocument()
    expect(NO_ALERTS).toBe('No alerts yet. They appear here as they are sent.')
  })

  it('says so when they cannot be read', async () => {
    openProfile({ 'GET /api/profile/alerts': { status: 500, body: { error: 'Internal server error' } } })
    const box = await card('Recent alerts')
    expect(await within(box).findByText('Failed to load your recent alerts')).toBeInTheDocument()
    expect(screen.getByText('Notifications', { selector: '.ant-card-head-title' })).toBeInTheDocument()
  })
})
