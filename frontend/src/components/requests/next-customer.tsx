/*
 * "Next customer": the chosen customers one by one, one big button each that creates the request and opens the
 * owner's WhatsApp (or, with another channel chosen, has it sent by email, WhatsApp Business or SMS), then shows the
 * next. Only channels that work for the business are offered; a refusal of the channel itself (the month's cap
 * reached meanwhile) stops the list rather than skipping everyone. Opted-out customers are skipped with the reason, and
 * so is a customer without the contact the channel needs (the server's sentence). Progress is kept for
 * this tab, so coming back from WhatsApp on a phone (which may reload the page) carries on where it was. With
 * WhatsApp Business chosen, what the messages still to send will cost is said before sending.
 */
import { CheckCircleFilled, StopOutlined } from '@ant-design/icons'
import type { BusinessDto, CustomerDto, RequestChannelName, UpdateCustomerRequest } from '@reviewroute/backend/types/api'
import { fieldErrors } from '@reviewroute/web-shared/api'
import { useUpdate, type HttpError } from '@refinedev/core'
import { Alert, Button, Card, Flex, List, Progress, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { contactOf, SEND_CHANNEL, SENT_FOR_YOU_RULES, sentForYou } from '#lib/review-requests'
import { channelIcon, ChannelPicker, usableChannel } from './channel-picker'
import { LimitNotice } from '#components/billing/limit-notice'
import { sendFailure } from './send-failure'
import { useSendRequest } from './use-send-request'
import { useRequestChannels } from './use-request-channels'
import { useWhatsAppOpener } from './whatsapp-opener'
import { MessageLanguageField } from './message-language-field'
import { WhatsAppCost } from './whatsapp-cost'
import { errorText } from '#providers/http'
import type { ReviewLanguage } from '#lib/review-languages'

type Outcome = { result: 'sent' } | { result: 'skipped'; reason: string }

export const OPTED_OUT_REASON = 'Asked not to get review requests from you'
const PROGRESS_KEY = 'reviewroute.sendList'

function savedOutcomes(listKey: string): Record<number, Outcome> {
  try {
    const saved = JSON.parse(sessionStorage.getItem(PROGRESS_KEY) ?? 'null')
    return saved?.listKey === listKey ? saved.outcomes : {}
  } catch {
    return {}
  }
}

export function NextCustomer({ business, customers }: { business: BusinessDto; customers: CustomerDto[] }) {
  const open = useWhatsAppOpener()
  const sendRequest = useSendRequest()
  const listKey = `${business.id}:${customers.map((customer) => customer.id).join(',')}`
  const [outcomes, setOutcomes] = useState<Record<number, Outcome>>(() => {
    const outcomes = savedOutcomes(listKey)
    for (const customer of customers) if (customer.optedOutAt) outcomes[customer.id] ??= { result: 'skipped', reason: OPTED_OUT_REASON }
    return outcomes
  })
  const [sending, setSending] = useState(false)
  const [limit, setLimit] = useState<string | null>(null)
  const [chosen, setChannel] = useState<RequestChannelName>(SEND_CHANNEL)
  const [channelRefused, setChannelRefused] = useState<string | null>(null)
  const [last, setLast] = useState<{ name: string; channel: RequestChannelName } | null>(null)
  const { channels } = useRequestChannels(business.id)
  const channel = usableChannel(chosen, channels)
  // Languages the owner chose here, kept on each customer (docs/decisions.md D65); the list itself came with the page.
  const [languages, setLanguages] = useState<Record<number, ReviewLanguage | null>>({})
  const [savingLanguage, setSavingLanguage] = useState(false)
  const [languageFailure, setLanguageFailure] = useState<string | null>(null)
  const { mutateAsync: updateCustomer } = useUpdate<CustomerDto, HttpError, UpdateCustomerRequest>()

  useEffect(() => sessionStorage.setItem(PROGRESS_KEY, JSON.stringify({ listKey, outcomes })), [listKey, outcomes])

  const current = customers.find((customer) => !outcomes[customer.id])
  const next = current && customers.find((customer) => customer !== current && !outcomes[customer.id])
  const done = customers.filter((customer) => outcomes[customer.id]).length
  const sent = customers.filter((customer) => outcomes[customer.id]?.result === 'sent').length
  const skipped = customers.filter((customer) => outcomes[customer.id]?.result === 'skipped')
  // WhatsApp Business sends one message to each customer still to ask who has a number.
  const toMessage = customers.filter((customer) => !outcomes[customer.id] && customer.phone).length
  const record = (customer: CustomerDto, outcome: Outcome) => setOutcomes((all) => ({ ...all, [customer.id]: outcome }))
  const languageOf = (customer: CustomerDto) => (customer.id in languages ? languages[customer.id] : customer.language)

  async function chooseLanguage(customer: CustomerDto, language: ReviewLanguage | null) {
    setSavingLanguage(true)
    setLanguageFailure(null)
    try {
      await updateCustomer({ resource: 'customers', id: customer.id, values: { language }, successNotification: false })
      setLanguages((all) => ({ ...all, [customer.id]: language }))
    } catch (error) {
      setLanguageFailure(errorText(error, 'Could not save the language. Please try again.'))
    } finally {
      setSavingLanguage(false)
    }
  }

  async function send(customer: CustomerDto) {
    setSending(true)
    try {
      const request = await sendRequest({ businessId: business.id, customerId: customer.id, channel })
      record(customer, { result: 'sent' })
      setLast({ name: customer.name, channel: request.channel })
      if (request.whatsappUrl) open(request.whatsappUrl)
    } catch (error) {
      const failure = sendFailure(error)
      // The plan's limit and a refused channel stop the list; a refusal for this customer (opted out meanwhile, no
      // email address or no number for the channel) skips just them.
      if (failure.kind === 'limit') setLimit(failure.message)
      else if (fieldErrors(error).channel) setChannelRefused(fieldErrors(error).channel)
      else record(customer, { result: 'skipped', reason: failure.message })
    } finally {
      setSending(false)
    }
  }

  return (
    <Flex vertical gap={16} className="next-customer">
      <Flex vertical gap={4}>
        <Typography.Text type="secondary">
          {done} of {customers.length} done · {sent} sent
        </Typography.Text>
        <Progress percent={Math.round((done / customers.length) * 100)} showInfo={false} />
      </Flex>
      {limit && <LimitNotice message={limit} />}
      {current && (
        <ChannelPicker
          value={channel}
          channels={channels}
          disabled={sending}
          onChange={(next) => {
            setChannel(next)
            setChannelRefused(null)
          }}
        />
      )}
      {current && <WhatsAppCost channel={channel} channels={channels} messages={toMessage} />}
      {channelRefused && <Alert type="error" showIcon message={channelRefused} />}
      {sent > 0 && current && !limit && !channelRefused && (
        // After a reload (back from WhatsApp on a phone) only the count is known: the WhatsApp note.
        <Alert
          type={!last || last.channel === 'whatsapp_link' ? 'info' : 'success'}
          showIcon
          message={
            !last || last.channel === 'whatsapp_link'
              ? 'Pressed send in WhatsApp? Here is the next customer.'
              : `${sentForYou(last.name, last.channel)}. Here is the next customer.`
          }
          description={!last || last.channel === 'whatsapp_link' ? undefined : SENT_FOR_YOU_RULES}
        />
      )}
      {current ? (
        <Card>
          <Flex vertical gap={12} align="stretch">
            <Typography.Text type="secondary">Next customer</Typography.Text>
            <Typography.Title level={3} style={{ margin: 0 }}>
              {current.name}
            </Typography.Title>
            <Typography.Text type="secondary" className={current.phone ? 'phone-number' : 'contact-email'}>
              {contactOf(current)}
            </Typography.Text>
            <MessageLanguageField
              key={current.id}
              value={languageOf(current)}
              ratedLanguage={current.ratedLanguage}
              channels={channels}
              channel={channel}
              disabled={sending || savingLanguage}
              loading={savingLanguage}
              onChange={(language) => void chooseLanguage(current, language)}
            />
            {languageFailure && <Alert type="error" showIcon message={languageFailure} />}
            <Button
              type="primary"
              size="large"
              block
              className="send-big"
              icon={channelIcon(channel)}
              loading={sending}
              disabled={!!limit || !!channelRefused}
              onClick={() => void send(current)}
            >
              Send to {current.name}
            </Button>
            <Flex justify="space-between" align="center" gap={8} wrap>
              <Button
                type="link"
                style={{ paddingInline: 0 }}
                disabled={sending}
                onClick={() => record(current, { result: 'skipped', reason: 'You skipped them' })}
              >
                Skip {current.name}
              </Button>
              {next && <Typography.Text type="secondary">Then: {next.name}</Typography.Text>}
            </Flex>
          </Flex>
        </Card>
      ) : (
        <Card>
          <Flex vertical gap={8} align="center" style={{ textAlign: 'center' }} role="status">
            <CheckCircleFilled style={{ fontSize: 40, color: '#16a34a' }} />
            <Typography.Title level={4} style={{ margin: 0 }}>
              All done: {sent} {sent === 1 ? 'request' : 'requests'} sent
            </Typography.Title>
            <Typography.Text type="secondary">We will show you who opens their link and rates.</Typography.Text>
            <Link to="/dashboard/requests">
              <Button type="primary">See your requests</Button>
            </Link>
          </Flex>
        </Card>
      )}
      {skipped.length > 0 && (
        <Card size="small" title="Skipped">
          <List
            size="small"
            dataSource={skipped}
            renderItem={(customer) => {
              const outcome = outcomes[customer.id]
              return (
                <List.Item>
                  <Flex vertical>
                    <span>
                      <StopOutlined style={{ color: '#d4380d', marginRight: 6 }} />
                      {customer.name}
                    </span>
                    <Typography.Text type="secondary">{outcome?.result === 'skipped' ? outcome.reason : ''}</Typography.Text>
                  </Flex>
                </List.Item>
              )
            }}
          />
        </Card>
      )}
    </Flex>
  )
}
