import { Alert, Card, Flex, Radio, Switch, Typography } from 'antd'
import type { NotificationSettingsDto } from '@reviewroute/backend/types/api'
import { useCustom } from '@refinedev/core'
import { useState } from 'react'
import { ResendVerificationButton } from '#components/account/verify-email-banner'
import { FEEDBACK_ALERT_GATE_MINUTES, NOTIFICATION_MAIL_TIME_IST } from '#config/constants'
import { errorText, request } from '#providers/http'
import { useToast } from '#providers/toast'

type FeedbackAlerts = NotificationSettingsDto['feedbackAlerts']

const ALERT_CHOICES: { value: FeedbackAlerts; label: string; detail: string }[] = [
  { value: 'instant', label: 'Instant', detail: `At most one mail per business every ${FEEDBACK_ALERT_GATE_MINUTES} minutes` },
  { value: 'daily', label: 'Daily digest', detail: `One mail a day at ${NOTIFICATION_MAIL_TIME_IST} IST` },
  { value: 'off', label: 'Off', detail: 'No feedback mails; read it on the Feedback screen' },
]

const labelOf = (value: FeedbackAlerts) => ALERT_CHOICES.find((choice) => choice.value === value)!.label

/** What a saved change says in its toast. */
function savedText(change: Partial<NotificationSettingsDto>) {
  if (change.feedbackAlerts) return `Feedback alerts: ${labelOf(change.feedbackAlerts)}.`
  return change.weeklySummary ? 'The weekly summary is on.' : 'The weekly summary is off.'
}

/**
 * Which mails the owner gets about low ratings and their week (GET/PATCH /api/notification-settings, docs/decisions.md D30).
 * A change is shown at once and saved; a refused save puts the previous choice back. Until the address is verified
 * nothing of this is mailed (D29), so the card says so with the banner's resend button.
 */
export function NotificationsCard({ email, emailVerified }: { email?: string; emailVerified?: boolean }) {
  const settings = useCustom<NotificationSettingsDto>({ url: '/api/notification-settings', method: 'get' })
  // The owner's latest choice, ahead of the server's answer until it confirms or refuses.
  const [chosen, setChosen] = useState<NotificationSettingsDto | null>(null)
  const [saving, setSaving] = useState(false)
  const toast = useToast()
  const current = chosen ?? settings.query.data?.data ?? null

  async function save(change: Partial<NotificationSettingsDto>) {
    if (!current) return
    const previous = current
    setChosen({ ...current, ...change })
    setSaving(true)
    try {
      setChosen(await request<NotificationSettingsDto>('/api/notification-settings', { method: 'PATCH', body: change }))
      toast.success('Notifications Updated', savedText(change))
    } catch (error) {
      setChosen(previous)
      toast.error('Notifications Not Saved', errorText(error, 'Failed to save your notification settings. Please try again.'))
    } finally {
      setSaving(false)
    }
  }

  return (
    <Card title="Notifications" loading={settings.query.isLoading && !current}>
      {!current ? (
        <Typography.Text type="danger">Failed to load your notification settings</Typography.Text>
      ) : (
        <Flex vertical gap={20}>
          {emailVerified === false && email && (
            <Alert
              type="warning"
              showIcon
              message="These mails wait until your address is verified"
              description={
                <Flex vertical align="start" gap={8}>
                  <span>Open the link we sent to {email}. Until then no alert, digest or summary is mailed to you.</span>
                  <ResendVerificationButton email={email} />
                </Flex>
              }
            />
          )}
          <fieldset className="notifications-group">
            <legend id="feedback-alerts-label">Feedback alerts</legend>
            <Typography.Paragraph type="secondary" className="notifications-lead">
              A mail when a customer rates 1-3 stars and leaves feedback.
            </Typography.Paragraph>
            <Radio.Group
              aria-labelledby="feedback-alerts-label"
              value={current.feedbackAlerts}
              disabled={saving}
              onChange={(event) => void save({ feedbackAlerts: event.target.value as FeedbackAlerts })}
              className="notifications-choices"
            >
              {ALERT_CHOICES.map((choice) => (
                <Radio key={choice.value} value={choice.value}>
                  <span className="notifications-choice">
                    <span className="notifications-choice-label">{choice.label}</span>
                    <Typography.Text type="secondary">{choice.detail}</Typography.Text>
                  </span>
                </Radio>
              ))}
            </Radio.Group>
          </fieldset>
          <Flex align="center" justify="space-between" gap={16}>
            <div>
              <Typography.Text strong id="weekly-summary-label">
                Weekly summary
              </Typography.Text>
              <br />
              <Typography.Text type="secondary">
                Mondays {NOTIFICATION_MAIL_TIME_IST} IST: ratings, sent to Google, private ratings
              </Typography.Text>
            </div>
            <Switch
              aria-labelledby="weekly-summary-label"
              checked={current.weeklySummary}
              disabled={saving}
              onChange={(weeklySummary) => void save({ weeklySummary })}
            />
          </Flex>
        </Flex>
      )}
    </Card>
  )
}
