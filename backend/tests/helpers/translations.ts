/*
 * Checks every translated text module shares with its English source: the same keys, none empty, and the same
 * `{{placeholders}}` per key with no stray braces (the customer page's texts and the WhatsApp chat's).
 */
import { test } from '@japa/runner'
import type { ReviewLanguage } from '#contract/review_messages/index'

/** Each language's script as a Unicode block (Latin for English). */
export const SCRIPT: Record<ReviewLanguage, RegExp> = {
  en: /[A-Za-z]/u,
  hi: /[\u0900-\u097F]/u,
  mr: /[\u0900-\u097F]/u,
  bn: /[\u0980-\u09FF]/u,
  gu: /[\u0A80-\u0AFF]/u,
  ta: /[\u0B80-\u0BFF]/u,
  te: /[\u0C00-\u0C7F]/u,
  kn: /[\u0C80-\u0CFF]/u,
  ml: /[\u0D00-\u0D7F]/u,
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([^{}]*?)\s*\}\}/g)].map((match) => match[0]).sort()

/** Registers, in the current group, the two checks of `messages` (in `lang`) against `en`. */
export function sameShapeAsEnglish(lang: string, messages: Record<string, string>, en: Record<string, string>) {
  const enKeys = Object.keys(en).sort()

  test(`${lang}: the same keys as en, none empty`, ({ assert }) => {
    assert.deepEqual(Object.keys(messages).sort(), enKeys)
    for (const [key, value] of Object.entries(messages)) {
      assert.isString(value, key)
      assert.isAbove(value.trim().length, 0, `${lang}.${key} is empty`)
    }
  })

  test(`${lang}: the same {{placeholders}} per key as en, no stray braces`, ({ assert }) => {
    for (const key of enKeys) {
      assert.deepEqual(placeholders(messages[key]), placeholders(en[key]), `${lang}.${key}`)
      assert.notMatch(messages[key].replace(/\{\{[^{}]*\}\}/g, ''), /[{}]/, `${lang}.${key} has a stray brace`)
    }
  })
}
