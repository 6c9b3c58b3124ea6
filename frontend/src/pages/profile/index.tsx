/*
 * /profile (docs/screens.md, docs/product-rules.md#trial): the owner's name, where their trial or plan stands (polled every 30 s) and their
 * usage, with the cancel-subscription confirmation; which mails they get (D30) and their recent alerts; their email, password
 * and signed-in devices (docs/decisions.md D29).
 */
import { useCustom } from '@refinedev/core'
import { Col, Flex, Row } from 'antd'
import type { DeviceDto, UsageDto } from '@reviewroute/backend/types/api'
import { lazy, Suspense, useState } from 'react'
import { CancelSubscriptionDialog } from '#components/billing/cancel-subscription-dialog'
import { useCancelSubscription } from '#components/billing/use-cancel-subscription'
import { PageHeader } from '#components/layout/page-header'
import { AccountStatsCard } from '#components/profile/account-stats-card'
import { DataRightsCard } from '#components/profile/data-rights-card'
import { DevicesCard } from '#components/profile/devices-card'
import { NotificationsCard } from '#components/profile/notifications-card'
import { PasswordCard } from '#components/profile/password-card'
import { PersonalInfoCard } from '#components/profile/personal-info-card'
import { SubscriptionCard } from '#components/profile/subscription-card'
import '#components/profile/profile.css'
import { PROFILE_POLL_MS } from '#config/constants'
import { useCurrentUser } from '#hooks/use-current-user'
import { useRefreshTrialStatus, useTrialStatus } from '#hooks/use-trial-status'
import { usePermissions } from '#hooks/use-workspaces'

/** The member's last alerts: a chunk of its own, loaded after the page. */
const RecentAlertsCard = lazy(() => import('#components/profile/recent-alerts-card'))

export default function ProfilePage() {
  const { user, loading, refetch } = useCurrentUser()
  const { status, query: statusQuery } = useTrialStatus({ pollMs: PROFILE_POLL_MS })
  const refreshStatus = useRefreshTrialStatus()
  const usage = useCustom<UsageDto>({ url: '/api/billing/usage', method: 'get' })
  const devices = useCustom<DeviceDto[]>({ url: '/api/auth/sessions', method: 'get' })
  const refreshDevices = () => devices.query.refetch()
  const cancel = useCancelSubscription()
  // The plan is the workspace's, and its owners' business (lib/roles.ts).
  const { billing } = usePermissions()

  // Only the button's own refresh spins it, not the 30 s poll.
  const [refreshing, setRefreshing] = useState(false)
  function refreshStats() {
    setRefreshing(true)
    void Promise.all([usage.query.refetch(), refreshStatus()]).finally(() => setRefreshing(false))
  }

  return (
    <Flex vertical gap={16}>
      <PageHeader title="Profile" lead="Your details, your plan, how you are using ReviewRoute and where you are signed in." />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={15}>
          <Flex vertical gap={16}>
            <PersonalInfoCard user={user} loading={loading} onSaved={refetch} />
            <NotificationsCard email={user?.email} emailVerified={user?.emailVerified} />
            <Suspense fallback={null}>
              <RecentAlertsCard />
            </Suspense>
            {billing && <SubscriptionCard status={status} loading={statusQuery.isLoading} onCancel={cancel.ask} />}
            <DevicesCard
              devices={devices.query.data?.data}
              loading={devices.query.isLoading}
              failed={devices.query.isError}
              onChanged={refreshDevices}
            />
          </Flex>
        </Col>
        <Col xs={24} lg={9}>
          <Flex vertical gap={16}>
            <AccountStatsCard
              status={status}
              usage={usage.query.data?.data}
              usageFailed={usage.query.isError}
              refreshing={refreshing}
              onRefresh={refreshStats}
            />
            <PasswordCard onChanged={refreshDevices} />
            <DataRightsCard />
          </Flex>
        </Col>
      </Row>
      <CancelSubscriptionDialog cancel={cancel} accessUntil={status?.currentPeriodEnd ?? null} />
    </Flex>
  )
}
