import { Alert, Button, Card, Col, Row, Typography } from 'antd'
import type { PlanDto } from '@reviewroute/backend/types/api'
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
  ref?: Ref<HTMLElement>
}

/** The plans one can buy, from GET /api/billing/subscription-plans (the trial is never listed). */
export function PlanList({ plans, loading, failed, onRetry, enrolled, busyPlanId, highlight, onChoose, onEnrolledClick, ref }: Props) {
  return (
    <section ref={ref} id="plans" className={`plans${highlight ? ' plans--highlight' : ''}`} aria-labelledby="plans-title">
      <Typography.Title level={4} id="plans-title" style={{ marginTop: 8 }}>
        Choose your Pro plan
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Pay once for 1, 6 or 12 months of unlimited businesses, reviews and analytics. Plans never renew by themselves.
      </Typography.Paragraph>
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
            <PlanCard plan={plan} enrolled={enrolled} busy={busyPlanId === plan.id} onChoose={onChoose} onEnrolledClick={onEnrolledClick} />
          </Col>
        ))}
      </Row>
    </section>
  )
}
