/*
 * The website widget (docs/decisions.md D49), shared by the API, the widget script and the dashboard: its layouts,
 * how many reviews it shows, and the limits on the sites allowed to show it.
 */
export const WIDGET_LAYOUTS = ['badge', 'carousel', 'list'] as const
export type WidgetLayout = (typeof WIDGET_LAYOUTS)[number]
export const DEFAULT_WIDGET_LAYOUT: WidgetLayout = 'carousel'

export const isWidgetLayout = (value: unknown): value is WidgetLayout =>
  typeof value === 'string' && (WIDGET_LAYOUTS as readonly string[]).includes(value)

/** Reviews the widget shows: pinned ones first (never dropped), then the newest 4-5 star ones with text. */
export const WIDGET_REVIEWS = 6
/** At most this many in all, pinned ones included. */
export const WIDGET_MAX_REVIEWS = 12
/** The lowest star rating shown unless pinned. */
export const WIDGET_MIN_STARS = 4

/** Sites allowed to show the widget, each an http(s) origin. */
export const WIDGET_MAX_SITES = 20

/**
 * The height each layout reserves, in CSS pixels: the script fixes its box to it before fetching, and the snippet
 * writes it on the div, so the box has its height even before the async script arrives (no layout shift on a slow
 * network).
 */
export const WIDGET_HEIGHTS: Record<WidgetLayout, number> = { badge: 64, carousel: 264, list: 480 }

/** The answer's (and the widget's) cache lifetime: five minutes. */
export const WIDGET_CACHE_SECONDS = 300
