import vine from '@vinejs/vine'
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from '#contract/plain_text'

/**
 * Text without control or text-direction characters (#contract/plain_text); `lines`: line breaks and tabs allowed.
 * Applied after `trim()`, so the sentence is about what would be stored.
 */
export const plainText = vine.createRule((value, options: { lines?: boolean } | undefined, field) => {
  if (typeof value === 'string' && hasControlCharacters(value, options ?? {})) field.report(CONTROL_CHARACTERS_MESSAGE, 'plainText', field)
})
