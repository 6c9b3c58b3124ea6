import type { WidgetData } from '../../landing/src/widget/types'

type Layout = WidgetData['layout']
export const WIDGET_JS: string
export const WIDGET_HEIGHTS: Record<Layout, number>
export const HOSTILE_CSS: string
export function snippet(app: string, code: string, layout?: Layout | null, reserve?: boolean): string
export function hostPage(options: {
  app: string
  widgets?: { code: string; layout?: Layout | null }[]
  hostile?: boolean
  reserve?: boolean
  strictCsp?: boolean
  title?: string
  lang?: string
}): string
export interface Site {
  origin: string
  close(): Promise<void>
}
export function startHostSite(page: (url: URL) => string | null): Promise<Site>
export function startStubApp(options?: { answer?: (code: string, origin: string) => WidgetData | null }): Promise<Site>
export interface LayoutShift {
  value: number
  startTime: number
  sources: string[]
}
export function recordLayoutShifts(): void
export function pageStyles(): string[]
export interface WidgetInside {
  layout: Layout
  lang: string
  label: string | null
  hostDisplay: string
  hostHeight: number
  font: string
  fontFamily: string
  writeBackground: string
  writeColor: string
  writeText: string
  writeHref: string
  writeTarget: string
  countText: string | null
  countHref: string | null
  cards: number
  cardDisplay: string | null
  imgWidth: number | null
  texts: string[]
  injected: number
}
export function widgetInsides(): WidgetInside[]
