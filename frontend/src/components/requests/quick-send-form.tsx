/*
 * "Just served someone?": a name, a number and the customer's agreement, then the owner's WhatsApp opens on that
 * customer with the personal review link, or, with another channel chosen, the request is sent for the owner by
 * email, WhatsApp Business or SMS (docs/decisions.md D32). Only channels that work for the business are offered;
 * WhatsApp and SMS need the number, email the address (the number is optional then). The customer is added or
 * matched by number, else by address (docs/product-rules.md#customers-and-channels).
 */
import { CheckCircleFilled, WhatsAppOutlined } from '@ant-design/icons'
import type { BusinessDto, RequestChannelName, ReviewRequestDto } from '@reviewroute/backend/types/api'
import { fieldErrors } from '@reviewroute/web-shared/api'
import { Alert, Button, Flex, Form, Input, Typography } from 'antd'
import { useState } from 'react'
import { mobileRules, SEND_CHANNEL, SENT_FOR_YOU_RULES, sentForYou } from '#lib/review-requests'
import { channelIcon, ChannelPicker, usableChannel } from './channel-picker'
import { ConsentField } from './consent-field'
import { LimitNotice } from '#components/billing/limit-notice'
import { sendFailure, type SendFailure } from './send-failure'
import { useSendRequest } from './use-send-request'
import { useRequestChannels } from './use-request-channels'
import { useWhatsAppOpener } from './whatsapp-opener'
import { MessageLanguageField } from './message-language-field'
import { WhatsAppCost } from './whatsapp-cost'
import type { ReviewLanguage } from '#lib/review-languages'

interface Values {
  name: string
  phone?: string
  email?: string
  consent: boolean
}

const SEND_LABELS: Record<RequestChannelName, string> = {
  whatsapp_link: 'Send with my WhatsApp',
  email: 'Send by email',
  whatsapp: 'Send by WhatsApp Business',
  sms: 'Send by SMS',
}

/** On a phone WhatsApp replaces this page; the confirmation waits here for the owner's return (this tab only). */
const SENT_KEY = 'reviewroute.quickSent'
/** A confirmation older than this is not shown on coming back. */
const SENT_SHOWN_MS = 10 * 60_000

function lastSent(businessId: number): ReviewRequestDto | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(SENT_KEY) ?? 'null') as { at: number; request: ReviewRequestDto } | null
    return saved && saved.request.businessId === businessId && Date.now() - saved.at < SENT_SHOWN_MS ? saved.request : null
  } catch {
    return null
  }
}

/** The server names nested fields `customer.phone`; the form's are `phone`. */
const formField = (field: string) => field.replace(/^customer\./, '') as keyof Values

