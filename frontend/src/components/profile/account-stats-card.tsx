import { ReloadOutlined } from '@ant-design/icons'
import { Button, Card, Tag, Typography } from 'antd'
import type { TrialStatusDto, UsageDto } from '@reviewroute/backend/types/api'
import { formatCount } from '@reviewroute/web-shared/format'
import { FIGURES } from '@reviewroute/backend/contract/vocabulary'
import { accountStats } from '#lib/billing'
import { Facts } from './facts'

const STATUS_COLOURS: Record<string, string> = { 'Pro Active': 'green', 'Trial Active': 'blue', 'Needs Upgrade': 'red' }

interface Props {
  status: TrialStatusDto | undefined
  usage: UsageDto | undefined
  usageFailed: boolean
  refreshing: boolean
  onRefresh(): void
}

/** Plan, status, businesses and this month's ratings (GET /api/billing/usage), with a Refresh button. */
export function AccountStatsCard({ status, usage, usageFailed, refreshing, onRefresh }: Props) {
  const stats = status ? accountStats(status) : null
  const count = (value: number | undefined) => (value === undefined ? '–' : formatCount(value))
  return (
    <Card
      title="Account Stats"
      extra={
        <Button icon={<ReloadOutlined />} loading={refreshing} onClick={onRefresh}>
          Refresh
        </Button>
      }
    >
      <Facts
        rows={[
          ['Plan', stats?.plan ?? '–'],
          [
            'Status',
            stats ? (
              <Tag color={STATUS_COLOURS[stats.status]} style={{ marginInlineEnd: 0 }}>
                {stats.status}
              </Tag>
            ) : (
              '–'
            ),
          ],
          ['Businesses', count(usage?.usage.businesses)],
          [`${FIGURES.ratings} this month`, count(usage?.usage.reviewsThisMonth)],
        ]}
      />
      {usageFailed && (
        <Typography.Paragraph type="danger" style={{ margin: '12px 0 0' }}>
          Failed to fetch usage data
        </Typography.Paragraph>
      )}
    </Card>
  )
}
