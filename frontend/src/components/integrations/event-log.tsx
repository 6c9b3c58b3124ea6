/*
 * An integration's event log (GET /api/integrations/{id}/events, docs/decisions.md D72): its last 200 events, newest
 * first, each a small block (when in India time, the order or payment, the customer masked, what happened and why),
 * so it reads on a phone without a wide table. Read again each time it is opened: events arrive at any time.
 */
import { useCustom } from '@refinedev/core'
import { PROVIDER_NAMES } from '@reviewroute/backend/contract/integrations'
import type { IntegrationDto, IntegrationEventDto } from '@reviewroute/backend/types/api'
import { Alert, Drawer, Flex, Grid, Skeleton, Tag, Typography } from 'antd'
import { errorText } from '#providers/http'
import { eventTime, OUTCOMES } from './integration-texts'
import './integrations.css'

export const eventsKey = (integrationId: number) => ['integration-events', integrationId] as const

function EventBlock({ event }: { event: IntegrationEventDto }) {
  const outcome = OUTCOMES[event.outcome]
  return (
    <div role="listitem" className="integration-event">
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Text strong>{eventTime(event.receivedAt)}</Typography.Text>
        <Flex gap={4}>
          {event.test && <Tag>Test</Tag>}
          <Tag color={outcome.color}>{outcome.label}</Tag>
        </Flex>
      </Flex>
      {(event.reference || event.customer) && (
        <Flex gap={12} wrap>
          {event.reference && <span>{event.reference}</span>}
          {event.customer && <span>{event.customer}</span>}
        </Flex>
      )}
      {event.reason && <Typography.Text type="secondary">{event.reason}</Typography.Text>}
    </div>
  )
}

export function EventLog({ integration, onClose }: { integration: IntegrationDto; onClose(): void }) {
  const desktop = Grid.useBreakpoint().md ?? true
  const name = PROVIDER_NAMES[integration.provider]
  const { query } = useCustom<IntegrationEventDto[]>({
    url: `/api/integrations/${integration.id}/events`,
    method: 'get',
    queryOptions: { queryKey: [...eventsKey(integration.id)], staleTime: 0 },
  })
  const events = [...(query.data?.data ?? [])].sort((a, b) => Date.parse(b.receivedAt) - Date.parse(a.receivedAt))

  let body
  if (query.isError) body = <Alert type="error" showIcon message={errorText(query.error, 'Could not load the event log.')} />
  else if (query.isLoading) body = <Skeleton active paragraph={{ rows: 4 }} />
  else if (events.length === 0)
    body = <Typography.Text type="secondary">No events yet. Events appear here as soon as {name} sends one.</Typography.Text>
  else
    body = (
      <div role="list" aria-label="Events">
        {events.map((event) => (
          <EventBlock key={event.id} event={event} />
        ))}
      </div>
    )

  return (
    <Drawer
      open
      title={`Event log: ${name}`}
      placement={desktop ? 'right' : 'bottom'}
      width={desktop ? 520 : undefined}
      height={desktop ? undefined : '85%'}
      onClose={onClose}
    >
      {body}
    </Drawer>
  )
}
