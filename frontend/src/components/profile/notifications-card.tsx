import { Alert, Card, Flex, Radio, Typography } from 'antd'
import type { NotificationSettingsDto } from '@reviewroute/backend/types/api'
import { useCustom } from '@refinedev/core'
import { lazy, Suspense, useState } from 'react'
import { ResendVerificationButton } from '#components/account/verify-email-banner'
import { FEEDBACK_ALERT_GATE_MINUTES, NOTIFICATION_MAIL_TIME_IST } from '#config/constants'
import { errorText, request } from '#providers/http'
import { useToast } from '#providers/toast'
import type { SettingsChange } from './phone-alerts'
import { QuietHoursSetting, quietHoursText, SettingSwitch, type QuietHours } from './quiet-hours'
import { LANGUAGE_NAMES } from '#lib/review-languages'

/** Alerts on this phone, on WhatsApp and each kind's channels: a chunk of their own, loaded with the card (D68, D69). */
const PhoneAlerts = lazy(() => import('./phone-alerts'))

type FeedbackAlerts = NotificationSettingsDto['feedbackAlerts']
type Settings = NotificationSettingsDto
type Change = SettingsChange & { quietHours?: QuietHours }

const choices = (off: string): { value: FeedbackAlerts; label: string; detail: string }[] => [
  { value: 'instant', label: 'Instant', detail: `At most one mail per business every ${FEEDBACK_ALERT_GATE_MINUTES} minutes` },
  { value: 'daily', label: 'Daily digest', detail: `One mail a day at ${NOTIFICATION_MAIL_TIME_IST} IST` },
  { value: 'off', label: 'Off', detail: off },
]

const ALERT_CHOICES = choices('No feedback mails; read it on the Feedback screen')
/** 1-3 star Google reviews (docs/decisions.md D47): the same choices; an instant one shares the feedback alert's mail. */
const GOOGLE_CHOICES = choices('No Google review mails; read them under Feedback, Google reviews')

type Stars = NotificationSettingsDto['googleReviewAlertStars']
/** Which Google reviews alert (docs/decisions.md D71): the low ones by default, or every one. */
const STAR_CHOICES: { value: Stars; label: string }[] = [
  { value: 'low', label: '1-3 stars' },
  { value: 'all', label: 'Every review' },
]

const labelOf = (value: FeedbackAlerts) => ALERT_CHOICES.find((choice) => choice.value === value)!.label

/** What a saved change says in its toast. */
function savedText(change: Change) {
  if (change.quietHours !== undefined) return quietHoursText(change.quietHours)
  if (change.feedbackAlerts) return `Feedback alerts: ${labelOf(change.feedbackAlerts)}.`
  if (change.googleReviewAlerts) return `Google review alerts: ${labelOf(change.googleReviewAlerts)}.`
  if (change.googleReviewAlertStars)
    return change.googleReviewAlertStars === 'all' ? 'Every new Google review alerts you.' : 'Google reviews of 1-3 stars alert you.'
  if (change.alertLanguage) return `Phone alerts come in ${LANGUAGE_NAMES[change.alertLanguage]}.`
  return change.weeklySummary ? 'The weekly summary is on.' : 'The weekly summary is off.'
}

/** One alert setting: its legend, a line on what it is about, and the three choices. */
function AlertChoices(props: {
  id: string
  legend: string
  lead: string
  value: FeedbackAlerts
  options: typeof ALERT_CHOICES
  disabled: boolean
  onChange: (value: FeedbackAlerts) => void
  children?: React.ReactNode
}) {
  return (
    <fieldset className="notifications-group">
      <legend id={`${props.id}-label`}>{props.legend}</legend>
      <Typography.Paragraph type="secondary" className="notifications-lead">
        {props.lead}
      </Typography.Paragraph>
      <Radio.Group
        name={props.id}
        aria-labelledby={`${props.id}-label`}
        value={props.value}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.target.value as FeedbackAlerts)}
        className="notifications-choices"
      >
        {props.options.map((choice) => (
          <Radio key={choice.value} value={choice.value}>
            <span className="notifications-choice">
              <span className="notifications-choice-label">{choice.label}</span>
              <Typography.Text type="secondary">{choice.detail}</Typography.Text>
            </span>
          </Radio>
        ))}
      </Radio.Group>
      {props.children}
    </fieldset>
  )
}

