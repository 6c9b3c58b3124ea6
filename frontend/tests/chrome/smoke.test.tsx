import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { AppLayout } from '#components/layout/app-layout'
import { fakeApi, fixtures, renderScreen, signIn } from '../helpers'

describe('app chrome', () => {
  it('greets the owner by first name and shows the trial banner', async () => {
    signIn()
    fakeApi({
      'GET /api/auth/user': fixtures.user,
      'GET /api/businesses': [fixtures.business()],
      'GET /api/billing/trial-status': fixtures.trialStatus({ trialDaysRemaining: 2 }),
    })
    renderScreen(<AppLayout />, { path: '/dashboard' })
    expect(await screen.findByText('Hi, Asha!')).toBeInTheDocument()
    expect(await screen.findByText('2 days left in your free trial')).toBeInTheDocument()
  })
})
