/* The customer page's `t`, typed by the keys every language has (backend/contract/review_messages/en.ts). */
import { useTranslation } from '@reviewroute/web-shared/i18n-react'
import type { ReviewMessageKey } from '@reviewroute/backend/contract/review_messages/index'

export const useReviewText = () => useTranslation<ReviewMessageKey>()
