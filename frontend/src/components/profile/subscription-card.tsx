import { Alert, Button, Card, Flex, Progress, Tag, Typography } from 'antd'
import type { TrialStatusDto } from '@reviewroute/backend/types/api'
import { useNavigate } from 'react-router'
import { TRIAL_DAYS } from '@reviewroute/backend/contract/product_rules'
import {
  isTrialEndingSoon,
  paidDaysColour,
  paidDaysRemaining,
  paidPlanLabel,
  subscriptionState,
  trialColour,
  trialPercent,
} from '#lib/billing'
import { formatDate } from '#lib/dates'
import { afterTrialText, freePlanClause } from '#lib/free-plan'
import { Facts } from './facts'

const dayCount = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`

function TrialDetails({ status }: { status: TrialStatusDto }) {
  const navigate = useNavigate()
  const days = status.trialDaysRemaining
  return (
    <Flex vertical gap={12}>
      <Tag color="blue" style={{ alignSelf: 'flex-start' }}>
        Free Trial Active
      </Tag>
      <div>
        <Typography.Text>
          {dayCount(days)} remaining out of {TRIAL_DAYS}
        </Typography.Text>
        <Progress
          percent={trialPercent(days)}
          showInfo={false}
          strokeColor={trialColour(days)}
          aria-label={`${days} of ${TRIAL_DAYS} trial days remaining`}
        />
        <Typography.Text type="secondary">Your trial ends on {formatDate(status.trialEndsAt)}.</Typography.Text>
      </div>
      {isTrialEndingSoon(days) ? (
        <Alert
          type="warning"
          showIcon
          message="Trial ending soon"
          description={
            <Flex vertical gap={12} align="flex-start">
              {afterTrialText(status)} Upgrade now to keep your full dashboard and ratings for every business.
              <Button type="primary" onClick={() => navigate('/billing')}>
                Upgrade Now
              </Button>
            </Flex>
          }
        />
      ) : (
        <Button style={{ alignSelf: 'flex-start' }} onClick={() => navigate('/billing')}>
          View Plans
        </Button>
      )}
    </Flex>
  )
}

function PaidDetails({ status, cancelled, onCancel }: { status: TrialStatusDto; cancelled: boolean; onCancel(): void }) {
  const days = paidDaysRemaining(status)
  return (
    <Flex vertical gap={12}>
      <Tag color={cancelled ? 'orange' : 'green'} style={{ alignSelf: 'flex-start' }}>
        {cancelled ? 'Cancelled (Active until period end)' : 'Active Pro Plan'}
      </Tag>
      <Facts
        rows={[
          ['Plan:', paidPlanLabel(status)],
          [cancelled ? 'Access Ends:' : 'Access until:', formatDate(status.currentPeriodEnd)],
          ['Days remaining:', <span style={{ color: paidDaysColour(days) }}>{dayCount(days)}</span>],
          ['Status:', cancelled ? 'Cancelled' : 'Active'],
        ]}
      />
      {cancelled ? (
        <Alert
          type="info"
          showIcon
          message={`Your subscription is cancelled. You keep Pro until ${formatDate(status.currentPeriodEnd)}; then your account moves to the free plan: ${freePlanClause(status)}.`}
        />
      ) : (
        <Flex justify="space-between" align="center" gap={12} wrap>
          <Typography.Text type="secondary">Does not renew by itself.</Typography.Text>
          <Button danger onClick={onCancel}>
            Cancel Subscription
          </Button>
        </Flex>
      )}
    </Flex>
  )
}

/** Subscription Details in each state of docs/product-rules.md#trial. */
export function SubscriptionCard({
  status,
  loading,
  onCancel,
}: {
  status: TrialStatusDto | undefined
  loading: boolean
  onCancel(): void
}) {
  const state = status ? subscriptionState(status) : null
  const navigate = useNavigate()
  return (
    <Card title="Subscription Details" loading={loading && !status}>
      {status && state === 'trial' && <TrialDetails status={status} />}
      {status && (state === 'paid' || state === 'cancelled') && (
        <PaidDetails status={status} cancelled={state === 'cancelled'} onCancel={onCancel} />
      )}
      {status && state === 'none' && (
        <Flex vertical gap={12}>
          <Tag style={{ alignSelf: 'flex-start' }}>No Active Subscription</Tag>
          <Typography.Text type="secondary">
            Your free trial has ended. {afterTrialText(status)} Choose a Pro plan to collect ratings for every business; everything you have
            is kept.
          </Typography.Text>
          <Button type="primary" style={{ alignSelf: 'flex-start' }} onClick={() => navigate('/billing')}>
            View Plans
          </Button>
        </Flex>
      )}
      {!status && !loading && <Typography.Text type="danger">Failed to fetch trial status</Typography.Text>}
    </Card>
  )
}
