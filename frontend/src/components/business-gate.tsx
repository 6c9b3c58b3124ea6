/*
 * Screens that work on the selected business (the header's selector, remembered on the device: feedback, review
 * requests): while the businesses load, when they fail, and before the first one is added, this answers instead
 * of the screen. The header's selector is the only one (on phones too): the screen names the business it shows.
 */
import type { BusinessDto } from '@reviewroute/backend/types/api'
import { Button, Typography } from 'antd'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { LoadFailed, MessageScreen } from '#components/message-screen'
import { PageLoading } from '#components/page-loading'
import { useBusinesses } from '#hooks/use-businesses'
import { usePermissions } from '#hooks/use-workspaces'
import { NO_BUSINESSES_TO_SEE } from '#lib/roles'

export function BusinessGate({ children, emptyText }: { children(business: BusinessDto): ReactNode; emptyText: string }) {
  const { loading, error, selected, refetch } = useBusinesses()
  const { manageBusinesses } = usePermissions()
  if (loading) return <PageLoading />
  if (error) return <LoadFailed title="Failed to fetch businesses" onRetry={refetch} />
  if (!selected)
    return (
      <MessageScreen
        title="No businesses yet"
        text={manageBusinesses ? emptyText : NO_BUSINESSES_TO_SEE}
        actions={
          manageBusinesses && (
            <Link to="/dashboard/businesses?add=1">
              <Button type="primary">Add Your First Business</Button>
            </Link>
          )
        }
      />
    )
  return children(selected)
}

/** The business the screen works on, by name (the header's selector changes it). */
export function BusinessName() {
  const { selected } = useBusinesses()
  return (
    <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
      {selected?.name}
    </Typography.Text>
  )
}

/** What the request screens say before the first business. */
export const ADD_BUSINESS_FIRST = 'Add your business first, then ask your customers for reviews.'
