/*
 * One private feedback with its resolve action (docs/decisions.md D14: feedback can be marked resolved), call-back
 * buttons and the customer's WhatsApp voice note when they sent one; in the inbox of every business, the business it
 * was left for.
 */
import { CheckOutlined, ShopOutlined } from '@ant-design/icons'
import type { ReviewSessionDto } from '@reviewroute/backend/types/api'
import { Button, Flex, Tag } from 'antd'
import { formatDateTime } from '#lib/dates'
import { ReviewSessionItem } from '#components/review-session-item'
import { Tip } from '#components/tip'
import { usePermissions } from '#hooks/use-workspaces'
import { VoiceNote } from './voice-note'

interface Props {
  feedback: ReviewSessionDto
  businessName: string
  /** Name the business beside the action (the inbox lists several). */
  showBusiness?: boolean
  saving: boolean
  onResolve(feedback: ReviewSessionDto, resolved: boolean): void
}

export function FeedbackItem({ feedback, businessName, showBusiness = false, saving, onResolve }: Props) {
  // A viewer sees whether it was resolved, without resolving or reopening it (lib/roles.ts).
  const { edit } = usePermissions()
  const action = feedback.resolved ? (
    <Flex gap={4} align="center">
      <Tip title={`Resolved ${formatDateTime(feedback.resolvedAt)}`}>
        <Tag color="green" icon={<CheckOutlined />}>
          Resolved
        </Tag>
      </Tip>
      {edit && (
        <Button type="link" size="small" loading={saving} onClick={() => onResolve(feedback, false)}>
          Reopen
        </Button>
      )}
    </Flex>
  ) : edit ? (
    <Button size="small" icon={<CheckOutlined />} loading={saving} onClick={() => onResolve(feedback, true)}>
      Mark as resolved
    </Button>
  ) : null
  const extra = showBusiness ? (
    <Flex vertical gap={6} align="flex-start">
      <Tag icon={<ShopOutlined />} style={{ marginInlineEnd: 0, whiteSpace: 'normal' }}>
        {businessName}
      </Tag>
      {action}
    </Flex>
  ) : (
    action
  )
  const voiceNote = feedback.voiceNote ? <VoiceNote feedbackId={feedback.id} voiceNote={feedback.voiceNote} /> : null
  return <ReviewSessionItem session={feedback} businessName={businessName} extra={extra} below={voiceNote} />
}
