/*
 * The customer page's `t`, typed by the keys every language has (backend/contract/review_messages/en.ts), and its
 * language, always one of the nine: the server draws the page in one of them.
 */
import { useTranslation } from '@reviewroute/web-shared/i18n-react'
import type { ReviewLanguage, ReviewMessageKey } from '@reviewroute/backend/contract/review_messages/index'

type ReviewText = ReturnType<typeof useTranslation<ReviewMessageKey>> & { language: ReviewLanguage }

export const useReviewText = () => useTranslation<ReviewMessageKey>() as ReviewText
