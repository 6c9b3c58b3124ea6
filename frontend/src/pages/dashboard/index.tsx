/*
 * /dashboard (docs/screens.md): placeholders while the businesses load, onboarding when there are none, else the
 * overview of the selected business.
 */
import { Button } from 'antd'
import { lazy, Suspense, useLayoutEffect } from 'react'
import { dismissFirstPaint } from '#first-paint/dismiss'
import { Overview } from '#components/dashboard/overview'
import { OverviewSkeleton } from '#components/dashboard/overview-skeleton'
import { MessageScreen } from '#components/message-screen'
import { useBusinesses } from '#hooks/use-businesses'
import { usePermissions } from '#hooks/use-workspaces'
import { NO_BUSINESSES_TO_SEE } from '#lib/roles'

// Only owners without a business see the search form; its autocomplete stays out of everyone else's download.
const Onboarding = lazy(() => import('#components/dashboard/onboarding').then(({ Onboarding }) => ({ default: Onboarding })))

export default function DashboardPage() {
  const { loading, error, selected, refetch } = useBusinesses()
  const { manageBusinesses } = usePermissions()
  // A first paint of the overview gives way to anything else this page shows instead (the overview dismisses it itself).
  const other = !loading && (Boolean(error) || !selected)
  useLayoutEffect(() => {
    if (other) dismissFirstPaint()
  }, [other])
  if (loading) return <OverviewSkeleton />
  if (error)
    return (
      <MessageScreen
        role="alert"
        title="Failed to fetch businesses"
        text="Check your connection and try again."
        actions={<Button onClick={refetch}>Try Again</Button>}
      />
    )
  // A viewer adds no business: the add form is not theirs.
  if (!selected && !manageBusinesses) return <MessageScreen title="No businesses yet" text={NO_BUSINESSES_TO_SEE} />
  if (!selected)
    return (
      <Suspense fallback={<OverviewSkeleton />}>
        <Onboarding />
      </Suspense>
    )
  return <Overview business={selected} />
}
