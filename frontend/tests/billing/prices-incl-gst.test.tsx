import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { INCL_GST } from '@reviewroute/backend/contract/gst'
import { order } from './fixtures'
import { openBilling } from './billing-screen'
import { savedProfile } from './gst-fixtures'

const open = () =>
  openBilling({
    'GET /api/billing/razorpay-config': { keyId: 'rzp_test_key' },
    'GET /api/billing/profile': savedProfile,
    'GET /api/billing/payments': [],
    'POST /api/billing/create-payment': order,
  })

describe('billing: prices include GST (docs/decisions.md D33)', () => {
  it('says "incl. GST" next to every plan price', async () => {
    open()
    for (const name of ['Monthly', '6 Months', '12 Months']) {
      const card = await screen.findByRole('generic', { name: `${name} plan` })
      expect(card.querySelector('.plan-card__price')).toHaveTextContent(INCL_GST)
    }
  })

  it('says "incl. GST" next to the amount in the payment dialog', async () => {
    open()
    await userEvent.click(await screen.findByRole('button', { name: 'Upgrade to 6 Months' }))
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to 6 Months' })
    expect(await within(dialog).findByText('₹2,499')).toHaveTextContent(`₹2,499 ${INCL_GST}`)
  })
})
