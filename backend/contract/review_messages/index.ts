/*
 * The customer page's nine languages (docs/decisions.md D31): one module per language, so the server sends a
 * page only its own language's strings and no language adds bytes to another. English is the source.
 */
import en from './en.js'
import { fillParams } from './fill_params.js'

export const REVIEW_LANGUAGES = ['en', 'hi', 'bn', 'mr', 'te', 'ta', 'gu', 'kn', 'ml'] as const
export type ReviewLanguage = (typeof REVIEW_LANGUAGES)[number]
export type ReviewMessageKey = keyof typeof en
export type ReviewMessages = Record<ReviewMessageKey, string>

export const isReviewLanguage = (value: unknown): value is ReviewLanguage =>
  typeof value === 'string' && (REVIEW_LANGUAGES as readonly string[]).includes(value)

export { en }

/** A message with its `{{name}}` parameters filled in, the same way on the server and in the page's script. */
export function translate(messages: ReviewMessages, key: ReviewMessageKey, params: Record<string, string | number> = {}) {
  return fillParams(messages[key], params)
}
