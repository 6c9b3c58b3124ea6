/*
 * The trial banner (docs/product-rules.md#trial): only while the trial is active, dismissible (remembered for this day
 * of the trial, lib/trial-banner-dismissal.ts), gone by itself after 30 s, red/orange at 3 or fewer days with what
 * happens after the trial, 'Last day' at 1, a progress bar over the 7 trial days.
 */
import { Alert, Button, Progress } from 'antd'
import type { TrialStatusDto } from '@reviewroute/backend/types/api'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { TRIAL_BANNER_HIDE_MS } from '#config/constants'
import { AFTER_TRIAL_RULE, TRIAL_DAYS } from '@reviewroute/backend/contract/product_rules'
import { isTrialUrgent, showsTrialBanner, trialBannerText } from '#lib/access'
import { dismissTrialBanner, isTrialBannerDismissed } from '#lib/trial-banner-dismissal'
import { usePermissions } from '#hooks/use-workspaces'

export function TrialBanner({ status, autoHide = true }: { status: TrialStatusDto | undefined; autoHide?: boolean }) {
  const [visible, setVisible] = useState(true)
  // Only a workspace's owners buy its plan: the others see the days left without the way to billing.
  const { billing } = usePermissions()

  useEffect(() => {
    if (!autoHide) return
    const timer = setTimeout(() => setVisible(false), TRIAL_BANNER_HIDE_MS)
    return () => clearTimeout(timer)
  }, [autoHide])

  if (!visible || !status || !showsTrialBanner(status) || isTrialBannerDismissed(status)) return null
  const days = status.trialDaysRemaining
  const urgent = isTrialUrgent(days)
  return (
    <Alert
      className="trial-banner"
      type={urgent ? 'error' : 'info'}
      showIcon
      closable
      onClose={() => {
        dismissTrialBanner(status)
        setVisible(false)
      }}
      message={trialBannerText(days)}
      description={
        <>
          <Progress
            percent={Math.round((Math.min(days, TRIAL_DAYS) / TRIAL_DAYS) * 100)}
            showInfo={false}
            strokeColor={urgent ? '#dc2626' : '#1d4ed8'}
            aria-label={`${days} of ${TRIAL_DAYS} trial days left`}
          />
          {urgent && AFTER_TRIAL_RULE}
        </>
      }
      action={
        billing && (
          <Link to="/billing">
            <Button size="small" type={urgent ? 'primary' : 'default'} danger={urgent}>
              Upgrade
            </Button>
          </Link>
        )
      }
    />
  )
}
