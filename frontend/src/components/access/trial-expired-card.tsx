import { GiftOutlined, LockOutlined } from '@ant-design/icons'
import { Button, Card, Flex, Tag, Typography } from 'antd'
import { TRIAL_DAYS } from '@reviewroute/backend/contract/product_rules'
import type { FreePlanBusinessesDto } from '@reviewroute/backend/types/api'
import { SUPPORT_EMAIL } from '#config/constants'
import { afterTrialText, freePlanClause } from '#lib/free-plan'

/**
 * Shown on /billing on the free plan (docs/product-rules.md#locked-dashboard): which business keeps working and, with
 * two or more, each business marked as working or paused (docs/product-rules.md#free-plan-limits). A workspace that
 * never had a trial (`hadTrial` false: a team, agency or client workspace, docs/decisions.md D42, D57) is told it is
 * on the free plan, whose dashboard stays open, not that a trial ended.
 */
export function TrialExpiredCard({
  freePlan,
  onUpgrade,
  hadTrial = true,
}: {
  freePlan: FreePlanBusinessesDto
  onUpgrade(): void
  hadTrial?: boolean
}) {
  return (
    <Card className="trial-expired" role="alert">
      <Flex vertical align="center" gap={8} style={{ textAlign: 'center' }}>
        {hadTrial ? (
          <LockOutlined style={{ fontSize: 32, color: '#dc2626' }} />
        ) : (
          <GiftOutlined style={{ fontSize: 32, color: '#1d4ed8' }} />
        )}
        <Typography.Title level={3} style={{ margin: 0 }}>
          {hadTrial ? 'Trial Expired' : 'Free Plan'}
        </Typography.Title>
        {hadTrial ? (
          <Typography.Paragraph type="secondary" style={{ maxWidth: 520 }}>
            Your {TRIAL_DAYS}-day free trial has ended. {afterTrialText({ freePlan })} Your businesses, links and feedback are safe: choose
            a plan to collect ratings for every business and open your dashboard again.
          </Typography.Paragraph>
        ) : (
          <Typography.Paragraph type="secondary" style={{ maxWidth: 520 }}>
            This workspace has no free trial: only the workspace made with an account has one. On the free plan,{' '}
            {freePlanClause({ freePlan })}. Choose a plan for every business you add and unlimited ratings.
          </Typography.Paragraph>
        )}
        {freePlan.keepsWorking && freePlan.paused.length > 0 && <BusinessesOnFreePlan freePlan={freePlan} />}
        <Flex gap={8} wrap justify="center">
          <Button type="primary" size="large" onClick={onUpgrade}>
            Upgrade Now
          </Button>
          <Button size="large" href={`mailto:${SUPPORT_EMAIL}`}>
            Contact Support
          </Button>
        </Flex>
      </Flex>
    </Card>
  )
}

/** The owner's businesses, oldest first: the one that keeps working, then the paused ones. */
function BusinessesOnFreePlan({ freePlan }: { freePlan: FreePlanBusinessesDto }) {
  const rows = [{ ...freePlan.keepsWorking!, working: true }, ...freePlan.paused.map((business) => ({ ...business, working: false }))]
  return (
    <ul className="trial-expired__businesses" aria-label="Your businesses on the free plan">
      {rows.map(({ id, name, working }) => (
        <li key={id}>
          <Typography.Text ellipsis={{ tooltip: name }}>{name}</Typography.Text>
          <Tag color={working ? 'green' : 'orange'}>{working ? 'Keeps working' : 'Paused'}</Tag>
        </li>
      ))}
    </ul>
  )
}
