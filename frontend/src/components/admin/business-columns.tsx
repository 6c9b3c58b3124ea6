/*
 * The columns of a businesses table (the Businesses screen, a user's page): the link, its workspace and who added it,
 * ratings, state, pause or resume.
 */
import type { AdminBusinessDto } from '@reviewroute/backend/types/api'
import { Button, Flex, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import type { SortOrder } from 'antd/es/table/interface'
import { Link } from 'react-router'
import { formatCount, reviewLink } from '@reviewroute/web-shared/format'
import { formatDateTime } from '#lib/dates'
import { AccessTag } from './admin-tags'

interface Options {
  onToggle(business: AdminBusinessDto): void
  /** The user's page leaves the owner out: it is them. */
  showOwner?: boolean
  /** Server-side sorting: the column's arrow for an API field; without it the column does not sort. */
  sortOrderOf?(field: string): SortOrder
}

export function businessColumns({ onToggle, showOwner = true, sortOrderOf }: Options): ColumnsType<AdminBusinessDto> {
  // Refine's useTable reads a column's order from its dataIndex.
  const sortable = (field: string) =>
    sortOrderOf ? { key: field, dataIndex: field, sorter: true, sortOrder: sortOrderOf(field) } : { key: field }
  return [
    {
      title: 'Business',
      ...sortable('name'),
      render: (_, business) => (
        <Flex vertical>
          <Typography.Text strong>{business.name}</Typography.Text>
          <Typography.Link href={reviewLink(business.shortUrl, window.location.origin)} target="_blank" rel="noreferrer" type="secondary">
            /review/{business.shortUrl}
          </Typography.Link>
        </Flex>
      ),
    },
    ...(showOwner
      ? [
          {
            title: 'Workspace',
            key: 'owner',
            // Who added it, under the workspace's name; their account may be gone since.
            render: (_: unknown, business: AdminBusinessDto) => (
              <Flex vertical>
                <Typography.Text>{business.workspaceName}</Typography.Text>
                {business.userId !== null ? (
                  <Link to={`/admin/users/${business.userId}`}>{business.ownerEmail}</Link>
                ) : (
                  <Typography.Text type="secondary">Added by a deleted account</Typography.Text>
                )}
              </Flex>
            ),
          },
        ]
      : []),
    { title: 'Ratings', dataIndex: 'ratings', align: 'right', render: (count: number) => formatCount(count) },
    { title: 'Added', dataIndex: 'createdAt', ...sortable('createdAt'), render: (value: string) => formatDateTime(value) },
    {
      title: 'Link',
      key: 'state',
      render: (_, business) => (
        <AccessTag disabledAt={business.disabledAt} disabledReason={business.disabledReason} activeLabel="Live" disabledLabel="Paused" />
      ),
    },
    {
      title: 'Actions',
      key: 'actions',
      align: 'right',
      render: (_, business) => (
        <Button
          size="small"
          danger={!business.disabledAt}
          onClick={() => onToggle(business)}
          aria-label={`${business.disabledAt ? 'Resume' : 'Pause'} ${business.name}`}
        >
          {business.disabledAt ? 'Resume' : 'Pause'}
        </Button>
      ),
    },
  ]
}
