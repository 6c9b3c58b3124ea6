/*
 * The owner's WhatsApp Business connection (GET /api/whatsapp-account): one cached answer for every screen that
 * offers the channel; connecting or disconnecting writes the new state into it.
 */
import { useCustom, type HttpError } from '@refinedev/core'
import type { WhatsAppAccountDto } from '@reviewroute/backend/types/api'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'

export const WHATSAPP_ACCOUNT_PATH = '/api/whatsapp-account'
const ACCOUNT_KEY = ['whatsapp-account']

export function useWhatsAppAccount() {
  const client = useQueryClient()
  const { query } = useCustom<WhatsAppAccountDto, HttpError>({
    url: WHATSAPP_ACCOUNT_PATH,
    method: 'get',
    queryOptions: { queryKey: ACCOUNT_KEY },
  })
  const setAccount = useCallback(
    (account: WhatsAppAccountDto) => client.setQueryData<{ data: WhatsAppAccountDto }>(ACCOUNT_KEY, { data: account }),
    [client]
  )
  const account = query.data?.data ?? null
  return { account, setAccount, error: query.error, loading: !account && !query.error }
}
