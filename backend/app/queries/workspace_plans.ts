/*
 * The plan state of many workspaces at once (the workspace list, an agency's clients): a running paid plan, else
 * a running trial (a personal workspace's, its creator's), else the free plan. Two queries whatever the count.
 */
import db from '@adonisjs/lucid/services/db'
import Subscription from '#models/subscription'
import type Workspace from '#models/workspace'
import { clock } from '#lib/clock'

export interface WorkspacePlan {
  status: 'active' | 'trial' | 'free'
  planName: string | null
  currentPeriodEnd: string | null
}

export async function workspacePlans(workspaces: Workspace[]): Promise<Map<number, WorkspacePlan>> {
  const plans = new Map<number, WorkspacePlan>()
  if (workspaces.length === 0) return plans
  const now = clock.now()
  const running = await Subscription.query()
    .whereIn(
      'workspace_id',
      workspaces.map((workspace) => workspace.id)
    )
    .withScopes((scopes) => scopes.running(now))
    .preload('plan')
    .orderBy('current_period_end', 'asc')
  // The latest end wins (ordered ascending, later rows overwrite).
  for (const subscription of running) {
    plans.set(subscription.workspaceId, {
      status: 'active',
      planName: subscription.plan.name,
      currentPeriodEnd: subscription.currentPeriodEnd.toISO(),
    })
  }
  const creators = workspaces.filter((workspace) => workspace.kind === 'personal' && workspace.createdByUserId !== null)
  const trials = creators.length
    ? await db
        .from('users')
        .whereIn(
          'id',
          creators.map((workspace) => workspace.createdByUserId!)
        )
        .where('trial_ends_at', '>', now.toJSDate())
        .select('id')
    : []
  const onTrial = new Set(trials.map((row) => Number(row.id)))
  for (const workspace of workspaces) {
    if (plans.has(workspace.id)) continue
    const trial = workspace.kind === 'personal' && workspace.createdByUserId !== null && onTrial.has(workspace.createdByUserId)
    plans.set(workspace.id, { status: trial ? 'trial' : 'free', planName: null, currentPeriodEnd: null })
  }
  return plans
}
