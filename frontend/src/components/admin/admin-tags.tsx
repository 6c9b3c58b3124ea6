/* How states read in the console's tables: plan, role, account and link access, payment, refund, message, document. */
import type { AdminContactMessageDto, AdminPaymentDto, AdminPlanState, AdminUserDto, InvoiceDto } from '@reviewroute/backend/types/api'
import { Flex, Tag, Tooltip } from 'antd'
import { contactState, INVOICE_KIND_LABELS, PLAN_LABELS, REFUND_LABELS, ROLE_LABELS } from '#lib/admin'
import { formatDateTime } from '#lib/dates'
import { PAYMENT_STATUS } from '#lib/payments'

export function PlanTag({ plan }: { plan: AdminPlanState }) {
  const { label, color } = PLAN_LABELS[plan] ?? { label: plan, color: 'default' }
  return <Tag color={color}>{label}</Tag>
}

export function RoleTag({ role }: { role: AdminUserDto['role'] }) {
  const { label, color } = ROLE_LABELS[role] ?? { label: role, color: 'default' }
  return <Tag color={color}>{label}</Tag>
}

/** An account or a business link: active, or disabled by an operator (the reason on hover). */
export function AccessTag({
  disabledAt,
  disabledReason,
  activeLabel = 'Active',
  disabledLabel = 'Disabled',
}: {
  disabledAt: string | null
  disabledReason: string | null
  activeLabel?: string
  disabledLabel?: string
}) {
  if (!disabledAt) return <Tag color="green">{activeLabel}</Tag>
  return (
    <Tooltip title={`${formatDateTime(disabledAt)}${disabledReason ? `: ${disabledReason}` : ''}`}>
      <Tag color="red">{disabledLabel}</Tag>
    </Tooltip>
  )
}

export function PaymentTags({ payment }: { payment: Pick<AdminPaymentDto, 'status' | 'refund'> }) {
  const { label, color } = PAYMENT_STATUS[payment.status] ?? { label: payment.status, color: 'default' }
  const refund = payment.refund && REFUND_LABELS[payment.refund.status]
  return (
    <Flex gap={4} wrap>
      <Tag color={color}>{label}</Tag>
      {refund && <Tag color={refund.color}>{refund.label}</Tag>}
    </Flex>
  )
}

export function ContactTag({ message }: { message: Pick<AdminContactMessageDto, 'handledAt' | 'handledBy'> }) {
  const { label, color } = contactState(message)
  const tag = <Tag color={color}>{label}</Tag>
  if (!message.handledAt) return tag
  return <Tooltip title={`${message.handledBy ?? 'An operator'}, ${formatDateTime(message.handledAt)}`}>{tag}</Tooltip>
}

export function InvoiceKindTag({ kind }: { kind: InvoiceDto['kind'] }) {
  const { label, color } = INVOICE_KIND_LABELS[kind] ?? { label: kind, color: 'default' }
  return <Tag color={color}>{label}</Tag>
}
