/*
 * Customer text is stored verbatim (backend abuse spec) and shown as text: markup in feedback never becomes
 * elements in the dashboard.
 */
import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import { List } from 'antd'
import type { ReviewSessionDto } from '@reviewroute/backend/types/api'
import { ReviewSessionItem } from '#components/review-session-item'

const MARKUP = '<img src=x onerror=alert(1)><script>alert(2)</script><a href="javascript:alert(3)">x</a>'

function session(feedback: string, contactName: string | null = null): ReviewSessionDto {
  const createdAt = new Date().toISOString()
  return {
    id: 7,
    businessId: 3,
    rating: 1,
    feedback,
    redirected: false,
    resolved: false,
    resolvedAt: null,
    createdAt,
    timestamp: createdAt,
    contactName,
    contactPhone: contactName === null ? null : '9876543210',
    reviewRequestId: null,
    customer: null,
    language: null,
    staff: null,
    source: 'page',
    voiceNote: null,
  }
}

describe('feedback with markup', () => {
  it('is rendered as its literal text, creating no img, script or link', () => {
    const { container } = render(
      <List>
        <ReviewSessionItem session={session(MARKUP)} businessName="Chai Point Cafe" />
      </List>
    )

    expect(container.querySelector('img')).toBeNull()
    expect(container.querySelector('script')).toBeNull()
    expect(container.querySelector('a[href^="javascript"]')).toBeNull()
    expect(screen.getByText(`“${MARKUP}”`)).toBeInTheDocument()
  })

  it('a customer name with markup is shown as text, and only the call-back links are links', () => {
    const { container } = render(
      <List>
        <ReviewSessionItem session={session('Cold food', MARKUP)} businessName="Chai Point Cafe" />
      </List>
    )

    expect(container.querySelector('img')).toBeNull()
    expect(container.querySelector('script')).toBeNull()
    expect([...container.querySelectorAll('a')].map((link) => link.getAttribute('href')?.split(':')[0])).toEqual(['tel', 'https'])
    expect(screen.getByText(MARKUP)).toBeInTheDocument()
  })

  it('so is the name of the customer a review request went to', () => {
    const { container } = render(
      <List>
        <ReviewSessionItem
          session={{ ...session('Cold food'), reviewRequestId: 4, customer: { name: MARKUP, phone: '+919876543210', language: null } }}
          businessName="Chai Point Cafe"
        />
      </List>
    )

    expect(container.querySelector('img')).toBeNull()
    expect(container.querySelector('script')).toBeNull()
    expect([...container.querySelectorAll('a')].map((link) => link.getAttribute('href')?.split(':')[0])).toEqual(['tel', 'https'])
    expect(screen.getByText(MARKUP)).toBeInTheDocument()
  })
})
