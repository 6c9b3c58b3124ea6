/*
 * Alerts on WhatsApp (docs/decisions.md D69): the signed-in person proves their mobile number with a 6-digit code
 * sent from ReviewRoute's own number, or stops WhatsApp alerts.
 */
import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import WhatsAppAlertNumber from '#actions/users/whatsapp_alert_number'
import { whatsappAlertCodeValidator, whatsappAlertPhoneValidator } from '#validators/notifications'
import type { WhatsAppAlertCodeSentDto, WhatsAppAlertNumberDto } from '#types/api'

export default class WhatsAppAlertsController {
  /** POST /api/profile/whatsapp-alerts {phone}: the code goes to that number's WhatsApp (202). */
  @inject()
  async store({ auth, request, response }: HttpContext, number: WhatsAppAlertNumber) {
    const { phone } = await request.validateUsing(whatsappAlertPhoneValidator)
    const sent: WhatsAppAlertCodeSentDto = await number.sendCode(auth.getUserOrFail(), phone)
    return response.accepted(sent)
  }

  /** POST /api/profile/whatsapp-alerts/verify {code}: the number is the person's from now on. */
  @inject()
  async verify({ auth, request }: HttpContext, number: WhatsAppAlertNumber): Promise<WhatsAppAlertNumberDto> {
    const { code } = await request.validateUsing(whatsappAlertCodeValidator)
    const user = await number.verify(auth.getUserOrFail(), code)
    return { phone: user.whatsappAlertPhone, verifiedAt: user.whatsappAlertVerifiedAt?.toISO() ?? null }
  }

  @inject()
  async destroy({ auth, response }: HttpContext, number: WhatsAppAlertNumber) {
    await number.remove(auth.getUserOrFail())
    return response.noContent()
  }
}
