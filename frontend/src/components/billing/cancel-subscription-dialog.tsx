import { Modal, Typography } from 'antd'
import { FREE_PLAN_BUSINESS_LIMIT, FREE_PLAN_MONTHLY_REVIEWS_PER_BUSINESS } from '@reviewroute/backend/contract/product_rules'
import { formatDate } from '#lib/dates'
import type { useCancelSubscription } from './use-cancel-subscription'

/** Asks before cancelling: what the owner keeps, and until when. */
export function CancelSubscriptionDialog({
  cancel,
  accessUntil,
}: {
  cancel: ReturnType<typeof useCancelSubscription>
  accessUntil: string | null
}) {
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
        You keep Pro access until <strong>{formatDate(accessUntil)}</strong>. After that your account moves to the free plan:{' '}
        {FREE_PLAN_BUSINESS_LIMIT} business and {FREE_PLAN_MONTHLY_REVIEWS_PER_BUSINESS} reviews per business a month.
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        Your businesses, links and feedback stay safe, and we will not send the reminder before your plan ends.
      </Typography.Paragraph>
    </Modal>
  )
}
