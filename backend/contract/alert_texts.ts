/*
 * The owner's alerts in the nine languages of the customer page (see alert_texts/en.ts for what each text is): a
 * member chooses the language on Profile, and the WhatsApp templates, push notifications and chat answers follow.
 */
import { fillParams } from './review_messages/fill_params.js'
import type { ReviewLanguage } from './review_messages/index.js'
import en from './alert_texts/en.js'
import hi from './alert_texts/hi.js'
import bn from './alert_texts/bn.js'
import mr from './alert_texts/mr.js'
import te from './alert_texts/te.js'
import ta from './alert_texts/ta.js'
import gu from './alert_texts/gu.js'
import kn from './alert_texts/kn.js'
import ml from './alert_texts/ml.js'
import type { AlertTextKey, AlertTexts } from './alert_texts/en.js'

export type { AlertTextKey, AlertTexts }

export const ALERT_TEXTS: Record<ReviewLanguage, AlertTexts> = { en, hi, bn, mr, te, ta, gu, kn, ml }

/** The text in `language` with its `{{name}}` parameters filled in. */
export const alertText = (language: ReviewLanguage, key: AlertTextKey, params: Record<string, string | number> = {}) =>
  fillParams(ALERT_TEXTS[language][key], params)
