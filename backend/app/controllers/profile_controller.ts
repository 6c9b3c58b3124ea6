import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import UpdateProfile from '#actions/users/update_profile'
import RequestUserSync from '#actions/users/request_user_sync'
import { updatePhoneValidator, updateProfileValidator } from '#validators/auth'
import { serializeUser } from '#serializers/users'
import type { SyncUserResponse, UpdatePhoneResponse, UserDto } from '#types/api'

export default class ProfileController {
  async show({ auth }: HttpContext): Promise<UserDto> {
    return serializeUser(auth.getUserOrFail())
  }

  @inject()
  async update({ auth, request }: HttpContext, updateProfile: UpdateProfile): Promise<UserDto> {
    const input = await request.validateUsing(updateProfileValidator)
    const user = await updateProfile.handle(auth.getUserOrFail(), input)
    return serializeUser(user)
  }

  @inject()
  async updatePhone({ auth, request }: HttpContext, updateProfile: UpdateProfile): Promise<UpdatePhoneResponse> {
    const { phone } = await request.validateUsing(updatePhoneValidator)
    const user = await updateProfile.handle(auth.getUserOrFail(), { phone: UpdateProfile.phone(phone) })
    return { success: true, phone: user.phone }
  }

  @inject()
  async sync({ auth }: HttpContext, requestSync: RequestUserSync): Promise<SyncUserResponse> {
    const user = await requestSync.handle(auth.getUserOrFail())
    const { id, email, firstName, lastName } = serializeUser(user)
    return { id, email, firstName, lastName }
  }
}