/**
 * Which mails the owner gets about low ratings, low Google reviews and their week, and the quiet hours of WhatsApp
 * and push alerts (GET/PATCH /api/notification-settings, docs/decisions.md D30, D47).
 * A change is shown at once and saved; a refused save puts the previous choice back. Until the address is verified
 * nothing of this is mailed (D29), so the card says so with the banner's resend button. Below them, loaded on their
 * own: alerts on this phone, the number for WhatsApp alerts and where each kind goes (phone-alerts.tsx, D68, D69).
 */
export function NotificationsCard({ email, emailVerified }: { email?: string; emailVerified?: boolean }) {
  const settings = useCustom<Settings>({ url: '/api/notification-settings', method: 'get' })
  // The owner's latest choice, ahead of the server's answer until it confirms or refuses.
  const [chosen, setChosen] = useState<Settings | null>(null)
  const [saving, setSaving] = useState(false)
  const toast = useToast()
  const current = chosen ?? settings.query.data?.data ?? null

  /** A proved or removed WhatsApp number: the settings show it, with no save of their own. */
  const setWhatsApp = (number: Pick<Settings['whatsapp'], 'phone' | 'verifiedAt'>) =>
    setChosen((previous) => {
      const base = previous ?? settings.query.data?.data
      return base ? { ...base, whatsapp: { ...base.whatsapp, ...number } } : previous
    })

  async function save(change: Change, saved = savedText(change)) {
    if (!current) return
    const previous = current
    setChosen({ ...current, ...change, channels: { ...current.channels, ...change.channels } })
    setSaving(true)
    try {
      setChosen(await request<Settings>('/api/notification-settings', { method: 'PATCH', body: change }))
      toast.success('Notifications Updated', saved)
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
          <AlertChoices
            id="feedback-alerts"
            legend="Feedback alerts"
            lead="A mail when a customer rates 1-3 stars and leaves feedback."
            value={current.feedbackAlerts}
            options={ALERT_CHOICES}
            disabled={saving}
            onChange={(feedbackAlerts) => void save({ feedbackAlerts })}
          />
          <AlertChoices
            id="google-review-alerts"
            legend="Google review alerts"
            lead="An alert when a connected business gets a new or changed Google review, with a link to reply."
            value={current.googleReviewAlerts ?? 'instant'}
            options={GOOGLE_CHOICES}
            disabled={saving}
            onChange={(googleReviewAlerts) => void save({ googleReviewAlerts })}
          >
            <Flex wrap align="center" gap={12} className="notifications-stars">
              <Typography.Text id="google-review-stars-label">Which reviews</Typography.Text>
              <Radio.Group
                name="google-review-stars"
                aria-labelledby="google-review-stars-label"
                optionType="button"
                value={current.googleReviewAlertStars ?? 'low'}
                disabled={saving || current.googleReviewAlerts === 'off'}
                onChange={(event) => void save({ googleReviewAlertStars: event.target.value as Stars })}
                options={STAR_CHOICES}
              />
            </Flex>
          </AlertChoices>
          <SettingSwitch
            id="weekly-summary"
            label="Weekly summary"
            description={`Mondays ${NOTIFICATION_MAIL_TIME_IST} IST: ratings, sent to Google, private ratings`}
            checked={current.weeklySummary}
            disabled={saving}
            onChange={(weeklySummary) => void save({ weeklySummary })}
          />
          <QuietHoursSetting value={current.quietHours ?? null} saving={saving} onSave={(quietHours) => void save({ quietHours })} />
          <Suspense fallback={null}>
            <PhoneAlerts
              channels={current.channels}
              saving={saving}
              onSave={(change, saved) => void save(change, saved)}
              whatsapp={current.whatsapp}
              onWhatsApp={setWhatsApp}
              language={current.alertLanguage ?? 'en'}
            />
          </Suspense>
        </Flex>
      )}
    </Card>
  )
}
