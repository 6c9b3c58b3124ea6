import { Alert, Button, Grid, Progress } from 'antd'
import type { ReactNode } from 'react'
import type { TrialStatusDto } from '@reviewroute/backend/types/api'
import { TRIAL_DAYS } from '@reviewroute/backend/contract/product_rules'
import { isTrialUrgent, trialBannerText } from '#lib/access'
import { COLOURS, paidDaysRemaining, paidPlanLabel, subscriptionState, trialPercent } from '#lib/billing'
import { formatDate } from '#lib/dates'
import { afterTrialText } from '#lib/free-plan'

const daysLeft = (days: number) => `${days} ${days === 1 ? 'day' : 'days'} left`

/**
 * The top of /billing (docs/screens.md): the trial banner with its 7-day progress and which business keeps working
 * after it (lib/free-plan.ts), or the running plan with Cancel Subscription, or the cancelled plan still running (no
 * cancel button). The expired trial is the Trial Expired card, which the page shows instead.
 */
export function BillingStatusBanner({ status, onShowPlans, onCancel }: { status: TrialStatusDto; onShowPlans(): void; onCancel(): void }) {
  const state = subscriptionState(status)
  // On a phone the button goes under the text, which would otherwise be squeezed into a narrow column.
  const wide = Grid.useBreakpoint().md ?? true
  const withAction = (description: ReactNode, action: ReactNode) =>
    wide
      ? { description, action }
      : {
          description: (
            <>
              {description}
              <div style={{ marginTop: 12 }}>{action}</div>
            </>
          ),
        }

  if (state === 'trial') {
    const days = status.trialDaysRemaining
    const urgent = isTrialUrgent(days)
    return (
      <Alert
        type={urgent ? 'error' : 'info'}
        showIcon
        message={trialBannerText(days)}
        {...withAction(
          <>
            <Progress
              percent={trialPercent(days)}
              showInfo={false}
              strokeColor={urgent ? COLOURS.red : COLOURS.blue}
              aria-label={`${days} of ${TRIAL_DAYS} trial days left`}
            />
            Your free trial ends on {formatDate(status.trialEndsAt)}. {afterTrialText(status)} Choose a plan below to keep your full
            dashboard and ratings for every business.
          </>,
          <Button type={urgent ? 'primary' : 'default'} danger={urgent} onClick={onShowPlans}>
            See plans
          </Button>
        )}
      />
    )
  }

  if (state === 'paid') {
    const days = paidDaysRemaining(status)
    return (
      <Alert
        type="success"
        showIcon
        message={`Pro active: ${paidPlanLabel(status)}`}
        {...withAction(
          `Access until ${formatDate(status.currentPeriodEnd)} (${daysLeft(days)}). Your plan does not renew by itself: we email you a reminder 3 days before it ends.`,
          <Button danger onClick={onCancel}>
            Cancel Subscription
          </Button>
        )}
      />
    )
  }

  if (state === 'cancelled') {
    return (
      <Alert
        type="warning"
        showIcon
        message="Subscription cancelled"
        description={`You keep Pro access until ${formatDate(status.currentPeriodEnd)} (${daysLeft(paidDaysRemaining(status))}). You can choose a new plan once it ends.`}
      />
    )
  }

  return null
}
