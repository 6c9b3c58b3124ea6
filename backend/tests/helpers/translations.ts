/*
 * Checks every translated text module shares with its English source: the same keys, none empty, and the same
 * `{{placeholders}}` per key with no stray braces (the customer page's texts and the WhatsApp chat's).
 */
import { test } from '@japa/runner'

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
