/*
 * Profile, Notifications: alerts on this phone (docs/decisions.md D68), the number for WhatsApp alerts (D69) and
 * where each kind of alert goes. Its own chunk (notifications-card.tsx loads it lazily): the browser's push
 * subscription, the member's devices (GET/POST/DELETE /api/push-subscriptions), whatsapp-alerts.tsx, and the channels
 * of each kind and the language alerts come in (PATCH /api/notification-settings, D71).
 */
import { MobileOutlined } from '@ant-design/icons'
import { useCustom } from '@refinedev/core'
import { Alert, Button, Checkbox, Flex, Select, Tag, Typography } from 'antd'
import type { NotificationSettingsDto, PushPublicKeyDto, PushSubscriptionDto } from '@reviewroute/backend/types/api'
import { useState } from 'react'
import { formatDate, relativeTime } from '#lib/dates'
import { deviceName } from '#lib/devices'
import { LANGUAGE_NAMES, REVIEW_LANGUAGES, type ReviewLanguage } from '#lib/review-languages'
import { errorText, request } from '#providers/http'
import { installPrompt, promptInstall } from '#providers/install-prompt'
import { SERVICE_WORKER_URL } from '#providers/service-worker'
import { useToast } from '#providers/toast'
import WhatsAppAlerts, { type WhatsAppNumber } from './whatsapp-alerts'

type Channels = NotificationSettingsDto['channels']
type Kind = keyof Channels
type Channel = Channels[Kind][number]
export type SettingsChange = Omit<Partial<NotificationSettingsDto>, 'channels'> & { channels?: Partial<Channels> }

/** Which push subscription of the list is this browser's (its id, from the POST that made it). */
export const THIS_DEVICE_KEY = 'reviewroute.push-subscription'

export const KINDS: { kind: Kind; legend: string }[] = [
  { kind: 'feedback', legend: 'New private feedback' },
  { kind: 'googleReviews', legend: 'Google reviews' },
  { kind: 'summaries', legend: 'Summaries' },
]
const CHANNEL_NAMES: Record<Channel, string> = { email: 'Email', push: 'Push on your phones', whatsapp: 'WhatsApp' }
/** The order channels are offered and saved in; one saved but not offered here is kept as it is. */
const ORDER: Channel[] = ['email', 'push', 'whatsapp']
const WHATSAPP_FIRST = 'Add your WhatsApp number first'

/** What saving a kind's channels says in its toast. */
export function channelsText(channels: Partial<Channels>) {
  const [kind, chosen] = Object.entries(channels)[0] as [Kind, Channel[]]
  const names = chosen.map((channel) => CHANNEL_NAMES[channel])
  return `${KINDS.find((entry) => entry.kind === kind)!.legend}: ${names.length ? names.join(' and ') : 'nowhere'}.`
}

/** The VAPID key (base64url) as the bytes pushManager.subscribe takes. */
export function keyBytes(base64url: string) {
  const base64 = base64url
    .replaceAll('-', '+')
    .replaceAll('_', '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=')
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))
}

/** 'ok', 'iphone' (Safari has push only for a Home Screen app) or 'none'. */
export function pushSupport(win: Window = window) {
  if ('serviceWorker' in win.navigator && 'PushManager' in win && 'Notification' in win) return 'ok'
  const { userAgent, maxTouchPoints } = win.navigator
  return /\biPhone\b|\biPad\b/.test(userAgent) || (/\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1) ? 'iphone' : 'none'
}

type Problem = 'denied' | 'dismissed' | { failed: string } | null

const DENIED =
  'Notifications are blocked for ReviewRoute in this browser. To allow them, tap the lock icon next to the address (or the menu, Settings, Site settings, Notifications), set Notifications to Allow for ReviewRoute, then tap Get alerts on this phone again.'

function ProblemText({ problem }: { problem: Problem }) {
  if (!problem) return null
  if (problem === 'denied') return <Alert type="warning" showIcon message="Notifications are blocked" description={DENIED} />
  if (problem === 'dismissed')
    return <Alert type="info" showIcon message="Notifications were not allowed. Tap Get alerts on this phone again and choose Allow." />
  return <Alert type="error" showIcon message={problem.failed} />
}

function DeviceRow(props: { device: PushSubscriptionDto; here: boolean; removing: boolean; onRemove(): void }) {
  const { device } = props
  return (
    <li className="device">
      <MobileOutlined className="device-icon" aria-hidden />
      <div className="device-body">
        <Flex wrap align="center" gap={8}>
          <Typography.Text strong>{device.label ?? 'A device'}</Typography.Text>
          {props.here && <Tag color="blue">This phone</Tag>}
        </Flex>
        <Flex wrap className="device-times">
          <span>{device.service}</span>
          <span>Added {formatDate(device.createdAt)}</span>
          <span>{device.lastSentAt ? `Last alert ${relativeTime(device.lastSentAt)}` : 'No alert yet'}</span>
        </Flex>
      </div>
      <Button loading={props.removing} onClick={props.onRemove} aria-label={`Remove ${device.label ?? 'device'}`}>
        Remove
      </Button>
    </li>
  )
}