export function QuickSendForm({ business }: { business: BusinessDto }) {
  const [form] = Form.useForm<Values>()
  const open = useWhatsAppOpener()
  const sendRequest = useSendRequest()
  const [sending, setSending] = useState(false)
  const [failure, setFailure] = useState<SendFailure | null>(null)
  const [sent, setSent] = useState<ReviewRequestDto | null>(() => lastSent(business.id))
  const [chosen, setChannel] = useState<RequestChannelName>(SEND_CHANNEL)
  // The owner's language for this customer, kept on them (null: chosen for them; docs/decisions.md D65).
  const [language, setLanguage] = useState<ReviewLanguage | null>(null)
  const { channels } = useRequestChannels(business.id)
  const channel = usableChannel(chosen, channels)
  const byEmail = channel === 'email'

  async function send(values: Values) {
    setSending(true)
    setFailure(null)
    try {
      const phone = values.phone?.trim()
      const email = byEmail ? values.email?.trim() : undefined
      const request = await sendRequest({
        businessId: business.id,
        customer: {
          name: values.name.trim(),
          ...(phone ? { phone } : {}),
          ...(email ? { email } : {}),
          ...(language ? { language } : {}),
          consent: true,
        },
        channel,
      })
      sessionStorage.setItem(SENT_KEY, JSON.stringify({ at: Date.now(), request }))
      setSent(request)
      if (request.whatsappUrl) open(request.whatsappUrl)
    } catch (error) {
      const byField = Object.entries(fieldErrors(error)).filter(([field]) => ['name', 'phone', 'email'].includes(formField(field)))
      if (byField.length) form.setFields(byField.map(([field, message]) => ({ name: formField(field), errors: [message] })))
      else setFailure(sendFailure(error))
    } finally {
      setSending(false)
    }
  }

  const again = () => {
    sessionStorage.removeItem(SENT_KEY)
    form.resetFields()
    setLanguage(null)
    setSent(null)
  }

  if (sent && !sent.whatsappUrl && sent.channel !== 'whatsapp_link')
    return (
      <Flex vertical gap={12} align="center" style={{ textAlign: 'center', padding: '8px 0' }} role="status">
        <CheckCircleFilled style={{ fontSize: 40, color: '#16a34a' }} />
        <Typography.Title level={4} style={{ margin: 0 }}>
          {sentForYou(sent.customerName, sent.channel)}
        </Typography.Title>
        <Typography.Text type="secondary">{SENT_FOR_YOU_RULES} You will see here when they open their link and rate.</Typography.Text>
        <Button type="primary" onClick={again}>
          Ask someone else
        </Button>
      </Flex>
    )

  if (sent)
    return (
      <Flex vertical gap={12} align="center" style={{ textAlign: 'center', padding: '8px 0' }} role="status">
        <CheckCircleFilled style={{ fontSize: 40, color: '#16a34a' }} />
        <Typography.Title level={4} style={{ margin: 0 }}>
          Your message to {sent.customerName} is ready in WhatsApp
        </Typography.Title>
        <Typography.Text type="secondary">Just press send there. You will see here when they open their link and rate.</Typography.Text>
        <Flex gap={8} wrap justify="center">
          {sent.whatsappUrl && (
            <Button icon={<WhatsAppOutlined />} onClick={() => open(sent.whatsappUrl!)}>
              Open WhatsApp again
            </Button>
          )}
          <Button type="primary" onClick={again}>
            Ask someone else
          </Button>
        </Flex>
      </Flex>
    )

  const phoneField = (
    <Form.Item
      key="phone"
      label={byEmail ? 'Their mobile number (optional)' : channel === 'sms' ? 'Their mobile number' : 'Their WhatsApp number'}
      name="phone"
      rules={mobileRules(byEmail ? null : 'Please enter their 10-digit number')}
    >
      <Input size="large" inputMode="tel" autoComplete="off" placeholder="98765 43210" maxLength={25} />
    </Form.Item>
  )
  const emailField = byEmail && (
    <Form.Item
      key="email"
      label="Their email"
      name="email"
      dependencies={['phone']}
      extra="Or give their number if they are on your customers list with an email."
      rules={[
        { type: 'email', message: 'Please enter a valid email address' },
        ({ getFieldValue }) => ({
          validator: async (_: unknown, value?: string) =>
            value?.trim() || String(getFieldValue('phone') ?? '').trim()
              ? undefined
              : Promise.reject(new Error('Please enter their email address')),
        }),
      ]}
    >
      <Input size="large" type="email" inputMode="email" autoComplete="off" placeholder="priya@example.com" maxLength={254} />
    </Form.Item>
  )

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void send(values)} initialValues={{ consent: false }}>
      <Form.Item label="Their name" name="name" rules={[{ required: true, whitespace: true, message: 'Please enter their name' }]}>
        <Input size="large" autoComplete="off" placeholder="e.g. Priya" maxLength={100} />
      </Form.Item>
      <Form.Item label="How to send">
        <ChannelPicker
          value={channel}
          channels={channels}
          onChange={(next) => {
            setChannel(next)
            setFailure(null)
          }}
        />
      </Form.Item>
      {/* The contact the channel sends to comes first. */}
      {byEmail ? [emailField, phoneField] : phoneField}
      <Form.Item>
        <MessageLanguageField value={language} ratedLanguage={null} channels={channels} channel={channel} onChange={setLanguage} />
      </Form.Item>
      <ConsentField />
      {channel === 'whatsapp' && (
        <div style={{ marginBottom: 16 }}>
          <WhatsAppCost channel={channel} channels={channels} messages={1} />
        </div>
      )}
      {failure && (
        <div style={{ marginBottom: 16 }}>
          {failure.kind === 'limit' ? <LimitNotice message={failure.message} /> : <Alert type="error" showIcon message={failure.message} />}
        </div>
      )}
      <Button type="primary" htmlType="submit" size="large" block icon={channelIcon(channel)} loading={sending} className="send-button">
        {SEND_LABELS[channel]}
      </Button>
    </Form>
  )
}
