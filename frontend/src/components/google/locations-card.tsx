/*
 * The Business Profile's locations (docs/screens.md#google): each location's name and address, the business it is
 * linked to (a select: another business, or "Not linked"), and for one not linked "Add as business". Read from Google
 * each time the card opens; Google's refusals are said as the API words them, its missing approval as such.
 */
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons'
import type { BusinessDto, GoogleLocationDto } from '@reviewroute/backend/types/api'
import { Alert, Button, Card, Flex, List, Select, Skeleton, Tag, Typography } from 'antd'
import { useState } from 'react'
import { useBusinesses } from '#hooks/use-businesses'
import { usePermissions } from '#hooks/use-workspaces'
import { businessLabel } from '#lib/business-label'
import { isNotApproved } from '#lib/google'
import { errorText, request } from '#providers/http'
import { useToast } from '#providers/toast'
import { NotApproved } from './not-approved'
import { CONNECTION_KEY, LOCATIONS_KEY, useGoogleLocations, useGoogleRefresh } from './use-google'

const NOT_LINKED = 0

export function LocationsCard() {
  const { locations, query } = useGoogleLocations(true)
  const { businesses, refetch: refetchBusinesses } = useBusinesses()
  const { edit, manageBusinesses } = usePermissions()
  const toast = useToast()
  const refresh = useGoogleRefresh()
  const [busy, setBusy] = useState<string | null>(null)

  async function change(location: GoogleLocationDto, run: () => Promise<unknown>, done: string) {
    setBusy(location.name)
    try {
      await run()
      toast.success(done)
      await refresh(LOCATIONS_KEY, CONNECTION_KEY)
    } catch (error) {
      toast.error('Not changed', errorText(error, 'Please try again.'))
    } finally {
      setBusy(null)
    }
  }

  const link = (location: GoogleLocationDto, businessId: number | null) =>
    change(
      location,
      () => request('/api/google/locations/link', { method: 'PUT', body: { name: location.name, businessId } }),
      businessId === null ? `${location.title} is not linked any more` : `${location.title} is linked`
    )

  const add = (location: GoogleLocationDto) =>
    change(
      location,
      async () => {
        await request('/api/google/locations/add', { method: 'POST', body: { name: location.name } })
        refetchBusinesses()
      },
      `${location.title} was added as a business`
    )

  const reload = (
    <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()} loading={query.isFetching}>
      Read again
    </Button>
  )

  let body
  if (query.isLoading) body = <Skeleton active paragraph={{ rows: 3 }} />
  else if (query.isError)
    body = isNotApproved(query.error) ? (
      <NotApproved />
    ) : (
      <Alert type="error" showIcon message={errorText(query.error, 'Could not read your locations from Google.')} />
    )
  else
    body = (
      <List
        aria-label="Google locations"
        dataSource={locations}
        locale={{ emptyText: 'This Google account manages no Business Profile locations.' }}
        renderItem={(location) => (
          <LocationRow
            key={location.name}
            location={location}
            businesses={businesses}
            canLink={edit}
            canAdd={manageBusinesses}
            busy={busy === location.name}
            onLink={(businessId) => void link(location, businessId)}
            onAdd={() => void add(location)}
          />
        )}
      />
    )

  return (
    <Card title="Locations" extra={reload}>
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">
          Each Business Profile location is linked to one of your businesses, so its Google reviews show with that business. Locations with
          the same Google Maps listing are linked by themselves.
        </Typography.Text>
        {body}
      </Flex>
    </Card>
  )
}

interface RowProps {
  location: GoogleLocationDto
  businesses: BusinessDto[]
  canLink: boolean
  canAdd: boolean
  busy: boolean
  onLink(businessId: number | null): void
  onAdd(): void
}

function LocationRow({ location, businesses, canLink, canAdd, busy, onLink, onAdd }: RowProps) {
  const linked = businesses.find((business) => business.id === location.businessId) ?? null
  const options = [
    { value: NOT_LINKED, label: 'Not linked' },
    ...businesses.map((business) => ({ value: business.id, label: businessLabel(business, businesses) })),
  ]
  return (
    <List.Item style={{ flexWrap: 'wrap', rowGap: 8 }}>
      <Flex vertical gap={2} style={{ minWidth: 0, flex: '1 1 260px' }}>
        <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
          {location.title}
        </Typography.Text>
        {location.address && <Typography.Text type="secondary">{location.address}</Typography.Text>}
      </Flex>
      <Flex gap={8} align="center" wrap style={{ flex: '0 1 auto' }}>
        {canLink ? (
          <Select
            aria-label={`Business of ${location.title}`}
            value={location.businessId ?? NOT_LINKED}
            options={options}
            disabled={busy}
            onChange={(value) => onLink(value === NOT_LINKED ? null : value)}
            popupMatchSelectWidth={false}
            style={{ minWidth: 180, maxWidth: 260 }}
          />
        ) : linked ? (
          <Tag color="blue">{linked.name}</Tag>
        ) : (
          <Tag>Not linked</Tag>
        )}
        {canLink && location.businessId !== null && (
          <Button onClick={() => onLink(null)} loading={busy}>
            Unlink
          </Button>
        )}
        {canAdd && location.businessId === null && location.placeId && (
          <Button type="primary" ghost icon={<PlusOutlined />} onClick={onAdd} loading={busy}>
            Add as business
          </Button>
        )}
      </Flex>
    </List.Item>
  )
}
