import { Readable } from 'node:stream'
import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import ExportAccount from '#actions/account/export_account'
import DeleteAccount from '#actions/account/delete_account'
import { deleteAccountValidator } from '#validators/auth'
import { clock } from '#lib/clock'
import { BUSINESS_TIME_ZONE } from '#lib/constants'

/** The owner's data rights (docs/decisions.md D29): a copy of everything, and deleting the account. */
export default class AccountController {
  /** GET /api/account/export: one JSON file, streamed (an owner may have millions of ratings). */
  @inject()
  async export({ auth, response }: HttpContext, exportAccount: ExportAccount) {
    // The owner's calendar day (India's), as every other download is named.
    const day = clock.now().setZone(BUSINESS_TIME_ZONE).toISODate()
    response.header('Content-Type', 'application/json; charset=utf-8')
    response.header('Content-Disposition', `attachment; filename="reviewroute-export-${day}.json"`)
    response.header('Cache-Control', 'no-store')
    response.stream(Readable.from(exportAccount.chunks(auth.getUserOrFail())))
  }

  /** DELETE /api/account {password}: 204; every token of the account stops working with it. */
  @inject()
  async destroy({ auth, request, response }: HttpContext, deleteAccount: DeleteAccount) {
    const { password } = await request.validateUsing(deleteAccountValidator)
    await deleteAccount.handle(auth.getUserOrFail(), password)
    return response.noContent()
  }
}
