import { CheckCircleFilled } from '@ant-design/icons'
import { Button, Typography } from 'antd'
import { useEffect } from 'react'
import { SUCCESS_OVERLAY_MS } from '#config/constants'
import { formatDate } from '#lib/dates'
import type { PaymentSuccess } from './use-purchase'

/** After a verified payment: a celebration over the page that hides itself after 5 s (docs/product-rules.md). */
export function PaymentSuccessOverlay({ success, onHide }: { success: PaymentSuccess | null; onHide(): void }) {
  useEffect(() => {
    if (!success) return
    const timer = setTimeout(onHide, SUCCESS_OVERLAY_MS)
    return () => clearTimeout(timer)
  }, [success, onHide])

  if (!success) return null
  return (
    <div className="payment-success" role="status" onClick={onHide}>
      <div className="payment-success__card">
        <CheckCircleFilled style={{ fontSize: 56, color: '#16a34a' }} />
        <Typography.Title level={3} style={{ margin: '12px 0 4px' }}>
          Payment Successful!
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          Your {success.planName} Plan is active until {formatDate(success.validUntil)}. Unlimited businesses, reviews and analytics are
          open.
        </Typography.Paragraph>
        <Button type="primary" onClick={onHide}>
          Continue
        </Button>
      </div>
    </div>
  )
}
