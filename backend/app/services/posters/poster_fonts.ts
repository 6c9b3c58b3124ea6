/*
 * The poster PDF's fonts (docs/product-rules.md#qr-posters): Noto Sans for Latin text and Noto Sans for each Indian
 * script of the nine customer-page languages, every one a TTF from its npm package, so the PDF looks the same on
 * every machine and depends on no system font. A line is cut into runs by script and each run is set in its
 * script's font: fontkit (pdfkit's shaper) then shapes the conjuncts, reordered vowel signs and marks of the run.
 */
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import * as fontkit from 'fontkit'

export type Script = 'latin' | 'devanagari' | 'bengali' | 'gujarati' | 'tamil' | 'telugu' | 'kannada' | 'malayalam'
export type Weight = 'regular' | 'semibold' | 'bold'

const INDIC_SCRIPTS: { script: Exclude<Script, 'latin'>; from: number; to: number }[] = [
  { script: 'devanagari', from: 0x0900, to: 0x097f },
  { script: 'bengali', from: 0x0980, to: 0x09ff },
  { script: 'gujarati', from: 0x0a80, to: 0x0aff },
  { script: 'tamil', from: 0x0b80, to: 0x0bff },
  { script: 'telugu', from: 0x0c00, to: 0x0c7f },
  { script: 'kannada', from: 0x0c80, to: 0x0cff },
  { script: 'malayalam', from: 0x0d00, to: 0x0d7f },
  // Vedic signs and Devanagari Extended.
  { script: 'devanagari', from: 0x1cd0, to: 0x1cff },
  { script: 'devanagari', from: 0xa8e0, to: 0xa8ff },
]

/**
 * Characters that belong to no script of their own: spaces, punctuation, digits, the zero-width (non-)joiners and
 * the dandas every Indian script shares. They stay in the run they are in, so a ZWJ reaches the shaper with its
 * conjunct and "5," is not cut from its word.
 */
const NEUTRAL = /[\s\p{P}\p{N}\u200c\u200d\u0964\u0965\u25cc]/u

const scriptOf = (character: string): Script | null => {
  if (NEUTRAL.test(character)) return null
  const code = character.codePointAt(0)!
  return INDIC_SCRIPTS.find(({ from, to }) => code >= from && code <= to)?.script ?? 'latin'
}

export interface Run {
  script: Script
  text: string
}

/** `text` cut where its script changes; neutral characters join the run they are in (at the start: the next one). */
export function scriptRuns(text: string): Run[] {
  const runs: { script: Script | null; text: string }[] = []
  for (const character of text) {
    const script = scriptOf(character)
    const last = runs.at(-1)
    if (last && (script === null || last.script === null || script === last.script)) {
      last.text += character
      last.script ??= script
    } else runs.push({ script, text: character })
  }
  // Neutral characters alone ("2026", "…") are set in the Latin font.
  return runs.map((run) => ({ script: run.script ?? 'latin', text: run.text }))
}

const FAMILIES: Record<Script, string> = {
  latin: 'noto-sans',
  devanagari: 'noto-sans-devanagari',
  bengali: 'noto-sans-bengali',
  gujarati: 'noto-sans-gujarati',
  tamil: 'noto-sans-tamil',
  telugu: 'noto-sans-telugu',
  kannada: 'noto-sans-kannada',
  malayalam: 'noto-sans-malayalam',
}
const WEIGHTS: Record<Weight, string> = { regular: '400Regular', semibold: '600SemiBold', bold: '700Bold' }

/** "NotoSansDevanagari_600SemiBold": the name a font is registered under in a PDF, and its file's name. */
export const fontName = (script: Script, weight: Weight) =>
  `${FAMILIES[script]
    .split('-')
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('')}_${WEIGHTS[weight]}`

/** The TTF's package path (`@expo-google-fonts/…/….ttf`), for `require.resolve`. */
export const fontFile = (script: Script, weight: Weight) =>
  `@expo-google-fonts/${FAMILIES[script]}/${WEIGHTS[weight]}/${fontName(script, weight)}.ttf`

const loaded = new Map<string, Promise<fontkit.Font>>()

/**
 * One font, read and parsed once per process: pdfkit takes the parsed font, so each poster skips parsing the
 * tables and building the shaper again (the Indian scripts' layout tables are large).
 */
export function loadFont(script: Script, weight: Weight) {
  const name = fontName(script, weight)
  let font = loaded.get(name)
  if (!font) {
    const require = createRequire(import.meta.url)
    font = readFile(require.resolve(fontFile(script, weight))).then((bytes) => {
      const parsed = fontkit.create(bytes) as fontkit.Font
      skipNullAnchors(parsed)
      return parsed
    })
    loaded.set(name, font)
  }
  return font
}

type GposProcessor = {
  applyLookup(this: GposProcessor & { nullAnchor?: boolean }, lookupType: number, table: unknown): boolean
  applyAnchor(
    this: GposProcessor & { nullAnchor?: boolean },
    markRecord: { markAnchor: unknown },
    baseAnchor: unknown,
    baseGlyphIndex: number
  ): void
}
let patched = false

/**
 * fontkit 2.0.4 throws on a GPOS mark attachment whose anchor is NULL, which OpenType allows ("no anchor for this
 * mark class here") and Noto Sans Malayalam ships in its vowel signs and viramas, so almost every Malayalam word
 * failed. This does what HarfBuzz does: the attachment is not applied and the lookup reports no match, so a later
 * subtable may place the mark. Patched once, on the GPOS processor pdfkit's fontkit uses (the same module).
 */
function skipNullAnchors(font: fontkit.Font) {
  if (patched) return
  const processor = (font as unknown as { _layoutEngine: { engine?: { GPOSProcessor?: object | null } } })._layoutEngine.engine
    ?.GPOSProcessor
  if (!processor) return
  patched = true
  const prototype = Object.getPrototypeOf(processor) as GposProcessor
  const { applyLookup, applyAnchor } = prototype
  prototype.applyAnchor = function (markRecord, baseAnchor, baseGlyphIndex) {
    if (!baseAnchor || !markRecord.markAnchor) {
      this.nullAnchor = true
      return
    }
    applyAnchor.call(this, markRecord, baseAnchor, baseGlyphIndex)
  }
  prototype.applyLookup = function (lookupType, table) {
    this.nullAnchor = false
    const applied = applyLookup.call(this, lookupType, table)
    if (!this.nullAnchor) return applied
    this.nullAnchor = false
    return false
  }
}