/** The offered channels of each kind of alert; a change saves that kind alone. WhatsApp waits for a proved number. */
function ChannelChoices({ channels, offered, whatsappReady, saving, onSave }: ChoicesProps) {
  const waiting = offered.includes('whatsapp') && !whatsappReady
  return (
    <Flex vertical gap={12}>
      {waiting && (
        <Typography.Text type="secondary" id="whatsapp-channel-hint">
          {WHATSAPP_FIRST}
        </Typography.Text>
      )}
      {KINDS.map(({ kind, legend }) => {
        const current = channels?.[kind] ?? ['email']
        return (
          <fieldset key={kind} className="notifications-group">
            <legend>{legend}</legend>
            <Flex wrap gap={16}>
              {offered.map((channel) => (
                <Checkbox
                  key={channel}
                  checked={current.includes(channel)}
                  disabled={saving || (channel === 'whatsapp' && waiting)}
                  aria-describedby={channel === 'whatsapp' && waiting ? 'whatsapp-channel-hint' : undefined}
                  onChange={(event) => {
                    const chosen = event.target.checked ? [...current, channel] : current.filter((other) => other !== channel)
                    const change = { [kind]: ORDER.filter((other) => chosen.includes(other)) }
                    onSave({ channels: change }, channelsText(change))
                  }}
                >
                  {CHANNEL_NAMES[channel]}
                </Checkbox>
              ))}
            </Flex>
          </fieldset>
        )
      })}
    </Flex>
  )
}

interface Props {
  channels?: Channels
  saving: boolean
  /** Saves `change` and says `saved` when it is. */
  onSave(change: SettingsChange, saved: string): void
  whatsapp?: WhatsAppNumber
  /** The number for WhatsApp alerts was proved or removed. */
  onWhatsApp(number: Omit<WhatsAppNumber, 'available'>): void
  /** The language of WhatsApp alerts, notifications and chat answers (docs/decisions.md D71). */
  language: ReviewLanguage
}

type ChoicesProps = Pick<Props, 'channels' | 'saving' | 'onSave'> & { offered: Channel[]; whatsappReady: boolean }

const NO_WHATSAPP: WhatsAppNumber = { phone: null, verifiedAt: null, available: false }

