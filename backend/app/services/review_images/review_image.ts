/*
 * A Google review as an image to post on WhatsApp Status or Instagram (docs/decisions.md D50): 1080 × 1080 (square)
 * or 1080 × 1920 (story), a PNG drawn on the server. On the brand's colour (an agency's brand for its clients, else
 * ReviewRoute's): the logo and brand name, then a white card with the stars, the review's words in their own script
 * (wrapped by measured width, clamped with an ellipsis), the reviewer's first name, the business's name and a small
 * "Reviewed on Google". The story keeps its words out of the top and bottom bands Instagram draws over.
 */
import type { SKRSContext2D, Image as CanvasImage, Path2D } from '@napi-rs/canvas'
import type { Run, Script, Weight } from '#services/posters/poster_fonts'
import { canvas, cssFont, drawableText } from '#services/review_images/canvas_fonts'
import { layoutText, type TextLayout } from '#services/review_images/review_text_layout'
import { brandColor, inkOn as inkOnColor } from '#contract/brand_colors'

export const IMAGE_FORMATS = ['square', 'story'] as const
export type ImageFormat = (typeof IMAGE_FORMATS)[number]

/** ReviewRoute's own colour and mark (docs/decisions.md D14), for a business shown under no agency's brand. */
export const REVIEWROUTE_COLOR = '#1d4ed8'
const REVIEWROUTE_STAR = 'M20 8.5l3.38 6.85 7.56 1.1-5.47 5.33 1.29 7.53L20 25.76l-6.76 3.55 1.29-7.53-5.47-5.33 7.56-1.1z'

export interface ReviewImageInput {
  stars: number
  comment: string | null
  /** The reviewer's name as Google gives it; null or anonymous: "A Google user". */
  reviewerName: string | null
  reviewerAnonymous: boolean
  businessName: string
  /** The agency's brand the business is shown under; null: ReviewRoute's. */
  brand: { name: string; color: string; logo: { bytes: Buffer; contentType: string } | null } | null
}

interface Box {
  x: number
  y: number
  width: number
  height: number
}

interface FormatLayout {
  width: number
  height: number
  /** The logo's square and the brand name beside it, on the colour. */
  header: { y: number; logo: number; nameSize: number }
  card: Box
  stars: { y: number; size: number; gap: number }
  /** The words and, under them, the reviewer's name. */
  text: Box & { sizes: number[]; nameSize: number }
  business: { y: number; sizes: number[]; maxLines: number }
  google: { y: number; size: number }
}

const LAYOUTS: Record<ImageFormat, FormatLayout> = {
  square: {
    width: 1080,
    height: 1080,
    header: { y: 40, logo: 88, nameSize: 40 },
    card: { x: 56, y: 168, width: 968, height: 856 },
    stars: { y: 222, size: 72, gap: 16 },
    text: { x: 150, y: 330, width: 780, height: 440, sizes: [64, 56, 50, 44, 40, 36], nameSize: 38 },
    business: { y: 860, sizes: [44, 38, 34], maxLines: 1 },
    google: { y: 950, size: 28 },
  },
  story: {
    width: 1080,
    height: 1920,
    // Instagram draws its bar over the top ~250 px and the reply box over the bottom ~250 px.
    header: { y: 250, logo: 104, nameSize: 44 },
    card: { x: 56, y: 410, width: 968, height: 1250 },
    stars: { y: 490, size: 88, gap: 18 },
    text: { x: 140, y: 640, width: 800, height: 640, sizes: [72, 64, 56, 50, 44, 40], nameSize: 42 },
    business: { y: 1390, sizes: [52, 44, 38], maxLines: 2 },
    google: { y: 1570, size: 32 },
  },
}

export const imageSize = (format: ImageFormat) => ({ width: LAYOUTS[format].width, height: LAYOUTS[format].height })

const COLORS = { card: '#ffffff', text: '#0f172a', muted: '#64748b', star: '#fbbc04', starOff: '#e2e8f0', dark: '#0f172a' }

/** A line's height for a size: the Indian scripts' marks above and below need more room than Latin. */
const lineHeight = (size: number, layout: TextLayout | { lines: { runs: Run[] }[] }) =>
  Math.round(size * (layout.lines.some((line) => line.runs.some((run) => run.script !== 'latin')) ? 1.55 : 1.38))

