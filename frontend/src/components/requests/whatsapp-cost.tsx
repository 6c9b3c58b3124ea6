/*
 * What a send by WhatsApp Business will cost before it goes: the messages and Meta's charge for them at the server's
 * rate (request-channels' `pricePerMessageInr`). Shown only when WhatsApp Business is the chosen channel.
 */
import type { RequestChannelName, RequestChannelsDto } from '@reviewroute/backend/types/api'
import { Typography } from 'antd'
import { whatsAppCostLine } from '#lib/whatsapp-business'

interface Props {
  channel: RequestChannelName
  channels: RequestChannelsDto | undefined
  /** The messages the send will make: one per customer still to ask. */
  messages: number
}

export function WhatsAppCost({ channel, channels, messages }: Props) {
  const price = channels?.whatsapp?.pricePerMessageInr
  if (channel !== 'whatsapp' || typeof price !== 'number' || messages < 1) return null
  return (
    <Typography.Text type="secondary" className="whatsapp-cost" role="note">
      {whatsAppCostLine(messages, price)}
    </Typography.Text>
  )
}
