/*
 * The review image's canvas and fonts (docs/decisions.md D50): @napi-rs/canvas (Skia) with the poster's Noto Sans
 * TTFs registered under their own names, one per script and weight, and no font of the machine's (they are not
 * loaded), so an image looks the same on a laptop and in the Docker image, which has none. A character no font of
 * ours draws (an emoji, a script outside the nine languages) is left out rather than drawn as a box.
 */
import { createRequire } from 'node:module'
import type * as CanvasModule from '@napi-rs/canvas'
import { fontFile, fontName, loadFont, scriptRuns, type Script, type Weight } from '#services/posters/poster_fonts'

export type Canvas = typeof CanvasModule

export const SCRIPTS: Script[] = ['latin', 'devanagari', 'bengali', 'gujarati', 'tamil', 'telugu', 'kannada', 'malayalam']
const WEIGHTS: Weight[] = ['regular', 'semibold', 'bold']

/** The TTF of a script and weight, from its @expo-google-fonts package. */
export function fontPath(script: Script, weight: Weight) {
  return createRequire(import.meta.url).resolve(fontFile(script, weight))
}

let loading: Promise<Canvas> | null = null

/** @napi-rs/canvas, loaded on the first image (not at boot), without the machine's fonts, ours registered. */
export function canvas(): Promise<Canvas> {
  loading ??= (async () => {
    // Read once, when the module loads: without it Skia would also find (and fall back to) the machine's fonts.
    process.env.DISABLE_SYSTEM_FONTS_LOAD ??= '1'
    const module = await import('@napi-rs/canvas')
    for (const script of SCRIPTS) for (const weight of WEIGHTS) register(module, script, weight)
    return module
  })()
  return loading
}

function register(module: Canvas, script: Script, weight: Weight) {
  const name = fontName(script, weight)
  if (!module.GlobalFonts.registerFromPath(fontPath(script, weight), name)) throw new Error(`The font ${name} could not be registered`)
}

/** The CSS font of a script's run: `600 40px "NotoSansTamil_600SemiBold"`. */
export const cssFont = (script: Script, weight: Weight, size: number) => `${size}px "${fontName(script, weight)}"`

const JOINERS = new Set(['\u200c', '\u200d'])

/**
 * The text with every character its run's font has no glyph for left out (the zero-width joiners stay: they
 * steer the shaper), white space folded where one went. Repeated until nothing changes, as leaving out a
 * character can move a neutral one into another run.
 */
export async function drawableText(text: string): Promise<string> {
  let current = text.normalize('NFC')
  for (let pass = 0; pass < 3; pass++) {
    let next = ''
    for (const run of scriptRuns(current)) {
      const font = await loadFont(run.script, 'regular')
      for (const character of run.text) {
        if (JOINERS.has(character) || /\s/.test(character) || font.hasGlyphForCodePoint(character.codePointAt(0)!)) next += character
      }
    }
    next = next.replace(/[ \t]{2,}/g, ' ')
    if (next === current) break
    current = next
  }
  return current
}
