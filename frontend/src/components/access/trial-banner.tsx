/*
 * The trial banner (docs/product-rules.md#trial): only while the trial is active (and not in an invitee's empty personal
 * workspace, docs/decisions.md D57), dismissible (remembered for this day
 * of the trial, lib/trial-banner-dismissal.ts), gone by itself after 30 s, red/orange at 3 or fewer days with what
 * happens after the trial, 'Last day' at 1, a progress bar over the 7 trial days. On a phone it is one line (the
 * days left, Upgrade, close): the full banner took a quarter of a phone's first screen on every page.
 */
import { Alert, Button, Grid, Progress } from 'antd'
import type { TrialStatusDto } from '@reviewroute/backend/types/api'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { TRIAL_BANNER_HIDE_MS } from '#config/constants'
import { AFTER_TRIAL_RULE, TRIAL_DAYS } from '@reviewroute/backend/contract/product_rules'
import { isTrialUrgent, sellsTrial, showsTrialBanner, trialBannerText } from '#lib/access'
import { dismissTrialBanner, isTrialBannerDismissed } from '#lib/trial-banner-dismissal'
import { useWorkspaces } from '#hooks/use-workspaces'

/** `compact`: the one-line banner; by default below antd's md breakpoint, where the app draws its phone layout. */
export function TrialBanner({
  status,
  autoHide = true,
  compact,
}: {
  status: TrialStatusDto | undefined
  autoHide?: boolean
  compact?: boolean
}) {
  const [visible, setVisible] = useState(true)
  const screens = Grid.useBreakpoint()
  const oneLine = compact ?? !(screens.md ?? true)
  // Only a workspace's owners buy its plan: the others see the days left without the way to billing.
  const { permissions, current, workspaces } = useWorkspaces()
  const { billing } = permissions

  useEffect(() => {
    if (!autoHide) return
    const timer = setTimeout(() => setVisible(false), TRIAL_BANNER_HIDE_MS)
    return () => clearTimeout(timer)
  }, [autoHide])

  if (!visible || !status || !showsTrialBanner(status) || isTrialBannerDismissed(status)) return null
  // An invitee's empty personal workspace: they joined a team, and are not sold a plan (lib/access.ts).
  if (!sellsTrial(status, current, workspaces)) return null
  const days = status.trialDaysRemaining
  const urgent = isTrialUrgent(days)
  const upgrade = billing && (
    <Link to="/billing">
      <Button size="small" type={urgent ? 'primary' : 'default'} danger={urgent}>
        Upgrade
      </Button>
    </Link>
  )
  const close = () => {
    dismissTrialBanner(status)
    setVisible(false)
  }
  if (oneLine)
    return (
      <Alert
        className="trial-banner trial-banner--compact"
        type={urgent ? 'error' : 'info'}
        showIcon
        closable
        onClose={close}
        message={trialBannerText(days)}
        action={upgrade}
      />
    )
  return (
    <Alert
      className="trial-banner"
      type={urgent ? 'error' : 'info'}
      showIcon
      closable
      onClose={close}
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
      action={upgrade}
    />
  )
}
