import db from '@adonisjs/lucid/services/db'
import type MemberAlert from '#models/member_alert'
import type { MemberAlertDto } from '#types/api'

const CHANNEL_ORDER = ['push', 'whatsapp', 'email'] as const

/** The alerts as Profile lists them, each with its business's name (read once for all). */
export async function serializeMemberAlerts(alerts: MemberAlert[]): Promise<MemberAlertDto[]> {
  const businessIds = [...new Set(alerts.flatMap((alert) => alert.businessId ?? []))]
  const rows = businessIds.length ? await db.from('businesses').whereIn('id', businessIds).select('id', 'name') : []
  const names = new Map<number, string>(rows.map((row) => [Number(row.id), String(row.name)]))
  return alerts.map((alert) => ({
    id: Number(alert.id),
    kind: alert.kind,
    createdAt: alert.createdAt.toISO()!,
    title: alert.title,
    businessName: alert.businessId ? (names.get(alert.businessId) ?? null) : null,
    url: alert.url,
    channels: [...alert.deliveries]
      .sort((a, b) => CHANNEL_ORDER.indexOf(a.channel) - CHANNEL_ORDER.indexOf(b.channel))
      .map((delivery) => ({ channel: delivery.channel, status: delivery.status, at: delivery.at.toISO()! })),
    action: alert.action,
  }))
}
