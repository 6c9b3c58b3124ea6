/*
 * The WhatsApp chat's words in the customer page's nine languages (see en.ts for what each one is). The server
 * alone uses them, so the languages live in one module.
 */
import { fillParams } from '../review_messages/fill_params.js'
import type { ReviewLanguage } from '../review_messages/index.js'
import en from './en.js'
import hi from './hi.js'
import bn from './bn.js'
import mr from './mr.js'
import te from './te.js'
import ta from './ta.js'
import gu from './gu.js'
import kn from './kn.js'
import ml from './ml.js'

export type ChatMessageKey = keyof typeof en
export type ChatMessages = Record<ChatMessageKey, string>

export const CHAT_MESSAGES: Record<ReviewLanguage, ChatMessages> = { en, hi, bn, mr, te, ta, gu, kn, ml }

/**
 * Words that opt a number out when they are the whole message, in every language (compared trimmed and
 * lower-cased): a customer may answer in any of them whatever the request's language was.
 */
export const OPT_OUT_WORDS: readonly string[] = [
  'stop',
  'unsubscribe',
  'बंद',
  'रोकें',
  'বন্ধ',
  'থামুন',
  'थांबवा',
  'ఆపు',
  'ఆపండి',
  'நிறுத்து',
  'நிறுத்தவும்',
  'બંધ',
  'રોકો',
  'ನಿಲ್ಲಿಸಿ',
  'ನಿಲ್ಲಿಸು',
  'നിർത്തുക',
  'നിർത്തൂ',
]

export function chatMessage(language: ReviewLanguage, key: ChatMessageKey, params: Record<string, string | number> = {}) {
  return fillParams(CHAT_MESSAGES[language][key], params)
}
