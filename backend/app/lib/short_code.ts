import { randomInt } from 'node:crypto'
import { RESERVED_SHORT_URLS, SHORT_URL_ALPHABET, SHORT_URL_GENERATED_LENGTH } from '#lib/constants'

/** A random review code without look-alike characters (docs/decisions.md D3). Uniqueness is the database's job. */
export function generateShortCode(length = SHORT_URL_GENERATED_LENGTH): string {
  let code = ''
  for (let i = 0; i < length; i++) code += SHORT_URL_ALPHABET[randomInt(SHORT_URL_ALPHABET.length)]
  return code
}

export const isReservedShortCode = (code: string) => RESERVED_SHORT_URLS.has(code)