/** The language phone alerts come in: the customer page's nine, each by its own name. */
function AlertLanguage({ language, saving, onSave }: Pick<Props, 'language' | 'saving' | 'onSave'>) {
  return (
    <Flex vertical gap={4}>
      <Typography.Text strong id="alert-language-label">
        Language of phone alerts
      </Typography.Text>
      <Typography.Text type="secondary">
        WhatsApp alerts, notifications and the answers to your taps. Mails stay in English.
      </Typography.Text>
      <Select
        aria-labelledby="alert-language-label"
        className="alert-language"
        value={language}
        disabled={saving}
        onChange={(alertLanguage: ReviewLanguage) => onSave({ alertLanguage }, `Phone alerts come in ${LANGUAGE_NAMES[alertLanguage]}.`)}
        options={REVIEW_LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
      />
    </Flex>
  )
}

export default function PhoneAlerts({ channels, saving, onSave, whatsapp = NO_WHATSAPP, onWhatsApp, language }: Props) {
  const key = useCustom<PushPublicKeyDto>({ url: '/api/push/public-key', method: 'get' })
  const publicKey = key.query.data?.data.publicKey
  const list = useCustom<PushSubscriptionDto[]>({
    url: '/api/push-subscriptions',
    method: 'get',
    queryOptions: { enabled: Boolean(publicKey) },
  })
  const [here, setHere] = useState(() => Number(localStorage.getItem(THIS_DEVICE_KEY)) || null)
  const [busy, setBusy] = useState(false)
  const [removing, setRemoving] = useState<number | null>(null)
  const [installed, setInstalled] = useState(false)
  const [problem, setProblem] = useState<Problem>(() =>
    typeof Notification !== 'undefined' && Notification.permission === 'denied' ? 'denied' : null
  )
  const toast = useToast()
  const devices = list.query.data?.data
  const hereListed = Boolean(devices?.some((device) => device.id === here))

  async function turnOn(key: string) {
    setProblem(null)
    setBusy(true)
    try {
      const permission = await Notification.requestPermission()
      if (permission !== 'granted') return setProblem(permission === 'denied' ? 'denied' : 'dismissed')
      const container = navigator.serviceWorker
      // The page registers the worker once it has loaded; registering the same script again only returns it.
      await container.register(SERVICE_WORKER_URL, { scope: '/' })
      const registration = await container.ready
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) }))
      const saved = await request<PushSubscriptionDto>('/api/push-subscriptions', {
        method: 'POST',
        workspace: false,
        body: { ...subscription.toJSON(), label: deviceName(navigator.userAgent).slice(0, 100) },
      })
      localStorage.setItem(THIS_DEVICE_KEY, String(saved.id))
      setHere(saved.id)
      toast.success('Alerts On', 'This phone will show your alerts.')
      await list.query.refetch()
    } catch (error) {
      setProblem({ failed: errorText(error, 'Could not turn on alerts on this phone. Please try again.') })
    } finally {
      setBusy(false)
    }
  }

  async function remove(device: PushSubscriptionDto) {
    setRemoving(device.id)
    try {
      await request(`/api/push-subscriptions/${device.id}`, { method: 'DELETE', workspace: false })
      if (device.id === here) {
        localStorage.removeItem(THIS_DEVICE_KEY)
        setHere(null)
        void navigator.serviceWorker?.ready
          .then((registration) => registration.pushManager.getSubscription())
          .then((subscription) => subscription?.unsubscribe())
          .catch(() => undefined)
      }
      toast.success('Device Removed', `${device.label ?? 'The device'} will get no more alerts.`)
    } catch (error) {
      toast.error('Device Not Removed', errorText(error, 'Failed to remove the device. Please try again.'))
    } finally {
      setRemoving(null)
      await list.query.refetch()
    }
  }

  const support = pushSupport()
  // Email always; push with the server's key; WhatsApp when this server sends it.
  const offered = ORDER.filter((channel) => channel === 'email' || (channel === 'push' ? Boolean(publicKey) : whatsapp.available))
  return (
    <Flex vertical gap={16}>
      <Typography.Text strong>Alerts on this phone</Typography.Text>
      {key.query.isLoading ? (
        <Typography.Text type="secondary">Checking alerts on phones…</Typography.Text>
      ) : key.query.isError ? (
        <Typography.Text type="danger">Failed to check alerts on phones</Typography.Text>
      ) : !publicKey ? (
        <Typography.Text type="secondary">Alerts on phones are not set up on this server.</Typography.Text>
      ) : (
        <>
          {support === 'iphone' && (
            <Alert
              type="info"
              showIcon
              message="Add ReviewRoute to your Home Screen first"
              description="On iPhone and iPad, alerts work in ReviewRoute opened from the Home Screen: in Safari tap Share, then Add to Home Screen, open ReviewRoute from there and come back to this page."
            />
          )}
          {support === 'none' && (
            <Typography.Text type="secondary">
              This browser cannot show alerts. Open ReviewRoute in Chrome, Edge, Firefox or Samsung Internet to get alerts on this phone.
            </Typography.Text>
          )}
          {support === 'ok' &&
            (hereListed ? (
              <Flex wrap align="center" gap={12}>
                <Typography.Text>Alerts are on for this phone.</Typography.Text>
                {!installed && installPrompt() && (
                  <Button onClick={() => void promptInstall().finally(() => setInstalled(true))}>Install ReviewRoute</Button>
                )}
              </Flex>
            ) : (
              <Flex vertical align="start" gap={8}>
                <Typography.Text type="secondary">A notification on this phone when an alert below is set to push.</Typography.Text>
                <Button type="primary" loading={busy} onClick={() => void turnOn(publicKey)}>
                  Get alerts on this phone
                </Button>
              </Flex>
            ))}
          <ProblemText problem={problem} />
          {list.query.isError && <Typography.Text type="danger">Failed to load your devices for alerts</Typography.Text>}
          {devices && devices.length > 0 && (
            <ul className="devices" aria-label="Devices that get alerts">
              {devices.map((device) => (
                <DeviceRow
                  key={device.id}
                  device={device}
                  here={device.id === here}
                  removing={removing === device.id}
                  onRemove={() => void remove(device)}
                />
              ))}
            </ul>
          )}
        </>
      )}
      <Typography.Text strong>WhatsApp alerts</Typography.Text>
      {whatsapp.available ? (
        <WhatsAppAlerts whatsapp={whatsapp} onChange={onWhatsApp} />
      ) : (
        <Typography.Text type="secondary">WhatsApp alerts are not sent from this server.</Typography.Text>
      )}
      {!key.query.isLoading && offered.length > 1 && (
        <>
          <Typography.Text strong>Where alerts go</Typography.Text>
          <ChannelChoices
            channels={channels}
            offered={offered}
            whatsappReady={Boolean(whatsapp.phone && whatsapp.verifiedAt)}
            saving={saving}
            onSave={onSave}
          />
        </>
      )}
      {(publicKey || whatsapp.available) && <AlertLanguage language={language} saving={saving} onSave={onSave} />}
    </Flex>
  )
}
