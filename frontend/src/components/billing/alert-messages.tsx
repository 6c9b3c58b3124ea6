/*
 * The alert messages ReviewRoute sent on WhatsApp to a workspace's members this month and what they cost: a line on
 * the billing page (GET /api/billing/alert-messages). ReviewRoute pays for them; nothing here is billed to the owner.
 * The console's card of every workspace is admin-alert-messages.tsx.
 */
import { useCustom } from '@refinedev/core'
import { Card, Typography } from 'antd'
import { formatCount } from '@reviewroute/web-shared/format'
import type { AlertMessagesDto } from '@reviewroute/backend/types/api'

const COST = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 })
const PRICE = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 4 })

/** 1.61 → '₹1.61' */
export const costText = (inr: number) => COST.format(inr)
/** 0.115 → '₹0.115' */
export const priceText = (inr: number) => PRICE.format(inr)

export const messagesText = (count: number) => `${formatCount(count)} ${count === 1 ? 'message' : 'messages'}`

/** '2026-11' → 'November 2026' */
export function monthText(month: string) {
  const [year, number] = month.split('-').map(Number)
  if (!year || !number) return month
  return new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(year, number - 1, 1))
}

/** The billing page's line; hidden while it loads and when the call fails. */
export function AlertMessagesCard() {
  const answer = useCustom<AlertMessagesDto>({ url: '/api/billing/alert-messages', method: 'get' })
  const usage = answer.query.data?.data
  if (!answer.query.isSuccess || !usage || typeof usage.messages !== 'number') return null
  return (
    <Card size="small">
      <Typography.Text>
        Alerts on WhatsApp this month: {messagesText(usage.messages)}, about {costText(usage.costInr)} (
        {priceText(usage.pricePerMessageInr)} a message). <Typography.Text type="secondary">ReviewRoute pays for these.</Typography.Text>
      </Typography.Text>
    </Card>
  )
}
