import { CloseCircleFilled, LockOutlined } from '@ant-design/icons'
import { Alert, Button, Flex, Modal, Spin, Typography } from 'antd'
import { rupees } from '@reviewroute/web-shared/format'
import { planDisplayName } from '@reviewroute/backend/contract/product_rules'
import { validityText } from '#lib/billing'
import type { PaymentStep } from './use-purchase'

function Waiting({ text }: { text: string }) {
  return (
    <Flex vertical align="center" gap={12} style={{ padding: '24px 0' }} role="status">
      <Spin />
      <Typography.Text type="secondary">{text}</Typography.Text>
    </Flex>
  )
}

/**
 * The payment dialog (docs/product-rules.md#trial: loading, ready, error). It shows the plan's full price and how long it lasts
 * (docs/decisions.md D9: a one-time purchase, never renewed by itself) before Razorpay Checkout opens.
 */
export function PaymentDialog({ payment, onPay, onClose }: { payment: PaymentStep; onPay(): void; onClose(): void }) {
  if (payment.step === 'closed') return null
  const name = planDisplayName(payment.plan.name)
  const failed = payment.step === 'failed'

  const footer =
    payment.step === 'ready' || failed ? (
      <Flex gap={8} justify="end" wrap>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="primary" icon={failed ? undefined : <LockOutlined />} loading={payment.step === 'ready' && payment.opening} onClick={onPay}>
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
      {payment.step === 'ready' && (
        <Flex vertical gap={4} className="pay-summary">
          <Typography.Text type="secondary">{name} Plan</Typography.Text>
          <div className="pay-summary__amount">{rupees(payment.order.amount)}</div>
          <Typography.Paragraph style={{ margin: 0 }}>
            One-time payment, {validityText(payment.order.durationMonths, payment.order.validUntil)}.
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
            Your plan does not renew by itself: we email you a reminder 3 days before it ends. Pay by UPI, card, net
            banking or wallet in Razorpay's secure window.
          </Typography.Paragraph>
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
