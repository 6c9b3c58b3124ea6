/*
 * What My Businesses changes on a business (spec 4, 5 and 8; DECISIONS 3 and 5): its short URL, its customer
 * page settings, or its removal, each with the spec's toasts; the businesses list is re-read afterwards.
 */
import { useInvalidate } from '@refinedev/core'
import type { BusinessDto } from '@reviewroute/backend/types/api'
import { reviewLink } from '@reviewroute/web-shared/format'
import { useMemo } from 'react'
import { errorText, request } from '../../providers/http'
import { useToast } from '../../providers/toast'

export type BusinessSettings = Pick<BusinessDto, 'complianceMode' | 'language'>

/** Spec 5: the browser confirmation before a business is removed. */
export const removeConfirmText = (name: string) =>
  `Are you sure you want to remove "${name}" from your dashboard? This action cannot be undone.`

export function useBusinessActions() {
  const toast = useToast()
  const invalidate = useInvalidate()

  return useMemo(() => {
    const refresh = () => invalidate({ resource: 'businesses', invalidates: ['all'] })

    return {
      /** Sends the code as typed (spec 5; the server checks it). Resolves true when saved. */
      async updateShortUrl(business: BusinessDto, shortUrl: string) {
        try {
          const { business: updated } = await request<{ business: BusinessDto }>(
            `/api/business/${business.id}/update-short-url`,
            { method: 'PATCH', body: { shortUrl } }
          )
          toast.success('Short URL Updated!', `Your review link is now ${reviewLink(updated.shortUrl)}`)
          await refresh()
          return true
        } catch (error) {
          toast.error('Update Failed', errorText(error, 'Could not update short URL'))
          return false
        }
      },

      /** Asks first (spec 5); resolves true when the business is gone. */
      async remove(business: BusinessDto) {
        if (!window.confirm(removeConfirmText(business.name))) return false
        try {
          await request(`/api/business/${business.id}`, { method: 'DELETE' })
          toast.success('Business Removed', `${business.name} has been removed from your dashboard.`)
          await refresh()
          return true
        } catch (error) {
          toast.error('Remove Failed', errorText(error, 'Could not remove business. Please try again.'))
          return false
        }
      },

      /** Compliance mode and the pinned customer-page language (DECISIONS 5 and 11). */
      async saveSettings(business: BusinessDto, settings: BusinessSettings) {
        try {
          await request<BusinessDto>(`/api/businesses/${business.id}`, { method: 'PATCH', body: settings })
          toast.success('Settings Saved', `The customer page settings of ${business.name} have been updated.`)
          await refresh()
          return true
        } catch (error) {
          toast.error('Save Failed', errorText(error, 'Could not save settings. Please try again.'))
          return false
        }
      },
    }
  }, [invalidate, toast])
}
