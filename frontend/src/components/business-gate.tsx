/*
 * Screens that work on the selected business (the header's selector, remembered on the device: feedback, review
 * requests): while the businesses load, when they fail, and before the first one is added, this answers instead
 * of the screen. The picker is the screen's own, because the header's is desktop-only and hidden for one business.
 */
import type { BusinessDto } from '@reviewroute/backend/types/api'
import { Button, Select, Typography } from 'antd'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { MessageScreen } from '#components/message-screen'
import { PageLoading } from '#components/page-loading'
import { useBusinesses } from '#hooks/use-businesses'

export function BusinessGate({ children, emptyText }: { children(business: BusinessDto): ReactNode; emptyText: string }) {
  const { loading, error, selected, refetch } = useBusinesses()
  if (loading) return <PageLoading />
  if (error)
    return <MessageScreen role="alert" title="Failed to fetch businesses" actions={<Button onClick={refetch}>Try Again</Button>} />
  if (!selected)
    return (
      <MessageScreen
        title="No businesses yet"
        text={emptyText}
        actions={
          <Link to="/dashboard/businesses?add=1">
            <Button type="primary">Add Your First Business</Button>
          </Link>
        }
      />
    )
  return children(selected)
}

/** The business the screen works on; a picker with two or more (the header's selector is desktop-only). */
export function BusinessPicker() {
  const { businesses, selected, select } = useBusinesses()
  if (businesses.length < 2) return <Typography.Text type="secondary">{selected?.name}</Typography.Text>
  return (
    <Select
      aria-label="Business"
      value={selected?.id}
      onChange={select}
      style={{ minWidth: 200, maxWidth: '100%' }}
      options={businesses.map((business) => ({ value: business.id, label: business.name }))}
    />
  )
}

/** What the request screens say before the first business. */
export const ADD_BUSINESS_FIRST = 'Add your business first, then ask your customers for reviews.'
