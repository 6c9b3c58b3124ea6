import type { WidgetData, WidgetLabels } from '../../landing/src/widget/types'

export const LABELS: Record<'en' | 'hi' | 'ta', WidgetLabels>
export const HOSTILE_TEXT: string
export function widgetAnswer(options?: {
  code?: string
  language?: 'en' | 'hi' | 'ta'
  origin?: string
  layout?: WidgetData['layout']
  connected?: boolean
}): WidgetData
