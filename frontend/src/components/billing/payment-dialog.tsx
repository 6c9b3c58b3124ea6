import { CloseCircleFilled, LockOutlined } from '@ant-design/icons'
import { Alert, Button, Flex, Modal, Spin, Typography } from 'antd'
import type { BillingProfileDto } from '@reviewroute/backend/types/api'
import { rupees } from '@reviewroute/web-shared/format'
import { planDisplayName } from '@reviewroute/backend/contract/product_rules'
import { INCL_GST } from '@reviewroute/backend/contract/gst'
import { useState } from 'react'
import { validityText } from '#lib/billing'
import { BILLING_DETAILS_NEEDED, hasBillingDetails, invoiceToText } from '#lib/billing-profile'
import { BillingDetailsForm } from './billing-details-form'
import type { PaymentStep } from './use-purchase'

function Waiting({ text }: { text: string }) {
  return (
    <Flex vertical align="center" gap={12} style={{ padding: '24px 0' }} role="status">
      <Spin />
      <Typography.Text type="secondary">{text}</Typography.Text>
    </Flex>
  )
}

/** "Invoice to: …, Karnataka · GSTIN …" with a way to change it, above the Pay button. */
function InvoiceTo({ profile, onChange }: { profile: BillingProfileDto; onChange(): void }) {
  return (
    <Flex align="baseline" gap={4} wrap className="pay-summary__invoice-to">
      <Typography.Text type="secondary">{invoiceToText(profile)}</Typography.Text>
      <Button type="link" size="small" onClick={onChange} style={{ padding: 0, height: 'auto' }}>
        Change
      </Button>
    </Flex>
  )
}

interface Props {
  payment: PaymentStep
  /** The billing details as saved: prefill the form, and the 'Invoice to' line. */
  profile: BillingProfileDto | null
  onProfileSaved(profile: BillingProfileDto): void
  onPay(): void
  onClose(): void
}

/**
 * The payment dialog (docs/product-rules.md#trial: loading, ready, error). It asks for the billing details the tax invoice
 * needs when there are none (docs/decisions.md D33), then shows the plan's full price, GST included, and how long it
 * lasts (D9: a one-time purchase, never renewed by itself) before Razorpay Checkout opens.
 */
export function PaymentDialog({ payment, profile, onProfileSaved, onPay, onClose }: Props) {
  // 'Change' on the ready step: the form replaces the summary until it is saved or cancelled, or the step moves on.
  const [changing, setChanging] = useState(false)
  if (changing && payment.step !== 'ready') setChanging(false)

  if (payment.step === 'closed') return null
  const name = planDisplayName(payment.plan.name)
  const failed = payment.step === 'failed'

  const footer =
    (payment.step === 'ready' && !changing) || failed ? (
      <Flex gap={8} justify="end" wrap>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          type="primary"
          icon={failed ? undefined : <LockOutlined />}
          loading={payment.step === 'ready' && payment.opening}
          onClick={onPay}
        >
          {failed ? 'Try Again' : `Pay ${rupees(payment.order.amount)}`}
        </Button>
      </Flex>
    ) : null

  return (
    <Modal
      open
      title={failed ? null : `Upgrade to ${name}`}
      footer={footer}
      onCancel={onClose}
      maskClosable={false}
      closable={payment.step !== 'verifying'}
      keyboard={payment.step !== 'verifying'}
    >
      {payment.step === 'preparing' && <Waiting text="Preparing your payment..." />}
      {payment.step === 'verifying' && <Waiting text="Confirming your payment..." />}
      {payment.step === 'details' && (
        <Flex vertical gap={12}>
          <Alert type="info" showIcon message={payment.reason ?? BILLING_DETAILS_NEEDED} />
          <BillingDetailsForm profile={profile} submitText="Save and continue" onSaved={onProfileSaved} onCancel={onClose} />
        </Flex>
      )}
      {payment.step === 'ready' && changing && (
        <BillingDetailsForm
          profile={profile}
          submitText="Save"
          onSaved={(saved) => {
            onProfileSaved(saved)
            setChanging(false)
          }}
          onCancel={() => setChanging(false)}
        />
      )}
      {payment.step === 'ready' && !changing && (
        <Flex vertical gap={4} className="pay-summary">
          <Typography.Text type="secondary">{name} Plan</Typography.Text>
          <div className="pay-summary__amount">
            {rupees(payment.order.amount)} <small>{INCL_GST}</small>
          </div>
          <Typography.Paragraph style={{ margin: 0 }}>
            One-time payment, {validityText(payment.order.durationMonths, payment.order.validUntil)}.
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
            Your plan does not renew by itself: we email you a reminder 3 days before it ends. Pay by UPI, card, net banking or wallet in
            Razorpay's secure window.
          </Typography.Paragraph>
          {hasBillingDetails(profile) && <InvoiceTo profile={profile} onChange={() => setChanging(true)} />}
        </Flex>
      )}
      {failed && (
        <Flex vertical align="center" gap={8} style={{ textAlign: 'center', paddingTop: 8 }} role="alert">
          <CloseCircleFilled style={{ fontSize: 40, color: '#dc2626' }} />
          <Typography.Title level={4} style={{ margin: 0 }}>
            Payment Failed
          </Typography.Title>
          <Typography.Text>Your payment could not be processed. Please try again.</Typography.Text>
          <Alert type="error" message={payment.details} style={{ width: '100%', marginTop: 8 }} />
        </Flex>
      )}
    </Modal>
  )
}
