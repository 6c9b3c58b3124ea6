import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import UpdateNotificationSettings from '#actions/users/update_notification_settings'
import { updateNotificationSettingsValidator } from '#validators/notifications'
import { serializeNotificationSettings } from '#serializers/users'
import type { NotificationSettingsDto } from '#types/api'

export default class NotificationSettingsController {
  async show({ auth }: HttpContext): Promise<NotificationSettingsDto> {
    return serializeNotificationSettings(auth.getUserOrFail())
  }

  @inject()
  async update({ auth, request }: HttpContext, updateSettings: UpdateNotificationSettings): Promise<NotificationSettingsDto> {
    const input = await request.validateUsing(updateNotificationSettingsValidator)
    return serializeNotificationSettings(await updateSettings.handle(auth.getUserOrFail(), input))
  }
}
