/*
 * An agency's brand as its Brand page edits it (docs/screens.md#brand-settings): the rules the server holds a logo
 * and a colour to, checked on the device first so the owner hears at once what is wrong with a file, and the logo
 * read as the data URL the API takes.
 */
export const LOGO_MAX_BYTES = 100 * 1024
export const LOGO_TYPES = ['image/png', 'image/svg+xml'] as const
export const BRAND_NAME_MAX = 80

export const LOGO_TYPE_ERROR = 'The logo must be a PNG or SVG image.'
export const logoSizeError = (bytes: number) =>
  `The logo must be 100 KB or smaller; this file is ${Math.ceil(bytes / 1024).toLocaleString('en-IN')} KB.`

/** The file's type, from its name when the browser gives none (some systems leave SVG's empty). */
function typeOf(file: Pick<File, 'type' | 'name'>) {
  if (file.type) return file.type.toLowerCase()
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase()
  return extension === 'png' ? 'image/png' : extension === 'svg' ? 'image/svg+xml' : ''
}

/** Why `file` cannot be the logo, or null when it can. */
export function logoProblem(file: Pick<File, 'type' | 'name' | 'size'>) {
  if (!(LOGO_TYPES as readonly string[]).includes(typeOf(file))) return LOGO_TYPE_ERROR
  if (file.size > LOGO_MAX_BYTES) return logoSizeError(file.size)
  return null
}

/** `#rrggbb`, as the API stores it. */
export const isBrandColor = (value: string) => /^#[0-9a-f]{6}$/i.test(value)

/** `#abc` and `abc` become `#aabbcc`; anything else stays as typed (and fails isBrandColor). */
export function normaliseColor(value: string) {
  const hex = value.trim().replace(/^#/, '')
  const long = /^[0-9a-f]{3}$/i.test(hex) ? [...hex].map((digit) => digit + digit).join('') : hex
  return `#${long.toLowerCase()}`
}

/** The logo file as a `data:` URL naming its type (a PNG or an SVG, also when the browser gave the file none). */
export function logoDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^;,]*/, `data:${typeOf(file)}`))
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'))
    reader.readAsDataURL(file)
  })
}
