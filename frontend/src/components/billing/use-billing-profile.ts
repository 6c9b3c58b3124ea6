/*
 * The owner's billing details (GET /api/billing/profile), shared by the billing page's card and the payment
 * dialog: a save in either shows in both, and the purchase asks for the latest before it creates an order.
 */
import { useCustom } from '@refinedev/core'
import type { BillingProfileDto } from '@reviewroute/backend/types/api'
import { useLayoutEffect, useRef, useState } from 'react'
import { BILLING_PROFILE_PATH } from '#lib/billing-profile'

export function useBillingProfile() {
  const { query } = useCustom<BillingProfileDto>({ url: BILLING_PROFILE_PATH, method: 'get' })
  // What the last PUT answered, ahead of the first read.
  const [saved, setSaved] = useState<BillingProfileDto | null>(null)
  const profile = saved ?? query.data?.data ?? null
  // The profile as last shown, for current(), which reads it after an await.
  const latest = useRef(profile)
  useLayoutEffect(() => {
    latest.current = profile
  }, [profile])

  /** The details as they are now: read once more when the first read has not answered (null when it cannot be). */
  async function current(): Promise<BillingProfileDto | null> {
    if (latest.current) return latest.current
    const { data } = await query.refetch()
    return latest.current ?? data?.data ?? null
  }

  return {
    profile,
    loading: query.isLoading,
    failed: query.isError && !profile,
    retry: () => void query.refetch(),
    current,
    saved: setSaved,
  }
}

export type BillingProfile = ReturnType<typeof useBillingProfile>
