/*
 * Profile, Notifications: the member's number for WhatsApp alerts (D69). A 6-digit code sent from
 * ReviewRoute's number proves it (POST /api/profile/whatsapp-alerts, then …/verify); Remove stops them (DELETE).
 * Part of phone-alerts.tsx's lazy chunk. Refusals are shown in the server's words, under the field they name.
 */
import { Button, Flex, Form, Input, Typography } from 'antd'
import type { NotificationSettingsDto, WhatsAppAlertCodeSentDto, WhatsAppAlertNumberDto } from '@reviewroute/backend/types/api'
import { fieldErrors } from '@reviewroute/web-shared/api'
import { useState } from 'react'
import { PHONE_PREFIX } from '#config/constants'
import { isValidPhone, mobileNumberProblem, phoneDigits, phoneFieldText, phoneForApi, typedPhoneProblem } from '#lib/phone'
import { errorText, request } from '#providers/http'
import { useToast } from '#providers/toast'

export type WhatsAppNumber = NotificationSettingsDto['whatsapp']

/** '+919845067890' → '+91 98450 67890' */
export function whatsappNumberText(phone: string) {
  const match = /^\+91(\d{5})(\d{5})$/.exec(phone)
  return match ? `${PHONE_PREFIX} ${match[1]} ${match[2]}` : phone
}

/** The refusal's sentence for `field` (a 422's own), else its `error`, else `fallback`. */
const refusal = (error: unknown, field: string, fallback: string) => fieldErrors(error)[field] ?? errorText(error, fallback)

const minutesUntil = (iso: string) => Math.max(1, Math.round((new Date(iso).getTime() - Date.now()) / 60_000))

interface Props {
  whatsapp: WhatsAppNumber
  /** The proved number changed (verified or removed). */
  onChange(number: WhatsAppAlertNumberDto): void
}

export default function WhatsAppAlerts({ whatsapp, onChange }: Props) {
  const toast = useToast()
  const [digits, setDigits] = useState('')
  const [sent, setSent] = useState<WhatsAppAlertCodeSentDto | null>(null)
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function run(work: () => Promise<void>, field: string, fallback: string) {
    setBusy(true)
    setError(null)
    try {
      await work()
    } catch (failure) {
      setError(refusal(failure, field, fallback))
    } finally {
      setBusy(false)
    }
  }

  const sendCode = () => {
    if (!isValidPhone(digits)) return setError(mobileNumberProblem(digits))
    return run(
      async () => {
        const answer = await request<WhatsAppAlertCodeSentDto>('/api/profile/whatsapp-alerts', {
          method: 'POST',
          workspace: false,
          body: { phone: phoneForApi(digits) },
        })
        setSent(answer)
        setCode('')
      },
      'phone',
      'Could not send the code. Please try again.'
    )
  }

  const verify = () =>
    run(
      async () => {
        const number = await request<WhatsAppAlertNumberDto>('/api/profile/whatsapp-alerts/verify', {
          method: 'POST',
          workspace: false,
          body: { code },
        })
        setSent(null)
        setDigits('')
        onChange(number)
        toast.success('WhatsApp Alerts On', `Alerts can go to ${whatsappNumberText(number.phone ?? '')} on WhatsApp.`)
      },
      'code',
      'Could not check the code. Please try again.'
    )

  const remove = () =>
    run(
      async () => {
        await request('/api/profile/whatsapp-alerts', { method: 'DELETE', workspace: false })
        onChange({ phone: null, verifiedAt: null })
        toast.success('WhatsApp Alerts Off', 'No more alerts go to WhatsApp.')
      },
      'phone',
      'Could not remove the number. Please try again.'
    )

  let body
  if (whatsapp.phone && whatsapp.verifiedAt)
    body = (
      <Flex wrap align="center" gap={12}>
        <Typography.Text>Alerts go to {whatsappNumberText(whatsapp.phone)} on WhatsApp</Typography.Text>
        <Button loading={busy} onClick={() => void remove()}>
          Remove
        </Button>
        {error && <Typography.Text type="danger">{error}</Typography.Text>}
      </Flex>
    )
  else if (sent)
    body = (
      <Form key="code" layout="vertical" component="div">
        <Form.Item
          label={`Enter the code we sent on WhatsApp to ${whatsappNumberText(sent.phone)}`}
          extra={`It expires in ${minutesUntil(sent.expiresAt)} minutes.`}
          validateStatus={error ? 'error' : undefined}
          help={error}
          htmlFor="whatsapp-code"
        >
          <Flex wrap gap={8}>
            <Input
              id="whatsapp-code"
              value={code}
              onChange={(event) => {
                setCode(event.target.value.replace(/\D/g, '').slice(0, 6))
                setError(null)
              }}
              onPressEnter={() => {
                if (code.length === 6) void verify()
              }}
              inputMode="numeric"
              autoComplete="one-time-code"
              placeholder="6-digit code"
              style={{ width: 160 }}
              autoFocus
            />
            <Button type="primary" loading={busy} disabled={code.length !== 6} onClick={() => void verify()}>
              Verify
            </Button>
            <Button
              type="link"
              disabled={busy}
              onClick={() => {
                setSent(null)
                setError(null)
              }}
            >
              Use another number
            </Button>
          </Flex>
        </Form.Item>
      </Form>
    )
  else
    body = (
      <Form key="phone" layout="vertical" component="div">
        <Form.Item
          label="Mobile number on WhatsApp"
          htmlFor="whatsapp-phone"
          validateStatus={error || typedPhoneProblem(phoneDigits(digits)) ? 'error' : undefined}
          help={error ?? typedPhoneProblem(phoneDigits(digits))}
          extra="We send a 6-digit code there on WhatsApp, from ReviewRoute's number."
        >
          <Flex wrap gap={8}>
            <Input
              id="whatsapp-phone"
              addonBefore={PHONE_PREFIX}
              value={digits}
              onChange={(event) => {
                setDigits(phoneFieldText(event.target.value))
                setError(null)
              }}
              onPressEnter={() => void sendCode()}
              inputMode="tel"
              autoComplete="tel-national"
              placeholder="9876543210"
              style={{ width: 220 }}
            />
            <Button type="primary" loading={busy} disabled={!isValidPhone(digits)} onClick={() => void sendCode()}>
              Send code
            </Button>
          </Flex>
        </Form.Item>
      </Form>
    )

  return body
}
