/*
 * A member's alerts (docs/decisions.md D70): the last 20 on Profile, with each channel's outcome and what a tap did;
 * the opened push (its click sends the notification's signed token), which keeps the WhatsApp fallback unsent; and
 * what WhatsApp alerts cost, on Billing for the workspace and on the console for all.
 */
import type { HttpContext } from '@adonisjs/core/http'
import env from '#start/env'
import MemberAlert from '#models/member_alert'
import WorkspacePolicy from '#policies/workspace_policy'
import MarkAlertOpened from '#actions/alerts/mark_alert_opened'
import { alertOpenedValidator } from '#validators/notifications'
import { serializeMemberAlerts } from '#serializers/member_alerts'
import { allAlertMessages, workspaceAlertMessages } from '#queries/alert_messages'
import type { AdminAlertMessagesDto, AlertMessagesDto, MemberAlertDto } from '#types/api'

export const ALERTS_LISTED = 20

export default class MemberAlertsController {
  async index({ auth }: HttpContext): Promise<MemberAlertDto[]> {
    const alerts = await MemberAlert.query()
      .where('user_id', auth.getUserOrFail().id)
      .orderBy('id', 'desc')
      .limit(ALERTS_LISTED)
      .preload('deliveries')
    return serializeMemberAlerts(alerts)
  }

  async opened({ request, response }: HttpContext) {
    const { token } = await request.validateUsing(alertOpenedValidator)
    await new MarkAlertOpened().handle(token)
    return response.noContent()
  }

  async billing({ tenant, bouncer }: HttpContext): Promise<AlertMessagesDto> {
    await bouncer.with(WorkspacePolicy).authorize('viewPlan')
    return workspaceAlertMessages(tenant.member.workspaceId, env.get('WHATSAPP_PRICE_INR'))
  }

  async all(): Promise<AdminAlertMessagesDto> {
    return allAlertMessages(env.get('WHATSAPP_PRICE_INR'))
  }
}
