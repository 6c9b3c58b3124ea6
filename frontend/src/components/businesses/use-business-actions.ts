/*
 * What My Businesses changes on a business (docs/product-rules.md#trial, docs/product-rules.md, docs/product-rules.md#errors; docs/decisions.md D3, D5): its short URL, its customer
 * page settings, or its removal, each with the spec's toasts. All three go through Refine's `businesses`
 * resource (PATCH and DELETE /api/businesses/{id}), so its invalidation refreshes every screen that lists it.
 */
import { useDelete, useUpdate, type HttpError } from '@refinedev/core'
import type { BusinessDto, DeleteBusinessResponse, UpdateBusinessRequest } from '@reviewroute/backend/types/api'
import { useMemo } from 'react'
import { errorText } from '#providers/http'
import { useToast } from '#providers/toast'

export type BusinessSettings = Pick<BusinessDto, 'complianceMode' | 'language'>

const RESOURCE = 'businesses'

export function useBusinessActions() {
  const toast = useToast()
  const { mutateAsync: update } = useUpdate<BusinessDto, HttpError, UpdateBusinessRequest>()
  const { mutateAsync: destroy } = useDelete<DeleteBusinessResponse>()

  return useMemo(() => {
    const save = (business: BusinessDto, values: UpdateBusinessRequest) => update({ resource: RESOURCE, id: business.id, values })

    return {
      /** Sends the code as typed (docs/product-rules.md; the server checks it). Resolves true when saved. */
      async updateShortUrl(business: BusinessDto, shortUrl: string) {
        try {
          const { data: updated } = await save(business, { shortUrl })
          toast.success('Short URL Updated!', `Your review link is now ${updated.reviewUrl}`)
          return true
        } catch (error) {
          toast.error('Update Failed', errorText(error, 'Could not update short URL'))
          return false
        }
      },

      /** After the owner has confirmed in RemoveBusinessModal; resolves true when the business is gone. */
      async remove(business: BusinessDto) {
        try {
          await destroy({ resource: RESOURCE, id: business.id })
          toast.success('Business Removed', `${business.name} and its ratings have been deleted.`)
          return true
        } catch (error) {
          toast.error('Remove Failed', errorText(error, 'Could not remove business. Please try again.'))
          return false
        }
      },

      /** Compliance mode and the pinned customer-page language (docs/decisions.md D5, D14). */
      async saveSettings(business: BusinessDto, settings: BusinessSettings) {
        try {
          await save(business, settings)
          toast.success('Settings Saved', `The customer page settings of ${business.name} have been updated.`)
          return true
        } catch (error) {
          toast.error('Save Failed', errorText(error, 'Could not save settings. Please try again.'))
          return false
        }
      },
    }
  }, [update, destroy, toast])
}
