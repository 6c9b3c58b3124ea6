import { afterEach, describe, expect, it } from 'vitest'
import { CHECKOUT_LOAD_ERROR, CHECKOUT_SCRIPT_URL, failureDetails, loadCheckout } from '#lib/razorpay'

const scripts = () => [...document.querySelectorAll(`script[src="${CHECKOUT_SCRIPT_URL}"]`)] as HTMLScriptElement[]

afterEach(() => {
  delete window.Razorpay
  scripts().forEach((script) => script.remove())
})

describe('Razorpay checkout loader', () => {
  it('adds the script once and resolves with window.Razorpay when it loads', async () => {
    const first = loadCheckout()
    const second = loadCheckout()
    expect(scripts()).toHaveLength(1)
    const Checkout = class {} as never
    window.Razorpay = Checkout
    scripts()[0].onload!(new Event('load'))
    expect(await first).toBe(Checkout)
    expect(await second).toBe(Checkout)
  })

  it('rejects with a sentence when the script fails, and may be retried', async () => {
    const attempt = loadCheckout()
    scripts()[0].onerror!(new Event('error'))
    await expect(attempt).rejects.toThrow(CHECKOUT_LOAD_ERROR)
    expect(scripts()).toHaveLength(0)
    void loadCheckout().catch(() => undefined)
    expect(scripts()).toHaveLength(1)
    scripts()[0].onerror!(new Event('error'))
  })

  it('does not load anything when checkout is already there', async () => {
    const Checkout = class {} as never
    window.Razorpay = Checkout
    expect(await loadCheckout()).toBe(Checkout)
    expect(scripts()).toHaveLength(0)
  })
})

describe('payment failure details', () => {
  it('uses the description, else the reason, else the spec default', () => {
    expect(failureDetails({ error: { description: 'Card declined', reason: 'x' } })).toBe('Card declined')
    expect(failureDetails({ error: { reason: 'payment_timeout' } })).toBe('payment_timeout')
    expect(failureDetails({})).toBe('Unknown payment error')
  })
})
