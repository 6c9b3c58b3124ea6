/*
 * What WhatsApp Business cost this month (GET /api/review-requests/usage): the template messages a business sent and
 * their cost in rupees, as Meta charges them (its rate per message is the server's setting).
 */
import { useCustom, type HttpError } from '@refinedev/core'
import type { WhatsAppUsageDto } from '@reviewroute/backend/types/api'
import { rupees } from '#lib/whatsapp-business'

/** '12 messages this month, ₹1.38 (₹0.115 a message)' for `businessId`; null until known. */
export function useWhatsAppUsageLine(businessId: number, enabled = true) {
  const { query } = useCustom<WhatsAppUsageDto, HttpError>({
    url: '/api/review-requests/usage',
    method: 'get',
    queryOptions: { enabled },
  })
  const usage = query.data?.data
  if (!usage) return null
  const row = usage.businesses.find((candidate) => candidate.businessId === businessId)
  const messages = row?.messages ?? 0
  return `${messages} ${messages === 1 ? 'message' : 'messages'} this month, ${rupees(row?.costInr ?? 0)} (${rupees(usage.pricePerMessageInr)} a message)`
}
