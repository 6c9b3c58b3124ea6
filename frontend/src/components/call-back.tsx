/*
 * Whom the owner can call back about a 1-3 rating (docs/decisions.md D31, D32): the customer who ticked "contact me",
 * or the customer whose personal review link the rating came through. Their name and number with Call and WhatsApp
 * buttons, big enough to tap on a phone. Nothing without a number. The WhatsApp message is in the complaint's own
 * language (its script), else the customer's, else the page's the rating was given on (docs/decisions.md D65).
 */
import { PhoneOutlined, WhatsAppOutlined } from '@ant-design/icons'
import type { ReviewSessionDto } from '@reviewroute/backend/types/api'
import { Button, Flex, Typography } from 'antd'
import { callBackLanguage, callHref, formatIndianMobile, indianMobileDigits, whatsAppHref } from '#lib/call-back'

/** Tap targets of at least 44 px, and on a narrow screen each button takes half the row. */
const BUTTON = { minHeight: 44, flex: '1 1 120px', maxWidth: 200 }

type Callee = { phone: string; name: string | null; asked: boolean }

/** "Contact me" wins: the customer chose that number. Else the customer the review request was sent to. */
function calleeOf(session: ReviewSessionDto): Callee | null {
  const requested = session.customer
  if (session.contactPhone)
    return { phone: session.contactPhone, name: session.contactName?.trim() || requested?.name || null, asked: true }
  if (!requested || session.redirected) return null
  const phone = requested.phone && indianMobileDigits(requested.phone)
  return phone ? { phone, name: requested.name, asked: false } : null
}

export function CallBack({ session, businessName }: { session: ReviewSessionDto; businessName: string }) {
  const callee = calleeOf(session)
  if (!callee) return null
  const { phone, name, asked } = callee
  const language = callBackLanguage(session.feedback, session.customer?.language, session.language)
  const number = <span style={{ whiteSpace: 'nowrap' }}>{formatIndianMobile(phone)}</span>
  return (
    <Flex vertical gap={8} role="group" aria-label="Call back">
      {asked ? (
        <Typography.Text>
          <Typography.Text strong>{name || 'The customer'}</Typography.Text> asked to be contacted: {number}
        </Typography.Text>
      ) : (
        <Typography.Text>
          From your review request to <Typography.Text strong>{name}</Typography.Text>: {number}
        </Typography.Text>
      )}
      <Flex gap={8} wrap>
        <Button size="large" icon={<PhoneOutlined />} href={callHref(phone)} style={BUTTON}>
          Call
        </Button>
        <Button
          size="large"
          icon={<WhatsAppOutlined />}
          href={whatsAppHref(phone, name, businessName, language)}
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
