/*
 * Cancelling (docs/decisions.md D9): no reminder, access stays until the period end. Billing and profile share it.
 */
import { useState } from 'react'
import { useRefreshTrialStatus } from '#hooks/use-trial-status'
import { SUBSCRIPTION_CANCELLED } from '#lib/billing'
import { errorText, request } from '#providers/http'
import { useToast } from '#providers/toast'

export function useCancelSubscription() {
  const [open, setOpen] = useState(false)
  const [cancelling, setCancelling] = useState(false)
  const toast = useToast()
  const refresh = useRefreshTrialStatus()

  async function confirm() {
    setCancelling(true)
    try {
      await request('/api/billing/cancel-subscription', { method: 'POST' })
      setOpen(false)
      toast.success('Subscription Cancelled', SUBSCRIPTION_CANCELLED)
      await refresh()
    } catch (error) {
      toast.error('Cancellation Failed', errorText(error, 'Failed to cancel subscription. Please try again.'))
    } finally {
      setCancelling(false)
    }
  }

  return { open, cancelling, ask: () => setOpen(true), close: () => setOpen(false), confirm }
}
