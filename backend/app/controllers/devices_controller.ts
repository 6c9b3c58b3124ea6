import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import SignOutDevice from '#actions/auth/sign_out_device'
import SignOutEverywhere from '#actions/auth/sign_out_everywhere'
import { signedInDevices } from '#queries/devices'
import { currentTokenId } from '#auth/current_token'
import type { DeviceDto } from '#types/api'

/** Signed-in devices (docs/decisions.md D29): each access token of the owner, with its browser and last use. */
export default class DevicesController {
  async index(ctx: HttpContext): Promise<DeviceDto[]> {
    return signedInDevices(ctx.auth.getUserOrFail().id, currentTokenId(ctx))
  }

  /** Signs one device out; another owner's device is a 404 like any row that is not yours. */
  @inject()
  async destroy({ auth, params, response }: HttpContext, signOut: SignOutDevice) {
    await signOut.handle(auth.getUserOrFail(), params.id)
    return response.noContent()
  }

  /** Signs every device out, this one included. */
  @inject()
  async destroyAll({ auth, response }: HttpContext, signOutEverywhere: SignOutEverywhere) {
    await signOutEverywhere.handle(auth.getUserOrFail())
    return response.noContent()
  }
}
