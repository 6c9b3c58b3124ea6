/*
 * /dashboard (spec 2): placeholders while the businesses load, onboarding when there are none, else the
 * overview of the selected business.
 */
import { Button } from 'antd'
import { Onboarding } from '../../components/dashboard/onboarding'
import { Overview } from '../../components/dashboard/overview'
import { OverviewSkeleton } from '../../components/dashboard/overview-skeleton'
import { MessageScreen } from '../../components/message-screen'
import { useBusinesses } from '../../hooks/use-businesses'

export default function DashboardPage() {
  const { loading, error, selected, refetch } = useBusinesses()
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
  if (!selected) return <Onboarding />
  return <Overview business={selected} />
}
