/*
 * The owner's side of the website widget (docs/decisions.md D49): its settings and snippet, the views it counted,
 * the layout and allowed sites changed, and a Google review pinned to it or hidden from it. Each change forgets the
 * widget's cached answer in this process at once (the others within its five minutes).
 */
import db from '@adonisjs/lucid/services/db'
import type Business from '#models/business'
import type GoogleReview from '#models/google_review'
import WorkspaceActivity from '#models/workspace_activity'
import type Member from '#policies/member'
import { widgetCache } from '#hot_path/widget_cache'
import { widgetViewCounter } from '#hot_path/page_view_counter'
import { isConnected, widgetReviews } from '#actions/widget/widget_data'
import { FieldError } from '#exceptions/app_errors'
import { siteOrigins } from '#lib/site_origin'
import { appUrl } from '#lib/app_url'
import { clock } from '#lib/clock'
import { nowIst } from '#lib/time'
import { WIDGET_HEIGHTS, WIDGET_MAX_REVIEWS, type WidgetLayout } from '#contract/widget'
import type { WidgetSettingsDto } from '#types/api'

/**
 * Stores a change to what the widget shows, if there is one, with its line in the workspace's activity, then forgets
 * the widget's cached answer of that business (`details.businessId`), once committed.
 */
async function saveAndForget(
  row: Business | GoogleReview,
  member: Member,
  action: string,
  details: Record<string, unknown> & { businessId: number }
) {
  if (!row.$isDirty) return
  await db.transaction(async (trx) => {
    row.useTransaction(trx)
    await row.save()
    await WorkspaceActivity.record(member.workspaceId, member.user, action, details, trx)
  })
  widgetCache.forgetBusiness(details.businessId)
}

/**
 * What the owner pastes into their site: the script, and the box it fills, already as tall as the layout reserves,
 * so the page does not move when the async script arrives after the first paint (docs/decisions.md D49).
 */
export const widgetSnippet = (code: string, layout: WidgetLayout) =>
  `<script async src="${appUrl(`/w/${code}.js`)}"></script>` +
  `<div data-reviewroute="${code}" data-layout="${layout}" style="height:${WIDGET_HEIGHTS[layout]}px"></div>`

/** The business's widget answers today and over the last 30 IST days (today included). */
export async function widgetViews(businessId: number) {
  await widgetViewCounter.flush().catch(() => {})
  const today = nowIst().startOf('day')
  const row = await db
    .from('widget_views')
    .where('business_id', businessId)
    .whereBetween('day', [today.minus({ days: 29 }).toISODate()!, today.toISODate()!])
    .select(
      db.raw('COALESCE(SUM(views), 0) AS total'),
      db.raw('COALESCE(SUM(CASE WHEN day = ? THEN views END), 0) AS today', [today.toISODate()!])
    )
    .first()
  return { today: Number(row?.today ?? 0), last30Days: Number(row?.total ?? 0) }
}

/**
 * The layout the snippet and the preview use: the owner's, once the widget has a review to show; until then the
 * badge (all the widget draws without reviews), so the owner's site does not hold a carousel's or a list's height
 * around a small badge (docs/decisions.md D61).
 */
async function snippetLayoutOf(business: Business, connected: boolean): Promise<WidgetLayout> {
  if (business.widgetLayout === 'badge') return 'badge'
  if (!connected) return 'badge'
  const reviews = await widgetReviews(business.id)
  return reviews.length > 0 ? business.widgetLayout : 'badge'
}

export async function widgetSettings(business: Business): Promise<WidgetSettingsDto> {
  const [connected, views] = await Promise.all([isConnected(business), widgetViews(business.id)])
  const snippetLayout = await snippetLayoutOf(business, connected)
  return {
    code: business.shortUrl,
    layout: business.widgetLayout,
    snippetLayout,
    allowedSites: business.widgetAllowedSites ?? [],
    snippet: widgetSnippet(business.shortUrl, snippetLayout),
    connected,
    views,
  }
}

/** PUT /api/businesses/{id}/widget: the sites are checked as origins first (a 422 changes nothing). */
export async function updateWidgetSettings(
  member: Member,
  business: Business,
  input: { layout?: WidgetLayout; allowedSites?: string[] }
): Promise<WidgetSettingsDto> {
  const sites = input.allowedSites === undefined ? undefined : siteOrigins(input.allowedSites)
  if (input.layout !== undefined) business.widgetLayout = input.layout
  if (sites !== undefined) business.widgetAllowedSites = sites.length > 0 ? sites : null
  await saveAndForget(business, member, 'widget.updated', {
    businessId: business.id,
    name: business.name,
    layout: business.widgetLayout,
    sites: business.widgetAllowedSites?.length ?? 0,
  })
  return widgetSettings(business)
}

export const PIN_AND_HIDE = 'A review cannot be pinned and hidden at once: send one of them'
export const PIN_DELETED = 'This review was deleted on Google, so the widget cannot show it'
export const TOO_MANY_PINNED = `At most ${WIDGET_MAX_REVIEWS} reviews can be pinned to the widget: unpin one first`

/** PATCH /api/google-reviews/{id} {pinned?, hidden?}: pinning shows it again; hiding unpins it. */
export async function setReviewOnWidget(member: Member, review: GoogleReview, input: { pinned?: boolean; hidden?: boolean }) {
  if (input.pinned === undefined && input.hidden === undefined) throw new FieldError('pinned', 'Send pinned or hidden (true or false)')
  if (input.pinned === true && input.hidden === true) throw new FieldError('hidden', PIN_AND_HIDE)
  const now = clock.now()
  if (input.pinned === true && review.pinnedAt === null) {
    if (review.deletedAt !== null) throw new FieldError('pinned', PIN_DELETED)
    const pinned = await db
      .from('google_reviews')
      .where('business_id', review.businessId)
      .whereNotNull('pinned_at')
      .whereNull('hidden_at')
      .whereNull('deleted_at')
      .count('* as total')
      .first()
    if (Number(pinned?.total ?? 0) >= WIDGET_MAX_REVIEWS) throw new FieldError('pinned', TOO_MANY_PINNED)
    review.pinnedAt = now
  }
  if (input.pinned === false) review.pinnedAt = null
  if (input.hidden === true) {
    review.hiddenAt ??= now
    review.pinnedAt = null
  }
  if (input.hidden === false) review.hiddenAt = null
  if (input.pinned === true) review.hiddenAt = null
  await saveAndForget(review, member, 'google_review.widget', {
    reviewId: review.id,
    businessId: review.businessId,
    stars: review.stars,
    pinned: review.pinnedAt !== null,
    hidden: review.hiddenAt !== null,
  })
  return review
}
