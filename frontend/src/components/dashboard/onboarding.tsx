/*
 * The overview of an owner without businesses (docs/screens.md, docs/product-rules.md#trial): it opens straight on
 * the add form. Sign-up lands here (`/dashboard?source=signup`, docs/decisions.md D39): an owner without a phone number is
 * asked for it first, in the page, and cannot skip it (docs/decisions.md D14); then the business search follows.
 */
import { CheckCircleFilled } from '@ant-design/icons'
import { Button, Card, Flex, Skeleton, Typography } from 'antd'
import { useState } from 'react'
import { useLocation } from 'react-router'
import { TRIAL_DAYS } from '@reviewroute/backend/contract/product_rules'
import { PhoneField, usePhoneEntry } from '#components/billing/phone-modal'
import { BusinessSearchForm } from '#components/business-search-form'
import { Logo } from '#components/logo'
import { PHONE_PREFIX } from '#config/constants'
import { useCurrentUser } from '#hooks/use-current-user'
import { asksForPhone } from '#lib/billing'

const spaced = (digits: string) => `${PHONE_PREFIX} ${digits.slice(0, 5)} ${digits.slice(5)}`

function Step({ number, title }: { number: 1 | 2; title: string }) {
  return (
    <Flex vertical gap={2}>
      <Typography.Text type="secondary" style={{ fontSize: 12, textTransform: 'uppercase', letterSpacing: 0.5 }}>
        Step {number} of 2
      </Typography.Text>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
    </Flex>
  )
}

export function Onboarding() {
  const { search } = useLocation()
  const { user, loading, refetch } = useCurrentUser()
  // Asked once per visit that came from sign-up (as the phone dialog on /billing?source=… is).
  const [fromSignUp] = useState(() => asksForPhone(search))
  const [savedPhone, setSavedPhone] = useState<string | null>(null)
  const entry = usePhoneEntry(() => {
    setSavedPhone(entry.digits)
    void refetch()
  })
  const asking = fromSignUp && user !== null && !user.phone && savedPhone === null

  let body
  if (fromSignUp && loading && !user) body = <Skeleton active paragraph={{ rows: 2 }} />
  else if (asking)
    body = (
      <Flex vertical gap={8}>
        <Step number={1} title="Your mobile number" />
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          Your {TRIAL_DAYS}-day free trial has started. Add your mobile number so we can reach you about your account and plan. We never
          share it.
        </Typography.Paragraph>
        <PhoneField entry={entry} autoFocus />
        <Button type="primary" size="large" block disabled={!entry.valid} loading={entry.saving} onClick={() => void entry.save()}>
          Save Phone Number
        </Button>
      </Flex>
    )
  else
    body = (
      <Flex vertical gap={12}>
        {savedPhone && (
          <Typography.Text>
            <CheckCircleFilled style={{ color: '#16a34a', marginInlineEnd: 8 }} />
            We'll reach you on {spaced(savedPhone)} about your account.
          </Typography.Text>
        )}
        {fromSignUp && <Step number={2} title="Find your business" />}
        {/* The business list refreshes after an add, and the overview takes over. */}
        <BusinessSearchForm autoFocus />
      </Flex>
    )

  return (
    <Card style={{ maxWidth: 640, margin: '24px auto' }}>
      <Flex vertical align="center" gap={8} style={{ textAlign: 'center', marginBottom: 20 }}>
        <Logo size={48} />
        <Typography.Title level={2} style={{ margin: 0 }}>
          Let's get started!
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          Find your business on Google to get your review link, QR code and private feedback inbox.
        </Typography.Paragraph>
      </Flex>
      {body}
    </Card>
  )
}
