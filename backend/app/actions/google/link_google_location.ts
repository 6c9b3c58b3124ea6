import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type GoogleLocation from '#models/google_location'
import QueueGoogleImports from '#actions/google/queue_google_imports'
import { clock } from '#lib/clock'

/**
 * Links the location to the business (moving the business's link from any other location), due for its import, and
 * queues that import; or unlinks it, which the automatic linking by place id then leaves as the owner chose
 * (docs/decisions.md D58).
 */
@inject()
export default class LinkGoogleLocation {
  constructor(private queueImports: QueueGoogleImports) {}

  async handle(location: GoogleLocation, businessId: number | null) {
    await db.transaction(async (trx) => {
      if (businessId !== null) {
        await trx
          .from('google_locations')
          .where('business_id', businessId)
          .whereNot('id', location.id)
          .update({ business_id: null, import_due_at: null })
      }
      location.useTransaction(trx)
      location.businessId = businessId
      location.importDueAt = businessId === null ? null : clock.now()
      location.unlinkedByHand = businessId === null
      await location.save()
    })
    if (businessId !== null) await this.queueImports.handle(location.workspaceId)
    return location
  }
}
