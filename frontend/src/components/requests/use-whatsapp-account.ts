/* The owner's WhatsApp Business connection (GET /api/whatsapp-account), loaded once per screen. */
import type { WhatsAppAccountDto } from '@reviewroute/backend/types/api'
import { useEffect, useState } from 'react'
import { getWhatsAppAccount } from '#lib/requests'

export function useWhatsAppAccount() {
  const [account, setAccount] = useState<WhatsAppAccountDto | null>(null)
  const [error, setError] = useState<unknown>(null)
  useEffect(() => {
    let live = true
    getWhatsAppAccount().then(
      (answer) => live && setAccount(answer),
      (failure: unknown) => live && setError(failure)
    )
    return () => {
      live = false
    }
  }, [])
  return { account, setAccount, error, loading: !account && !error }
}
