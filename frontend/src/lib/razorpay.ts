/*
 * Razorpay Checkout (https://razorpay.com/docs/payments/payment-gateway/web-integration/standard/): the
 * provider's script is loaded once, on the first payment, and never on other screens.
 */
import type { VerifyPaymentRequest } from '@reviewroute/backend/types/api'

export const CHECKOUT_SCRIPT_URL = 'https://checkout.razorpay.com/v1/checkout.js'
export const CHECKOUT_LOAD_ERROR = 'Could not load the payment window. Check your connection and try again.'

/** Checkout's success answer is exactly what POST /api/billing/verify-payment takes. */
export type CheckoutSuccess = VerifyPaymentRequest

export interface CheckoutFailure {
  error?: { code?: string; description?: string; reason?: string; source?: string; step?: string }
}

export interface CheckoutOptions {
  key: string
  amount: number
  currency: string
  order_id: string
  name: string
  description: string
  prefill: { name?: string; email?: string; contact?: string }
  theme: { color: string }
  handler(response: CheckoutSuccess): void
  modal?: { ondismiss?(): void }
}

export interface CheckoutInstance {
  open(): void
  on(event: 'payment.failed', callback: (response: CheckoutFailure) => void): void
}

export type CheckoutConstructor = new (options: CheckoutOptions) => CheckoutInstance

declare global {
  interface Window {
    Razorpay?: CheckoutConstructor
  }
}

let loading: Promise<CheckoutConstructor> | null = null

/** Resolves with `window.Razorpay`, adding the script tag the first time; a failed load may be retried. */
export function loadCheckout(): Promise<CheckoutConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay)
  loading ??= new Promise<CheckoutConstructor>((resolve, reject) => {
    const script = document.createElement('script')
    script.src = CHECKOUT_SCRIPT_URL
    script.async = true
    script.onload = () => (window.Razorpay ? resolve(window.Razorpay) : reject(new Error(CHECKOUT_LOAD_ERROR)))
    script.onerror = () => {
      script.remove()
      reject(new Error(CHECKOUT_LOAD_ERROR))
    }
    document.head.append(script)
  }).finally(() => {
    // Settled: a success is in window.Razorpay from now on, and a failure may be retried.
    loading = null
  })
  return loading
}

/** What the error dialog shows: the provider's description, else its reason, else the spec's default. */
export const failureDetails = (response: CheckoutFailure | undefined) =>
  response?.error?.description || response?.error?.reason || 'Unknown payment error'
