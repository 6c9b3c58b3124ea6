/**
 * The billing page as the billing tests open it (the owner signed in, the billing API faked, the page rendered), and
 * a stand-in for Razorpay Checkout.
 */
import { createElement } from 'react'
import { onTestFinished } from 'vitest'
import type { CheckoutFailure, CheckoutOptions } from '#lib/razorpay'
import BillingPage from '#pages/billing'
import { fakeApi, renderScreen, signIn, type Routes } from '../helpers'
import { billingApi } from './fixtures'

/** Opens /billing (or `path`, with its query) over billingApi(routes); the fake API, to read the calls it got. */
export function openBilling(routes: Routes = {}, path = '/billing') {
  signIn()
  const api = fakeApi(billingApi(routes))
  renderScreen(createElement(BillingPage), { path, pattern: '/billing' })
  return api
}

/** Stands in for Razorpay Checkout until the test ends: records what it was opened with and lets a test fire its events. */
export function stubCheckout() {
  const opened: { options: CheckoutOptions; failed?: (response: CheckoutFailure) => void }[] = []
  window.Razorpay = class {
    entry: (typeof opened)[number]
    constructor(options: CheckoutOptions) {
      this.entry = { options }
    }
    on(_event: 'payment.failed', callback: (response: CheckoutFailure) => void) {
      this.entry.failed = callback
    }
    open() {
      opened.push(this.entry)
    }
  }
  onTestFinished(() => {
    delete window.Razorpay
  })
  return opened
}
