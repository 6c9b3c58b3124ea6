import type WorkspaceActivity from '#models/workspace_activity'
import { ROLE_LABELS, type WorkspaceRole } from '#contract/workspace_roles'
import type { WorkspaceActivityDto } from '#types/api'

type Details = Record<string, any>

const role = (value: unknown) => ROLE_LABELS[value as WorkspaceRole]?.toLowerCase() ?? String(value)

/**
 * "changed Meera Iyer's role from viewer to manager" (docs/decisions.md D56); lines written before the member's name
 * was kept read "a member's".
 */
function memberChanged(d: Details) {
  const who = d.name ? `${d.name}'s` : "a member's"
  const from = d.before?.role
  const to = d.after?.role
  const scope = d.after?.businessIds ? ' for some businesses' : ''
  if (from && to && from !== to) return `changed ${who} role from ${role(from)} to ${role(to)}${scope}`
  if (from && to && from === to) {
    const name = d.name ?? 'a member'
    return d.after?.businessIds ? `limited ${name} (${role(to)}) to some businesses` : `gave ${name} (${role(to)}) all businesses`
  }
  return `changed ${who} role to ${role(to)}${scope}`
}

/** One sentence per kind of event; an unknown kind is shown by its name. */
const SUMMARIES: Record<string, (details: Details) => string> = {
  'workspace.created': (d) => `created the workspace ${d.name}`,
  'workspace.renamed': (d) => `renamed the workspace from ${d.before} to ${d.after}`,
  'member.invited': (d) => `invited ${d.email} as ${role(d.role)}`,
  'invitation.revoked': (d) => `withdrew the invitation to ${d.email}${d.reason === 'agency.ended' ? ', sent by the agency' : ''}`,
  'member.joined': (d) => `joined as ${role(d.role)}`,
  'member.changed': (d) => memberChanged(d),
  'member.removed': (d) =>
    d.name
      ? `removed ${d.name}${d.role ? ` (${role(d.role)})` : ''}${d.reason === 'agency.ended' ? ', who came through the agency' : ''}`
      : 'removed a member',
  'member.left': () => 'left the workspace',
  'client.created': (d) => `created the client workspace ${d.name}`,
  'client.left': (d) => `${d.name} ended the agency's management`,
  'agency.ended': () => "ended the agency's management",
  'brand.updated': (d) => `updated the brand (${d.name})`,
  'business.added': (d) => `added the business ${d.name}`,
  'business.removed': (d) => `removed the business ${d.name}`,
  'plan.bought': (d) => `bought the ${d.planName} plan`,
  'plan.cancelled': () => 'cancelled the plan',
  'google_review.replied': (d) => `replied to a${d.stars ? ` ${d.stars}-star` : ''} Google review`,
  'google_review.reply_edited': (d) => `changed the reply to a${d.stars ? ` ${d.stars}-star` : ''} Google review`,
  'google_review.reply_deleted': (d) => `deleted the reply to a${d.stars ? ` ${d.stars}-star` : ''} Google review`,
  'google_review.widget': (d) =>
    `${d.pinned ? 'pinned' : d.hidden ? 'hid' : 'unpinned'} a${d.stars ? ` ${d.stars}-star` : ''} Google review ${d.hidden ? 'from' : 'on'} the website widget`,
  'widget.updated': (d) => `changed the website widget of ${d.name}`,
}

export function serializeActivity(row: WorkspaceActivity & { $extras: { actor_name?: string | null } }): WorkspaceActivityDto {
  const summary = SUMMARIES[row.action]?.(row.details) ?? row.action
  const name = row.$extras.actor_name?.trim() || row.actorEmail || 'Someone'
  return {
    id: row.id,
    action: row.action,
    actor: row.userId === null && row.actorEmail === null ? null : { userId: row.userId, name, email: row.actorEmail },
    summary,
    createdAt: row.createdAt.toISO()!,
  }
}
