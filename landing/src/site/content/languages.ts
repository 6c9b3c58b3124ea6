/*
 * The customer page's languages as the site names them (docs/product-rules.md#compliance-mode): every page that
 * says which languages customers can rate in uses these words. The names are the contract's (keyed by the page's
 * language codes, so a language added to the customer page fails the type check until it is named); the site does
 * not carry the page's messages.
 */
import { LANGUAGE_ENGLISH_NAMES } from '@reviewroute/backend/contract/message_language'

/** English, Hindi, Bengali, …, Malayalam: the customer page's order. */
export const CUSTOMER_PAGE_LANGUAGES = Object.values(LANGUAGE_ENGLISH_NAMES)

/** "English, Hindi, Bengali, Marathi, Telugu, Tamil, Gujarati, Kannada and Malayalam". */
export const LANGUAGE_LIST = `${CUSTOMER_PAGE_LANGUAGES.slice(0, -1).join(', ')} and ${CUSTOMER_PAGE_LANGUAGES.at(-1)}`

/** How many, in words (the site's tests hold it to the list's length). */
export const LANGUAGE_COUNT = 'nine languages'
