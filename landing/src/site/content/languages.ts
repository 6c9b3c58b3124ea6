/*
 * The customer page's languages as the site names them (docs/product-rules.md#compliance-mode): every page that
 * says which languages customers can rate in uses these words. Keyed by the page's language codes, so a language
 * added to the customer page fails the type check here until the site names it too. Only the type is imported:
 * the site does not carry the page's messages.
 */
import type { ReviewLanguage } from '@reviewroute/backend/contract/review_messages/index'

const ENGLISH_NAMES: Record<ReviewLanguage, string> = {
  en: 'English',
  hi: 'Hindi',
  bn: 'Bengali',
  mr: 'Marathi',
  te: 'Telugu',
  ta: 'Tamil',
  gu: 'Gujarati',
  kn: 'Kannada',
  ml: 'Malayalam',
}

/** English, Hindi, Bengali, …, Malayalam: the customer page's order. */
export const CUSTOMER_PAGE_LANGUAGES = Object.values(ENGLISH_NAMES)

/** "English, Hindi, Bengali, Marathi, Telugu, Tamil, Gujarati, Kannada and Malayalam". */
export const LANGUAGE_LIST = `${CUSTOMER_PAGE_LANGUAGES.slice(0, -1).join(', ')} and ${CUSTOMER_PAGE_LANGUAGES.at(-1)}`

/** How many, in words (the site's tests hold it to the list's length). */
export const LANGUAGE_COUNT = 'nine languages'
