/*
 * Profile: the member's last alerts (GET /api/profile/alerts, newest first, at most 20): what each was about, where it
 * went and how far it got on each channel, and what a tap on it did. Its own chunk (pages/profile loads it lazily).
 */
import { useCustom } from '@refinedev/core'
import { Card, Flex, List, Tag, Typography } from 'antd'
import { Link } from 'react-router'
import type { MemberAlertDto } from '@reviewroute/backend/types/api'
import { formatDateTime, relativeTime } from '#lib/dates'

type RecentAlert = MemberAlertDto
type AlertChannel = MemberAlertDto['channels'][number]['channel']
type DeliveryStatus = MemberAlertDto['channels'][number]['status']

const CHANNEL_NAMES: Record<AlertChannel, string> = { email: 'Email', whatsapp: 'WhatsApp', push: 'Push' }
const STATUS_COLORS: Record<DeliveryStatus, string | undefined> = { sent: undefined, delivered: 'green', read: 'green', failed: 'red' }

/** What a tap on the alert did, in plain words. */
export const ACTION_TEXT: Record<string, string> = {
  opened: 'Opened',
  called_back: 'Called back',
  resolved: 'Marked resolved',
  reply_drafted: 'Reply drafted',
  reply_posted: 'Reply posted on Google',
}

export const NO_ALERTS = 'No alerts yet. They appear here as they are sent.'

/** Only the dashboard's own pages open from here. */
const dashboardPath = (url: string | null) => (url && url.startsWith('/') && !url.startsWith('//') ? url : null)

function AlertRow({ alert }: { alert: RecentAlert }) {
  const path = dashboardPath(alert.url)
  const action = alert.action ? ACTION_TEXT[alert.action] : undefined
  return (
    <List.Item>
      <Flex vertical gap={4} className="recent-alert">
        <Typography.Text strong>{path ? <Link to={path}>{alert.title}</Link> : alert.title}</Typography.Text>
        <Typography.Text type="secondary" className="recent-alert-meta">
          {alert.businessName && <span>{alert.businessName}</span>}
          <span title={formatDateTime(alert.createdAt)}>{relativeTime(alert.createdAt)}</span>
        </Typography.Text>
        <Flex wrap align="center" gap={6}>
          {alert.channels.map(({ channel, status, at }) => (
            <Tag key={channel} color={STATUS_COLORS[status]} title={formatDateTime(at)} className="recent-alert-tag">
              {CHANNEL_NAMES[channel] ?? channel}: {status}
            </Tag>
          ))}
          {action && <Typography.Text className="recent-alert-action">{action}</Typography.Text>}
        </Flex>
      </Flex>
    </List.Item>
  )
}

export default function RecentAlertsCard() {
  const alerts = useCustom<RecentAlert[]>({ url: '/api/profile/alerts', method: 'get' })
  const rows = alerts.query.data?.data
  return (
    <Card title="Recent alerts" className="recent-alerts" loading={alerts.query.isLoading}>
      {alerts.query.isError ? (
        <Typography.Text type="danger">Failed to load your recent alerts</Typography.Text>
      ) : (
        <List
          size="small"
          split
          dataSource={Array.isArray(rows) ? rows : []}
          rowKey="id"
          locale={{ emptyText: <Typography.Text type="secondary">{NO_ALERTS}</Typography.Text> }}
          renderItem={(alert) => <AlertRow alert={alert} />}
        />
      )}
    </Card>
  )
}
