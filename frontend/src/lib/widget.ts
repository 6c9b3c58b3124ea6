/*
 * The website widget (docs/decisions.md D49, docs/screens.md#website-widget): what GET /api/businesses/{id}/widget
 * answers, the three layouts an owner picks from and the height each takes in the preview, and how a 422 about the
 * allowed sites is shown.
 */
import type { WidgetLayout } from '@reviewroute/backend/contract/widget'
import type { WidgetSettingsDto } from '@reviewroute/backend/types/api'

export type { WidgetLayout }
export { WIDGET_MAX_SITES as MAX_ALLOWED_SITES } from '@reviewroute/backend/contract/widget'

/** `GET /api/businesses/{id}/widget`; `PUT` takes `{layout?, allowedSites?}` and answers the same. */
export type WidgetSettings = WidgetSettingsDto

export const WIDGET_LAYOUTS: { value: WidgetLayout; label: string; hint: string }[] = [
  { value: 'badge', label: 'Badge', hint: 'Stars, rating and count' },
  { value: 'carousel', label: 'Carousel', hint: 'One review at a time' },
  { value: 'list', label: 'List', hint: 'Reviews one under another' },
]

/**
 * The preview's height: the height the widget reserves for each layout (HEIGHTS in landing/src/widget/styles.ts: 64,
 * 264, 480) and a little room for its focus ring.
 */
export const PREVIEW_HEIGHT: Record<WidgetLayout, number> = { badge: 72, carousel: 272, list: 488 }

/** The page that is just the widget, for the preview's iframe. */
export const widgetPreviewUrl = (code: string, layout: WidgetLayout) => `/w/${encodeURIComponent(code)}?layout=${layout}&preview=1`

export const widgetPath = (businessId: number) => `/business/${businessId}/widget`

/** '1 view', '1,204 views' */
export const viewsText = (count: number) => `${count.toLocaleString('en-IN')} ${count === 1 ? 'view' : 'views'}`

/**
 * The server's message for the sites a 422 refused, under the site it is about: one numbered by its place in the
 * list sent (`allowedSites.2`), or the list's own message when it quotes one of the sites sent (the server names the
 * site it refused); else above the list.
 */
export function siteErrors(fields: Record<string, string>, sent: string[]) {
  const bySite = new Map<number, string>()
  let whole: string | null = null
  for (const [field, message] of Object.entries(fields)) {
    const match = /^allowedSites(?:\.(\d+)|\[(\d+)\])?$/.exec(field)
    if (!match) continue
    const index = match[1] ?? match[2]
    if (index === undefined) whole ??= message
    else if (!bySite.has(Number(index))) bySite.set(Number(index), message)
  }
  if (whole !== null && bySite.size === 0) {
    const quoted = sent.findIndex((site) => site !== '' && whole!.includes(`"${site.slice(0, 80)}"`))
    if (quoted >= 0) {
      bySite.set(quoted, whole)
      whole = null
    }
  }
  return { whole, bySite }
}
