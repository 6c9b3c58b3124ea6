/*
 * The lock guard (docs/product-rules.md#trial): an owner whose trial is over and who has no paid plan may only use /billing,
 * /profile, /help, /privacy and /terms; anywhere else they go to /billing, which shows the Trial Expired card.
 * Status is polled every 60 s so a purchase made elsewhere lifts the lock.
 */
import { Flex, Spin, Typography } from 'antd'
import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { LOCK_POLL_MS } from '#config/constants'
import { useTrialStatus } from '#hooks/use-trial-status'
import { isAllowedWhenLocked } from '#lib/access'
import { TrialBanner } from './trial-banner'

/** /billing shows the trial in its own banner, next to the plans, so the app-wide one stays off there. */
const OWN_TRIAL_BANNER_PATHS = ['/billing', '/dashboard/settings']

export function LockGuard({ children }: { children: ReactNode }) {
  const { status, query } = useTrialStatus({ pollMs: LOCK_POLL_MS })
  const { pathname } = useLocation()

  if (query.isLoading) {
    return (
      <Flex vertical align="center" justify="center" gap={12} style={{ minHeight: 320 }} role="status">
        <Spin />
        <Typography.Text type="secondary">Checking your subscription...</Typography.Text>
      </Flex>
    )
  }
  // Without a status (the call failed) the owner keeps working; the server still enforces every limit.
  if (status?.isLimited && !isAllowedWhenLocked(pathname)) return <Navigate to="/billing" replace />
  return (
    <>
      {!OWN_TRIAL_BANNER_PATHS.includes(pathname) && <TrialBanner status={status} />}
      {children}
    </>
  )
}
