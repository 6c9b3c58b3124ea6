import type { RequestChannelName, RequestStatusName } from '@reviewroute/backend/types/api'
import { Tag, Typography } from 'antd'
import { statusLabel } from '#lib/review-requests'

interface Props {
  status: RequestStatusName
  /** How it went out: a request through the owner's own WhatsApp says what we know of it ("Handed to your WhatsApp"). */
  channel: RequestChannelName
  reason?: string | null
}

/** A request's status in the owner's words; a failed one says why, in the provider's words. */
export function RequestStatusTag({ status, channel, reason }: Props) {
  const { label, color } = statusLabel(status, channel)
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
