import type { RequestStatusName } from '@reviewroute/backend/types/api'
import { Tag } from 'antd'
import { STATUS_LABELS } from '#lib/requests'

/** A request's status in the owner's words. */
export function RequestStatusTag({ status }: { status: RequestStatusName }) {
  const { label, color } = STATUS_LABELS[status] ?? { label: status, color: 'default' }
  return <Tag color={color}>{label}</Tag>
}
