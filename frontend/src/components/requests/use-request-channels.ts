/*
 * Which channels the selected business can send review requests on (GET /api/businesses/{id}/request-channels):
 * the server decides, and says what each missing one needs (docs/product-rules.md#customers-and-channels). One
 * cached answer per business; connecting or disconnecting WhatsApp Business asks again.
 */
import { useCustom, type HttpError } from '@refinedev/core'
import type { RequestChannelName, RequestChannelsDto } from '@reviewroute/backend/types/api'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'

const CHANNELS_KEY = 'request-channels'

export const requestChannelsPath = (businessId: number) => `/api/businesses/${businessId}/request-channels`

/** `channels` is undefined while loading; `usable(channel)` is false until the server said yes. */
export function useRequestChannels(businessId: number) {
  const { query } = useCustom<RequestChannelsDto, HttpError>({
    url: requestChannelsPath(businessId),
    method: 'get',
    queryOptions: { queryKey: [CHANNELS_KEY, businessId] },
  })
  const channels = query.data?.data
  const usable = useCallback((channel: RequestChannelName) => channels?.[channel]?.available === true, [channels])
  return { channels, usable, error: query.error }
}

/** Asks every business's channels again (a WhatsApp Business number was connected or disconnected). */
export function useRefreshRequestChannels() {
  const client = useQueryClient()
  return useCallback(() => client.invalidateQueries({ queryKey: [CHANNELS_KEY] }), [client])
}
