/*
 * A customer who ticked "contact me" after a 1-3 rating (docs/decisions.md D31): their name and number with Call
 * and WhatsApp buttons, big enough to tap on a phone. Nothing without a number.
 */
import { PhoneOutlined, WhatsAppOutlined } from '@ant-design/icons'
import type { ReviewSessionDto } from '@reviewroute/backend/types/api'
import { Button, Flex, Typography } from 'antd'
import { callHref, formatIndianMobile, whatsAppHref } from '#lib/call-back'

/** Tap targets of at least 44 px, and on a narrow screen each button takes half the row. */
const BUTTON = { minHeight: 44, flex: '1 1 120px', maxWidth: 200 }

export function CallBack({ session, businessName }: { session: ReviewSessionDto; businessName: string }) {
  const phone = session.contactPhone
  if (!phone) return null
  const who = session.contactName?.trim() || 'The customer'
  return (
    <Flex vertical gap={8} role="group" aria-label="Call back">
      <Typography.Text>
        <Typography.Text strong>{who}</Typography.Text> asked to be contacted:{' '}
        <span style={{ whiteSpace: 'nowrap' }}>{formatIndianMobile(phone)}</span>
      </Typography.Text>
      <Flex gap={8} wrap>
        <Button size="large" icon={<PhoneOutlined />} href={callHref(phone)} style={BUTTON}>
          Call
        </Button>
        <Button
          size="large"
          icon={<WhatsAppOutlined />}
          href={whatsAppHref(phone, session.contactName, businessName)}
          target="_blank"
          rel="noopener noreferrer"
          style={{ ...BUTTON, color: '#15803d', borderColor: '#86efac' }}
        >
          WhatsApp
        </Button>
      </Flex>
    </Flex>
  )
}