/** The reviewer's first name, or "A Google user". */
export function firstName(name: string | null, anonymous: boolean) {
  const first = anonymous ? '' : (name ?? '').trim().split(/\s+/)[0]
  return first || 'A Google user'
}

/** The words shown: the review's, or for a rating without words, the rating. */
const wordsOf = (input: ReviewImageInput) =>
  input.comment?.trim() ? input.comment : `A ${input.stars}-star review${input.stars >= 4 ? '!' : '.'}`

export interface ReviewImageText {
  /** The review's words as laid out, at `size`, at most `maxLines` lines. */
  body: TextLayout & { size: number; maxLines: number; lineHeight: number }
  name: TextLayout & { size: number }
  business: TextLayout & { size: number }
  brand: TextLayout & { size: number }
}

type Measurer = (weight: Weight, size: number) => (run: Run) => number

/** The CSS font a script's run is set in. */
type FontOf = (script: Script, weight: Weight, size: number) => string

export interface RenderOptions {
  /**
   * Tests only: this script's runs set in a font without its glyphs, as if its font were missing: the Tamil font for
   * any other script (Noto Sans itself has Devanagari), the Latin one for Tamil.
   */
  withoutFontOf?: Script
}

const fontsFor =
  ({ withoutFontOf }: RenderOptions): FontOf =>
  (script, weight, size) =>
    cssFont(script !== withoutFontOf ? script : script === 'tamil' ? 'latin' : 'tamil', weight, size)

/** The largest size at which the text fits its lines, else the smallest, clamped. */
function fit(text: string, measurer: Measurer, weight: Weight, sizes: number[], width: number, maxLinesAt: (size: number) => number) {
  let layout: TextLayout | null = null
  for (const size of sizes) {
    const maxLines = maxLinesAt(size)
    layout = layoutText(text, measurer(weight, size), width, maxLines)
    if (!layout.clamped || size === sizes.at(-1)) return { ...layout, size, maxLines }
  }
  throw new Error('no sizes')
}

/** Every text of the image laid out (what `renderReviewImage` draws; the tests read it). */
export async function layoutReviewImage(
  input: ReviewImageInput,
  format: ImageFormat,
  options: RenderOptions = {}
): Promise<ReviewImageText> {
  const { createCanvas } = await canvas()
  const context = createCanvas(1, 1).getContext('2d')
  const font = fontsFor(options)
  const measurer: Measurer = (weight, size) => (run) => {
    context.font = font(run.script, weight, size)
    return context.measureText(run.text).width
  }
  const layout = LAYOUTS[format]
  const { text } = layout
  const [words, name, business, brand] = await Promise.all([
    drawableText(wordsOf(input)),
    drawableText(firstName(input.reviewerName, input.reviewerAnonymous)),
    drawableText(input.businessName),
    drawableText(input.brand?.name ?? 'ReviewRoute'),
  ])
  const nameRoom = text.nameSize * 2
  // Lines at a size: what fits the box above the reviewer's name, at the height of a line of an Indian script.
  const body = fit(words, measurer, 'regular', text.sizes, text.width, (size) =>
    Math.max(1, Math.floor((text.height - nameRoom) / Math.round(size * 1.55)))
  )
  const nameLayout = fit(`— ${name}`, measurer, 'semibold', [text.nameSize], text.width, () => 1)
  const businessLayout = fit(business, measurer, 'bold', layout.business.sizes, layout.card.width - 120, () => layout.business.maxLines)
  const brandWidth = layout.card.width - layout.header.logo - 24
  const brandLayout = fit(brand, measurer, 'bold', [layout.header.nameSize, 34, 28], brandWidth, () => 1)
  return {
    body: { ...body, lineHeight: lineHeight(body.size, body) },
    name: nameLayout,
    business: businessLayout,
    brand: brandLayout,
  }
}

/* ----------------------------------------------------------------------------------------------------------
 * Drawing
 * -------------------------------------------------------------------------------------------------------- */

/** White on the colour when it reads (contrast ≥ 3:1, large text), else the dark ink. */
export const inkOn = (hex: string) => inkOnColor(hex, COLORS.dark)

