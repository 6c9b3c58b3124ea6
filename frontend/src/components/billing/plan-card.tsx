import { CheckOutlined } from '@ant-design/icons'
import { Button, Card, Tag, Typography } from 'antd'
import type { PlanDto } from '@reviewroute/backend/types/api'
import { rupees } from '@reviewroute/web-shared/format'
import { planDisplayName } from '@reviewroute/backend/contract/product_rules'
import { INCL_GST } from '@reviewroute/backend/contract/gst'
import { pricePeriod } from '#lib/billing'

interface Props {
  plan: PlanDto
  /** The owner has a paid plan running: the button reads 'Already Enrolled' and cannot buy. */
  enrolled: boolean
  /** This plan's payment is being prepared. */
  busy: boolean
  /** Absent: plans cannot be bought on this server (docs/decisions.md D59), so the card offers no button. */
  onChoose?(plan: PlanDto): void
  /** A click on the disabled button still explains why (docs/product-rules.md's 'Already Have Active Plan'). */
  onEnrolledClick(): void
}

/** One plan as the API lists it: price (GST included, D33), per-month price, savings and tag all come from the server (docs/decisions.md D8). */
export function PlanCard({ plan, enrolled, busy, onChoose, onEnrolledClick }: Props) {
  const name = planDisplayName(plan.name)
  return (
    <Card className={`plan-card${plan.tag ? ' plan-card--featured' : ''}`} aria-label={`${name} plan`}>
      <div className="plan-card__tag">{plan.tag && <Tag color={plan.tag === 'Most Popular' ? 'blue' : 'green'}>{plan.tag}</Tag>}</div>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {name}
      </Typography.Title>
      <div className="plan-card__price">
        {rupees(plan.totalPrice)} <small>{pricePeriod(plan.durationMonths)}</small> <small className="plan-card__tax">{INCL_GST}</small>
      </div>
      <Typography.Text type="secondary">
        {plan.durationMonths > 1 ? `${rupees(plan.pricePerMonth)} per month` : 'One month at a time'}
      </Typography.Text>
      {plan.savings ? (
        <Typography.Text strong style={{ color: '#16a34a' }}>
          Save {rupees(plan.savings.amount)} ({plan.savings.percent}%)
        </Typography.Text>
      ) : (
        <Typography.Text type="secondary">No long commitment</Typography.Text>
      )}
      <ul className="plan-card__features">
        {plan.features.map((feature) => (
          <li key={feature}>
            <CheckOutlined />
            {feature}
          </li>
        ))}
      </ul>
      {!onChoose ? null : enrolled ? (
        // Browsers send no clicks from a disabled button: it lets them through to the wrapper.
        <span onClick={onEnrolledClick} style={{ display: 'block', cursor: 'not-allowed' }}>
          <Button block size="large" disabled style={{ pointerEvents: 'none' }}>
            Already Enrolled
          </Button>
        </span>
      ) : (
        <Button block size="large" type={plan.tag ? 'primary' : 'default'} loading={busy} onClick={() => onChoose(plan)}>
          Upgrade to {name}
        </Button>
      )}
    </Card>
  )
}
