/*
 * The workspace's activity log (owners; GET /api/workspaces/{id}/activity, newest first, 20 a page): who did what
 * (the server's summary follows the person's name: "Asha Verma invited ravi@… as manager"), their address and when.
 * A system entry (a job, a webhook) is ReviewRoute's; a removed account keeps the name it had. On Refine's
 * `useTable` (hooks/use-owner-list.ts), without filters.
 */
import type { WorkspaceActivityDto } from '@reviewroute/backend/types/api'
import { Card, Flex, List, Pagination, Skeleton, Typography } from 'antd'
import { useOwnerList } from '#hooks/use-owner-list'
import { formatDateTime } from '#lib/dates'
import { LoadFailed, MessageScreen } from '#components/message-screen'

export const ACTIVITY_PAGE_SIZE = 20

/** The person's name (else their address), or ReviewRoute for the system. */
export const actorName = (actor: WorkspaceActivityDto['actor']) => (actor ? actor.name || actor.email || 'Someone' : 'ReviewRoute')

/** Under it: the address when the name is not it, and when. */
export const activityDetail = ({ actor, createdAt }: Pick<WorkspaceActivityDto, 'actor' | 'createdAt'>) =>
  [actor?.email && actor.email !== actor.name ? actor.email : null, formatDateTime(createdAt)].filter(Boolean).join(' · ')

export function ActivityList({ workspaceId }: { workspaceId: number }) {
  const {
    query,
    rows: entries,
    total,
    currentPage: page,
    pagination,
  } = useOwnerList<WorkspaceActivityDto>({
    resource: `workspaces/${workspaceId}/activity`,
    pageSize: ACTIVITY_PAGE_SIZE,
    values: undefined,
    toFilters: () => [],
  })

  if (query.isLoading) return <Skeleton active paragraph={{ rows: 6 }} />
  if (query.isError) return <LoadFailed title="Could not load the activity" onRetry={query.refetch} />
  if (entries.length === 0 && page === 1)
    return (
      <MessageScreen title="Nothing yet" text="Invitations, role changes and changes to businesses, billing and the brand appear here." />
    )

  return (
    <Card>
      <Flex vertical gap={12}>
        <List
          dataSource={entries}
          rowKey="id"
          renderItem={(entry) => (
            <List.Item>
              <Flex vertical gap={2} style={{ minWidth: 0 }}>
                <Typography.Text style={{ overflowWrap: 'anywhere' }}>
                  <strong>{actorName(entry.actor)}</strong> {entry.summary}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 13, overflowWrap: 'anywhere' }}>
                  {activityDetail(entry)}
                </Typography.Text>
              </Flex>
            </List.Item>
          )}
        />
        {total > ACTIVITY_PAGE_SIZE && <Pagination align="center" {...pagination} />}
      </Flex>
    </Card>
  )
}
