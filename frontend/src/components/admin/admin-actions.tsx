/*
 * The console's writes as reason-modal actions (docs/decisions.md D34): what each asks, what it posts, and the toast.
 * Screens pick one and hand it to <ReasonModal>; the server answers the updated row (jobs: `{ok: true}`), and the
 * console's lists and rows are read again.
 */
import type {
  AdminBusinessDto,
  AdminContactMessageDto,
  AdminExtendTrialRequest,
  AdminFailedJobDto,
  AdminGrantPlanRequest,
  AdminPaymentDto,
  AdminReplyRequest,
  AdminUserDto,
} from '@reviewroute/backend/types/api'
import { Form, Input, InputNumber, Select } from 'antd'
import { rupees } from '@reviewroute/web-shared/format'
import { adminWrite, failedJobsResource, GRANT_MONTHS } from '#lib/admin'
import { formatDate } from '#lib/dates'
import type { ReasonAction } from './reason-modal'

const months = (count: number) => `${count} ${count === 1 ? 'month' : 'months'}`

export function extendTrialAction(user: AdminUserDto): ReasonAction<AdminExtendTrialRequest> {
  return {
    title: `Extend the trial of ${user.email}`,
    description: user.trialEndsAt
      ? `The trial ends on ${formatDate(user.trialEndsAt)}. The days are added to that day, or to today if it has passed.`
      : 'The days are added to today.',
    okText: 'Extend trial',
    path: adminWrite.user(user.id, 'extend-trial'),
    initialValues: { days: 7 },
    fields: (
      <Form.Item label="Days to add" name="days" rules={[{ required: true, message: 'Enter 1 to 90 days' }]}>
        <InputNumber min={1} max={90} precision={0} style={{ width: 160 }} />
      </Form.Item>
    ),
    doneTitle: 'Trial Extended',
  }
}

export function grantPlanAction(user: AdminUserDto): ReasonAction<AdminGrantPlanRequest> {
  return {
    title: `Grant a plan to ${user.email}`,
    description: 'Pro without a payment (and without an invoice), from today or after the plan that is running.',
    okText: 'Grant plan',
    path: adminWrite.user(user.id, 'grant-plan'),
    initialValues: { months: 1 },
    fields: (
      <Form.Item label="Length" name="months" rules={[{ required: true, message: 'Choose how long' }]}>
        <Select style={{ width: 160 }} options={GRANT_MONTHS.map((count) => ({ value: count, label: months(count) }))} />
      </Form.Item>
    ),
    doneTitle: 'Plan Granted',
  }
}

export function endPlanAction(user: AdminUserDto): ReasonAction {
  return {
    title: `End the plan of ${user.email}`,
    description: 'The running plan stops now. Refunding a payment is a separate action, on the payment.',
    okText: 'End plan',
    danger: true,
    path: adminWrite.user(user.id, 'end-plan'),
    doneTitle: 'Plan Ended',
  }
}

export function userAccessAction(user: AdminUserDto): ReasonAction {
  const disabling = !user.disabledAt
  return {
    title: `${disabling ? 'Disable' : 'Enable'} the account ${user.email}`,
    description: disabling ? 'The owner can no longer sign in.' : 'The owner can sign in again.',
    okText: disabling ? 'Disable account' : 'Enable account',
    danger: disabling,
    path: adminWrite.user(user.id, disabling ? 'disable' : 'enable'),
    doneTitle: disabling ? 'Account Disabled' : 'Account Enabled',
  }
}

export function businessAccessAction(business: AdminBusinessDto): ReasonAction {
  const disabling = !business.disabledAt
  return {
    title: `${disabling ? 'Pause' : 'Resume'} the link of ${business.name}`,
    description: disabling
      ? `Customers opening /review/${business.shortUrl} see a polite message that the page is paused.`
      : `Customers opening /review/${business.shortUrl} can rate again.`,
    okText: disabling ? 'Pause link' : 'Resume link',
    danger: disabling,
    path: adminWrite.business(business.id, disabling ? 'disable' : 'enable'),
    doneTitle: disabling ? 'Link Paused' : 'Link Resumed',
  }
}

export function refundAction(payment: AdminPaymentDto): ReasonAction {
  return {
    title: `Refund ${rupees(payment.amount)} to ${payment.userEmail ?? 'the payer'}`,
    description: `Payment ${payment.razorpayPaymentId ?? payment.razorpayOrderId} for ${payment.planName}. The refund policy decides what is refunded; a credit note follows.`,
    okText: 'Refund',
    danger: true,
    path: adminWrite.refund(payment.id),
    doneTitle: 'Refund Started',
  }
}

export function handleMessageAction(message: AdminContactMessageDto): ReasonAction {
  return {
    title: `Mark "${message.subject}" as handled`,
    description: `From ${message.name} <${message.email}>. No mail is sent.`,
    okText: 'Mark handled',
    path: adminWrite.contact(message.id, 'handle'),
    doneTitle: 'Message Handled',
  }
}

export function replyAction(message: AdminContactMessageDto): ReasonAction<AdminReplyRequest> {
  return {
    title: `Reply to ${message.name}`,
    description: `Mailed to ${message.email}; the message is then marked handled.`,
    okText: 'Send reply',
    path: adminWrite.contact(message.id, 'reply'),
    fields: (
      <Form.Item
        label="Reply"
        name="message"
        rules={[
          { required: true, whitespace: true, message: 'Write the reply' },
          { max: 5000, message: 'Keep the reply under 5,000 characters' },
        ]}
      >
        <Input.TextArea rows={6} placeholder={`Hi ${message.name},`} />
      </Form.Item>
    ),
    doneTitle: 'Reply Sent',
  }
}

export function jobAction(job: AdminFailedJobDto, kind: 'retry' | 'remove'): ReasonAction {
  return {
    title: `${kind === 'retry' ? 'Retry' : 'Remove'} job ${job.name} #${job.id}`,
    description:
      kind === 'retry'
        ? `The job goes back to the ${job.queue} queue and runs again.`
        : `The failed job leaves the ${job.queue} queue for good.`,
    okText: kind === 'retry' ? 'Retry job' : 'Remove job',
    danger: kind === 'remove',
    path: adminWrite.job(job.queue, job.id, kind),
    refresh: [failedJobsResource(job.queue)],
    doneTitle: kind === 'retry' ? 'Job Queued Again' : 'Job Removed',
  }
}
