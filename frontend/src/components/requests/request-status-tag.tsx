import type { RequestStatusName } from '@reviewroute/backend/types/api'
import { Tag, Typography } from 'antd'
import { STATUS_LABELS } from '#lib/review-requests'

/** A request's status in the owner's words; a failed one says why, in the provider's words. */
export function RequestStatusTag({ status, reason }: { status: RequestStatusName; reason?: string | null }) {
  const { label, color } = STATUS_LABELS[status] ?? { label: status, color: 'default' }
  const tag = <Tag color={color}>{label}</Tag>
  if (status !== 'failed' || !reason) return tag
  return (
    <span className="request-status">
      {tag}
      <Typography.Text type="danger" className="failure-reason">
        {reason}
      </Typography.Text>
    </span>
  )
}