/** The colour as #rrggbb, ReviewRoute's when it is not one. */
const solidColor = (color: string | undefined) => brandColor(color, REVIEWROUTE_COLOR)

/** Draws a line's runs from `x`, each in its script's font. */
function drawRuns(context: SKRSContext2D, font: FontOf, runs: Run[], x: number, y: number, weight: Weight, size: number) {
  let left = x
  for (const run of runs) {
    context.font = font(run.script, weight, size)
    context.fillText(run.text, left, y)
    left += context.measureText(run.text).width
  }
}

function drawCentred(
  context: SKRSContext2D,
  font: FontOf,
  line: TextLayout['lines'][number],
  centre: number,
  y: number,
  weight: Weight,
  size: number
) {
  drawRuns(context, font, line.runs, centre - line.width / 2, y, weight, size)
}

/** A star `size` wide centred on (cx, cy): the one of ReviewRoute's mark (about 22 units wide, centred at 20, 19). */
function star(context: SKRSContext2D, shape: Path2D, cx: number, cy: number, size: number) {
  const scale = size / 22.5
  context.save()
  context.translate(cx - 20 * scale, cy - 19 * scale)
  context.scale(scale, scale)
  context.fill(shape)
  context.restore()
}

/** A brand logo: a PNG (an uploaded SVG is stored drawn into one, services/brand/logo_raster.ts), scaled by the caller. */
async function logoImage(logo: { bytes: Buffer }): Promise<CanvasImage | null> {
  const { Image } = await canvas()
  const image = new Image()
  const loaded = new Promise<boolean>((resolve) => {
    image.onload = () => resolve(true)
    image.onerror = () => resolve(false)
  })
  image.src = logo.bytes
  return (await loaded) && image.width > 0 && image.height > 0 ? image : null
}

async function drawHeader(
  context: SKRSContext2D,
  font: FontOf,
  input: ReviewImageInput,
  text: ReviewImageText,
  layout: FormatLayout,
  color: string
) {
  const { header } = layout
  const brandLine = text.brand.lines[0]
  const total = header.logo + 24 + (brandLine?.width ?? 0)
  const left = (layout.width - total) / 2
  // The logo on a white rounded square, so any logo reads on any colour.
  context.fillStyle = '#ffffff'
  context.beginPath()
  context.roundRect(left, header.y, header.logo, header.logo, header.logo * 0.22)
  context.fill()
  const inset = header.logo * 0.12
  const side = header.logo - 2 * inset
  const logo = input.brand?.logo ? await logoImage(input.brand.logo) : null
  if (logo) {
    const scale = Math.min(side / logo.width, side / logo.height)
    const width = logo.width * scale
    const height = logo.height * scale
    context.drawImage(logo, left + inset + (side - width) / 2, header.y + inset + (side - height) / 2, width, height)
  } else if (!input.brand) {
    // ReviewRoute's mark: a blue circle with a white star (40-unit viewBox).
    const { Path2D } = await canvas()
    context.save()
    context.translate(left + inset, header.y + inset)
    context.scale(side / 40, side / 40)
    context.fillStyle = REVIEWROUTE_COLOR
    context.beginPath()
    context.arc(20, 20, 20, 0, Math.PI * 2)
    context.fill()
    context.fillStyle = '#ffffff'
    context.fill(new Path2D(REVIEWROUTE_STAR))
    context.restore()
  } else {
    // A brand without a logo (or one that would not draw): its initial.
    context.fillStyle = color
    const initial = text.brand.lines[0]?.runs[0]
    if (initial) {
      const first = { script: initial.script, text: [...initial.text][0] ?? '' }
      context.font = font(first.script, 'bold', side * 0.7)
      const width = context.measureText(first.text).width
      drawRuns(context, font, [first], left + header.logo / 2 - width / 2, header.y + header.logo * 0.74, 'bold', side * 0.7)
    }
  }
  if (brandLine) {
    context.fillStyle = inkOn(color)
    const baseline = header.y + header.logo / 2 + text.brand.size * 0.36
    drawRuns(context, font, brandLine.runs, left + header.logo + 24, baseline, 'bold', text.brand.size)
  }
}

