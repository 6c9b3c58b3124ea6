/*
 * The lock guard (docs/product-rules.md#trial): an owner whose trial is over and who has no paid plan may only use /billing,
 * /profile, /help, /privacy and /terms; anywhere else they go to /billing, which shows the Trial Expired card. A
 * member who is not an owner cannot buy a plan: they are told so in the screen's place. Status is polled every 60 s
 * so a purchase made elsewhere lifts the lock. It also stands in for a screen the member may not open (billing for
 * owners, sending for managers, an agency's pages: lib/screens.ts), saying why: the access control provider's
 * answer and reason (Refine's `useCan`).
 */
import { LockOutlined } from '@ant-design/icons'
import { Flex, Spin, Typography } from 'antd'
import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { LOCK_POLL_MS } from '#config/constants'
import { useTrialStatus } from '#hooks/use-trial-status'
import { useScreenAccess } from '#hooks/use-access'
import { useWorkspaces } from '#hooks/use-workspaces'
import { isAllowedWhenLocked } from '#lib/access'
import { MessageScreen } from '#components/message-screen'
import { TrialBanner } from './trial-banner'

/** /billing shows the trial in its own banner, next to the plans, so the app-wide one stays off there. */
const OWN_TRIAL_BANNER_PATHS = ['/billing', '/dashboard/settings']

export function LockGuard({ children }: { children: ReactNode }) {
  const { status, query } = useTrialStatus({ pollMs: LOCK_POLL_MS })
  const workspaces = useWorkspaces()
  const { pathname } = useLocation()
  const { permissions, current } = workspaces
  const access = useScreenAccess(pathname)

  if (query.isLoading || workspaces.loading || !access.data) {
    return (
      <Flex vertical align="center" justify="center" gap={12} style={{ minHeight: 320 }} role="status">
        <Spin />
        <Typography.Text type="secondary">Checking your subscription...</Typography.Text>
      </Flex>
    )
  }
  // Without a status (the call failed) the owner keeps working; the server still enforces every limit.
  // Locked: the free plan of the workspace made with the account, once its trial is over. A team, agency or client
  // workspace starts on the free plan and opens every screen, its limits enforced where they apply.
  if (status?.isLocked && !isAllowedWhenLocked(pathname)) {
    if (permissions.billing) return <Navigate to="/billing" replace />
    return (
      <MessageScreen
        icon={<LockOutlined style={{ color: '#d97706' }} />}
        title="This workspace has no plan"
        text={`The free trial of ${current?.name ?? 'this workspace'} is over. Only its owners can choose a plan; until then its dashboard is closed.`}
      />
    )
  }
  if (!access.data.can)
    return <MessageScreen icon={<LockOutlined style={{ color: '#6b7280' }} />} title="Not available" text={access.data.reason} />
  return (
    <>
      {!OWN_TRIAL_BANNER_PATHS.includes(pathname) && <TrialBanner status={status} />}
      {children}
    </>
  )
}
