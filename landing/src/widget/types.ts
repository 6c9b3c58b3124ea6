/*
 * The answer of GET {APP_URL}/api/widget/{code} (docs/decisions.md D49), as the backend declares it: what the website
 * widget shows. `labels` are the widget's own words in the business's language.
 */
export type { WidgetDataDto as WidgetData, WidgetLabels, WidgetReviewDto as WidgetReview } from '@reviewroute/backend/types/api'
export { WIDGET_HEIGHTS, isWidgetLayout, type WidgetLayout } from '@reviewroute/backend/contract/widget'