function drawStars(context: SKRSContext2D, shape: Path2D, stars: number, layout: FormatLayout) {
  const { size, gap, y } = layout.stars
  const total = 5 * size + 4 * gap
  const left = (layout.width - total) / 2
  for (let index = 0; index < 5; index++) {
    context.fillStyle = index < stars ? COLORS.star : COLORS.starOff
    star(context, shape, left + index * (size + gap) + size / 2, y + size / 2, size)
  }
}

function drawBody(context: SKRSContext2D, font: FontOf, text: ReviewImageText, layout: FormatLayout, color: string) {
  const box = layout.text
  const { body, name } = text
  const nameHeight = Math.round(box.nameSize * 1.6)
  const blockHeight = body.lines.length * body.lineHeight + nameHeight
  const top = box.y + Math.max(0, (box.height - blockHeight) / 2)
  const centre = box.x + box.width / 2
  // The opening quote mark, large and light, above the words' left edge.
  context.save()
  context.globalAlpha = 0.18
  context.fillStyle = color
  context.font = cssFont('latin', 'bold', 220)
  context.fillText('“', layout.card.x + 28, top + 50)
  context.restore()
  context.fillStyle = COLORS.text
  body.lines.forEach((line, index) => {
    const baseline = top + index * body.lineHeight + body.size * 1.05
    drawCentred(context, font, line, centre, baseline, 'regular', body.size)
  })
  context.fillStyle = COLORS.muted
  const nameLine = name.lines[0]
  if (nameLine)
    drawCentred(context, font, nameLine, centre, top + body.lines.length * body.lineHeight + box.nameSize * 1.3, 'semibold', name.size)
}

function drawFooter(context: SKRSContext2D, font: FontOf, text: ReviewImageText, layout: FormatLayout, color: string) {
  const centre = layout.width / 2
  const { business } = text
  const height = lineHeight(business.size, business)
  // A short rule in the brand's colour under the words' box, then the business's name (two lines in a story).
  context.fillStyle = color
  context.fillRect(centre - 40, layout.text.y + layout.text.height + 16, 80, 6)
  context.fillStyle = COLORS.text
  business.lines.forEach((line, index) =>
    drawCentred(context, font, line, centre, layout.business.y + index * height, 'bold', business.size)
  )
  context.fillStyle = COLORS.muted
  context.font = cssFont('latin', 'semibold', layout.google.size)
  const label = 'Reviewed on Google'
  const width = context.measureText(label).width
  context.fillText(label, centre - width / 2, layout.google.y)
}

export interface RenderedImage {
  png: Buffer
  /** Milliseconds spent drawing on the event loop (the PNG is encoded off it, on libuv's pool). */
  drawMs: number
  totalMs: number
}

/** The review's image as a PNG. */
export async function renderReviewImage(input: ReviewImageInput, format: ImageFormat, options: RenderOptions = {}): Promise<RenderedImage> {
  const started = performance.now()
  const { createCanvas, Path2D } = await canvas()
  const layout = LAYOUTS[format]
  const text = await layoutReviewImage(input, format, options)
  const font = fontsFor(options)
  const color = input.brand ? solidColor(input.brand.color) : REVIEWROUTE_COLOR
  const drawStarted = performance.now()
  const surface = createCanvas(layout.width, layout.height)
  const context = surface.getContext('2d')
  context.fillStyle = color
  context.fillRect(0, 0, layout.width, layout.height)
  const { card } = layout
  context.fillStyle = COLORS.card
  context.beginPath()
  context.roundRect(card.x, card.y, card.width, card.height, 44)
  context.fill()
  let drawMs = 0
  const headerStarted = performance.now()
  drawMs += headerStarted - drawStarted
  await drawHeader(context, font, input, text, layout, color)
  const bodyStarted = performance.now()
  drawMs += bodyStarted - headerStarted
  drawStars(context, new Path2D(REVIEWROUTE_STAR), Math.max(0, Math.min(5, Math.round(input.stars))), layout)
  drawBody(context, font, text, layout, color)
  drawFooter(context, font, text, layout, color)
  drawMs += performance.now() - bodyStarted
  const png = await surface.encode('png')
  return { png, drawMs, totalMs: performance.now() - started }
}
