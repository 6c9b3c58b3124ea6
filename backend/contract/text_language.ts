/*
 * The language a customer's own words are written in, guessed from their script: what a reply to a review, a reply
 * draft and the call-back message to a complaint are written in (docs/decisions.md D46, D65). One definition for the
 * server and the dashboard.
 */
import type { ReviewLanguage } from './review_messages/index.js'

/** Each script's Unicode block. Devanagari reads as Hindi (Marathi shares it). */
const SCRIPTS: [RegExp, ReviewLanguage][] = [
  [/[\u0980-\u09FF]/, 'bn'],
  [/[\u0A80-\u0AFF]/, 'gu'],
  [/[\u0B80-\u0BFF]/, 'ta'],
  [/[\u0C00-\u0C7F]/, 'te'],
  [/[\u0C80-\u0CFF]/, 'kn'],
  [/[\u0D00-\u0D7F]/, 'ml'],
  [/[\u0900-\u097F]/, 'hi'],
]

/** The language a text is written in by its letters: an Indian script's, English for Latin letters, null with none. */
export function scriptLanguage(text: string | null | undefined): ReviewLanguage | null {
  if (!text) return null
  for (const [script, language] of SCRIPTS) if (script.test(text)) return language
  return /[A-Za-z]/.test(text) ? 'en' : null
}

/** The language a review seems written in, from its script: Devanagari reads as Hindi (Marathi shares it), Latin as English. */
export function reviewLanguage(text: string | null): ReviewLanguage {
  return scriptLanguage(text) ?? 'en'
}
