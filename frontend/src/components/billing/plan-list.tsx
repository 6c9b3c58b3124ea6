import { Alert, Button, Card, Col, Row, Typography } from 'antd'
import type { PlanDto } from '@reviewroute/backend/types/api'
import { PAYMENTS_NOT_SET_UP } from '@reviewroute/backend/contract/product_rules'
import type { Ref } from 'react'
import { purchasablePlans } from '#lib/billing'
import { PlanCard } from './plan-card'

interface Props {
  plans: PlanDto[] | undefined
  loading: boolean
  failed: boolean
  onRetry(): void
  enrolled: boolean
  /** The plan whose payment is being prepared. */
  busyPlanId: number | null
  highlight: boolean
  onChoose(plan: PlanDto): void
  onEnrolledClick(): void
  /**
   * False on a server without Razorpay's keys (the billing status's `paymentsConfigured`, docs/decisions.md D59):
   * the plans are shown for their prices, with a note instead of buttons that could only fail.
   */
  paymentsConfigured?: boolean
  ref?: Ref<HTMLElement>
}

export const PAYMENTS_NOTE = 'Everything else works as usual. Whoever runs this server can add Razorpay’s keys to sell plans.'

/** The plans one can buy, from GET /api/billing/subscription-plans (the trial is never listed). */
export function PlanList({
  plans,
  loading,
  failed,
  onRetry,
  enrolled,
  busyPlanId,
  highlight,
  onChoose,
  onEnrolledClick,
  paymentsConfigured = true,
  ref,
}: Props) {
  return (
    <section ref={ref} id="plans" className={`plans${highlight ? ' plans--highlight' : ''}`} aria-labelledby="plans-title">
      <Typography.Title level={4} id="plans-title" style={{ marginTop: 8 }}>
        Choose your Pro plan
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Pay once for 1, 6 or 12 months of unlimited businesses, reviews and analytics. Plans never renew by themselves.
      </Typography.Paragraph>
      {!paymentsConfigured && (
        <Alert type="info" showIcon message={PAYMENTS_NOT_SET_UP} description={PAYMENTS_NOTE} style={{ marginBottom: 16 }} />
      )}
      {failed && (
        <Alert
          type="error"
          showIcon
          message="Failed to fetch billing info"
          description="The plans could not be loaded right now."
          action={<Button onClick={onRetry}>Try Again</Button>}
        />
      )}
      <Row gutter={[16, 16]}>
        {loading &&
          [0, 1, 2].map((slot) => (
            <Col key={slot} xs={24} md={8}>
              <Card loading />
            </Col>
          ))}
        {purchasablePlans(plans).map((plan) => (
          <Col key={plan.id} xs={24} md={8}>
            <PlanCard
              plan={plan}
              enrolled={enrolled}
              busy={busyPlanId === plan.id}
              onChoose={paymentsConfigured ? onChoose : undefined}
              onEnrolledClick={onEnrolledClick}
            />
          </Col>
        ))}
      </Row>
    </section>
  )
}
