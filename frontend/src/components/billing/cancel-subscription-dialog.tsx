import { Modal, Typography } from 'antd'
import { useTrialStatus } from '#hooks/use-trial-status'
import { formatDate } from '#lib/dates'
import { freePlanClause } from '#lib/free-plan'
import type { useCancelSubscription } from './use-cancel-subscription'

/** Asks before cancelling: what the owner keeps, until when, and which business keeps working after that. */
export function CancelSubscriptionDialog({
  cancel,
  accessUntil,
}: {
  cancel: ReturnType<typeof useCancelSubscription>
  accessUntil: string | null
}) {
  const { status } = useTrialStatus()
  return (
    <Modal
      open={cancel.open}
      title="Cancel Subscription?"
      okText="Cancel Subscription"
      cancelText="Keep Subscription"
      okButtonProps={{ danger: true }}
      confirmLoading={cancel.cancelling}
      onOk={cancel.confirm}
      onCancel={cancel.close}
    >
      <Typography.Paragraph>
        You keep Pro access until <strong>{formatDate(accessUntil)}</strong>. After that your account moves to the free plan
        {status ? `: ${freePlanClause(status)}.` : '.'}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        Your businesses, links and feedback stay safe, and we will not send the reminder before your plan ends.
      </Typography.Paragraph>
    </Modal>
  )
}
