/*
 * The WhatsApp chat's words in the customer page's nine languages (see en.ts for what each one is). The server
 * alone uses them, so the languages live in one module.
 */
import { fillParams } from './review_messages/fill_params.js'
import type { ReviewLanguage } from './review_messages/index.js'
import en from './whatsapp_chat/en.js'
import hi from './whatsapp_chat/hi.js'
import bn from './whatsapp_chat/bn.js'
import mr from './whatsapp_chat/mr.js'
import te from './whatsapp_chat/te.js'
import ta from './whatsapp_chat/ta.js'
import gu from './whatsapp_chat/gu.js'
import kn from './whatsapp_chat/kn.js'
import ml from './whatsapp_chat/ml.js'

export type { ChatMessageKey, ChatMessages } from './whatsapp_chat/en.js'
import type { ChatMessageKey, ChatMessages } from './whatsapp_chat/en.js'

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

/** A message template's review state at Meta, as its API and webhooks name it. */
export type WhatsAppTemplateStatus = 'PENDING' | 'APPROVED' | 'REJECTED' | 'PAUSED' | 'DISABLED'
