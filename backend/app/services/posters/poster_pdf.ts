/*
 * The printable QR poster as a one-page PDF, A4 or A5 (docs/product-rules.md#qr-posters): the business name, the
 * scan sentence, the QR drawn as vector squares (sharp at any size, no image), the short link printed under it for
 * a phone that cannot scan, a small static row of stars with the sentence that the rating is given on the phone, and
 * the powered-by line. In the business's pinned language, else English with Hindi under each sentence. The page is
 * laid out once in A4 points; A5 is the same drawing scaled down, so both print alike.
 */
import PDFDocument from 'pdfkit'
import QRCode from 'qrcode'
import type { Response } from '@adonisjs/core/http'
import type { ReviewLanguage } from '#contract/review_messages/index'
import { REVIEW_MESSAGES } from '#contract/review_messages/all'
import { POSTER_MESSAGES, posterLanguages } from '#contract/poster_messages'
import { fontName, loadFont, scriptRuns, type Script, type Weight } from '#services/posters/poster_fonts'
import { underBrand } from '#services/brand/under_brand'
import { brandColor, inkOn } from '#contract/brand_colors'

type Doc = PDFKit.PDFDocument

/**
 * The page being drawn, laid out in A4 points: A5 is the same layout at `scale`, moved down by `offset` to sit
 * centred (A4 and A5 differ in proportion by a fraction of a point). Shapes are drawn under a scaling transform;
 * text is set at scaled sizes and positions instead, as pdfkit places text by the page's own height.
 */
interface Sheet {
  doc: Doc
  scale: number
  offset: number
}

export const POSTER_SIZES = ['a4', 'a5'] as const
export type PosterSize = (typeof POSTER_SIZES)[number]

/** Page sizes in points (1/72 inch): A4 210 × 297 mm, A5 148 × 210 mm. */
export const PAGE_SIZES: Record<PosterSize, [number, number]> = { a4: [595.28, 841.89], a5: [419.53, 595.28] }
const [WIDTH, HEIGHT] = PAGE_SIZES.a4
const MARGIN = 40
const TEXT_WIDTH = WIDTH - 2 * MARGIN - 24
const CENTRE = WIDTH / 2
/**
 * The QR's modules span up to 270 pt (95 mm on A4, 67 mm on A5), inside a quiet zone of 4 modules; when long
 * sentences take more room it gives way, down to 200 pt.
 */
const QR_SIDE = { max: 270, min: 200 }
const QUIET_MODULES = 4
const COLORS = {
  band: '#2563eb',
  onBand: '#ffffff',
  heading: '#0f172a',
  body: '#334155',
  link: '#1d4ed8',
  frame: '#cbd5e1',
  qr: '#000000',
  star: '#f59e0b',
  muted: '#94a3b8',
}

export interface PosterInput {
  name: string
  /** The review link the QR opens, absolute. */
  link: string
  language: ReviewLanguage | null
  size: PosterSize
  /**
   * The business's agency's brand (docs/decisions.md D42, "Brand"; D60): its name replaces ReviewRoute's in the
   * footer, its colour ReviewRoute's blue in the band, and its logo (a PNG) stands in the band above the name.
   */
  brand?: PosterBrand | null
}

export interface PosterBrand {
  name: string
  /** `#rrggbb` */
  color?: string | null
  /** The logo's PNG bytes. */
  logo?: Buffer | null
}

/** The link as printed for typing: without its scheme ("reviewroute.in/review/demo-cafe"). */
export const printedLink = (link: string) => link.replace(/^https?:\/\//, '')

/* ----------------------------------------------------------------------------------------------------------
 * Text in mixed scripts: each run in its script's font, lines measured and centred here
 * -------------------------------------------------------------------------------------------------------- */

interface TextStyle {
  weight: Weight
  size: number
  /** The smallest size the text may shrink to before it wraps or is cut. */
  min: number
  color: string
  maxLines: number
}

interface SetText {
  lines: string[]
  size: number
  style: TextStyle
}

const useFont = (doc: Doc, script: Script, weight: Weight, size: number) => doc.font(fontName(script, weight)).fontSize(size)

function widthOf(doc: Doc, text: string, weight: Weight, size: number) {
  return scriptRuns(text).reduce((sum, run) => sum + useFont(doc, run.script, weight, size).widthOfString(run.text), 0)
}

/** Greedy word wrap at `size`; a word wider than the line stays whole on its own line. */
function wrap(doc: Doc, text: string, weight: Weight, size: number) {
  const lines: string[] = []
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = lines.length > 0 ? `${lines.at(-1)} ${word}` : word
    if (lines.length > 0 && widthOf(doc, candidate, weight, size) <= TEXT_WIDTH) lines[lines.length - 1] = candidate
    else lines.push(word)
  }
  return lines
}

/** Shortens `line` word by word (at the last, character by character) until it fits with an ellipsis. */
function ellipsise(doc: Doc, line: string, weight: Weight, size: number) {
  let shortened = line
  while (shortened.length > 1 && widthOf(doc, `${shortened}…`, weight, size) > TEXT_WIDTH) {
    shortened = shortened.includes(' ') ? shortened.replace(/\s+\S*$/, '') : [...shortened].slice(0, -1).join('')
  }
  return `${shortened}…`
}

/**
 * Sets `text` to fit the text width: one line, shrunk by at most 15 %; else wrapped to `maxLines` at the largest
 * size that allows it; else at the smallest size with the last line cut short.
 */
function fit(doc: Doc, text: string, style: TextStyle): SetText {
  const oneLineFloor = Math.max(style.min, style.size * 0.85)
  for (let size = style.size; size >= oneLineFloor; size -= 0.5) {
    if (widthOf(doc, text, style.weight, size) <= TEXT_WIDTH) return { lines: [text], size, style }
  }
  for (let size = style.size; size >= style.min; size -= 0.5) {
    const lines = wrap(doc, text, style.weight, size)
    if (lines.length <= style.maxLines && lines.every((line) => widthOf(doc, line, style.weight, size) <= TEXT_WIDTH)) {
      return { lines, size, style }
    }
  }
  const lines = wrap(doc, text, style.weight, style.min)
  const kept = lines.slice(0, style.maxLines)
  const last = kept.length - 1
  if (lines.length > kept.length || widthOf(doc, kept[last], style.weight, style.min) > TEXT_WIDTH) {
    kept[last] = ellipsise(doc, kept[last], style.weight, style.min)
  }
  return { lines: kept, size: style.min, style }
}

/** Line height: room for the tall vowel signs above and the conjuncts below the Indian scripts' letters. */
const lineHeight = (size: number) => size * 1.45
const heightOf = (set: SetText) => set.lines.length * lineHeight(set.size)

/** Draws the set lines centred, the first line's box starting at `top`; gives the y under the last line. */
function drawLines({ doc, scale, offset }: Sheet, set: SetText, top: number) {
  let y = top
  const size = set.size * scale
  for (const line of set.lines) {
    const baseline = (y + set.size * 1.08) * scale + offset
    let x = (CENTRE - widthOf(doc, line, set.style.weight, set.size) / 2) * scale
    // The glyphs of an Indian script are in the order they are drawn (a vowel sign before its consonant): the
    // line's own text goes with them, so copying or searching the PDF gives the words as written.
    doc.markContent('Span', { actual: line })
    for (const run of scriptRuns(line)) {
      const font = useFont(doc, run.script, set.style.weight, size)
      font.fillColor(set.style.color).text(run.text, x, baseline, { lineBreak: false, baseline: 'alphabetic' })
      x += font.widthOfString(run.text)
    }
    doc.endMarkedContent()
    y += lineHeight(set.size)
  }
  return y
}

/** Draws shapes given in A4 points onto the sheet. */
function shapes({ doc, scale, offset }: Sheet, paint: (doc: Doc) => void) {
  doc.save().translate(0, offset).scale(scale)
  paint(doc)
  doc.restore()
}

/* ----------------------------------------------------------------------------------------------------------
 * The drawings: header band, QR, stars
 * -------------------------------------------------------------------------------------------------------- */

const HEADER_HEIGHT = 130
/** A brand's logo: 36 pt high (up to 200 pt wide) on a white rounded box 16 pt under the band's top. */
const LOGO = { height: 36, maxWidth: 200, padding: 8, top: 16 }
/** What the logo adds to the band's height. */
const LOGO_ROOM = LOGO.top + LOGO.height + 2 * LOGO.padding - 12

/** A PNG's width over its height, from its IHDR; null when the bytes are no PNG. */
function pngAspect(bytes: Buffer) {
  if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return null
  const width = bytes.readUInt32BE(16)
  const height = bytes.readUInt32BE(20)
  return width > 0 && height > 0 ? width / height : null
}

/** The band's height: taller when a logo stands in it. */
const headerHeight = (brand: PosterBrand | null | undefined) => HEADER_HEIGHT + (brand?.logo && pngAspect(brand.logo) ? LOGO_ROOM : 0)

/** The band in the brand's colour (else ReviewRoute's blue), the brand's logo on a white box, the name under it. */
function header(sheet: Sheet, name: string, brand: PosterBrand | null | undefined) {
  const band = brandColor(brand?.color, COLORS.band)
  const height = headerHeight(brand)
  shapes(sheet, (doc) => doc.roundedRect(MARGIN, MARGIN, WIDTH - 2 * MARGIN, height, 16).fill(band))
  let top = MARGIN
  const aspect = brand?.logo ? pngAspect(brand.logo) : null
  if (brand?.logo && aspect) {
    const width = Math.min(LOGO.maxWidth, LOGO.height * aspect)
    const logoHeight = width / aspect
    const box = { width: width + 2 * LOGO.padding, height: LOGO.height + 2 * LOGO.padding }
    const boxTop = MARGIN + LOGO.top
    shapes(sheet, (doc) => {
      doc.roundedRect(CENTRE - box.width / 2, boxTop, box.width, box.height, 10).fill(COLORS.onBand)
      doc.image(brand.logo!, CENTRE - width / 2, boxTop + LOGO.padding + (LOGO.height - logoHeight) / 2, { width, height: logoHeight })
    })
    top = boxTop + box.height
  }
  const set = fit(sheet.doc, name, { weight: 'bold', size: 36, min: 22, color: inkOn(band, COLORS.heading), maxLines: 2 })
  drawLines(sheet, set, top + (MARGIN + height - top - heightOf(set)) / 2)
}

/**
 * The QR as vector squares: each row's dark modules merged into runs, every run one rectangle of a single path,
 * filled once, so there is no image and no seam between neighbours. Error correction M, as on screen.
 */
function qrCode(sheet: Sheet, modules: QRCode.BitMatrix, frame: number, top: number) {
  const module = frame / (modules.size + 2 * QUIET_MODULES)
  const left = CENTRE - frame / 2
  const x0 = left + QUIET_MODULES * module
  const y0 = top + QUIET_MODULES * module
  shapes(sheet, (doc) => {
    doc.markContent('Artifact', { type: 'Layout' })
    doc.roundedRect(left, top, frame, frame, 12).lineWidth(1.5).strokeColor(COLORS.frame).stroke()
    doc.endMarkedContent()
    for (let row = 0; row < modules.size; row++) {
      let column = 0
      while (column < modules.size) {
        if (!modules.get(row, column)) {
          column++
          continue
        }
        const start = column
        while (column < modules.size && modules.get(row, column)) column++
        doc.rect(x0 + start * module, y0 + row * module, (column - start) * module, module)
      }
    }
    doc.fillColor(COLORS.qr).fill('nonzero')
  })
  return top + frame
}

/** The frame's side for modules spanning `side`: the modules and their quiet zone. */
const qrFrameSide = (modules: QRCode.BitMatrix, side: number) => side + (2 * QUIET_MODULES * side) / modules.size

const STAR_RADIUS = 9
const STAR_GAP = 6

/** Five small filled stars in a row: a decoration (marked as an artifact), no frame or shadow that asks for a tap. */
function stars(sheet: Sheet, top: number) {
  const pitch = 2 * STAR_RADIUS + STAR_GAP
  const cy = top + STAR_RADIUS
  shapes(sheet, (doc) => {
    doc.markContent('Artifact', { type: 'Layout' })
    for (let i = 0; i < 5; i++) {
      const cx = CENTRE + (i - 2) * pitch
      const points: [number, number][] = []
      for (let corner = 0; corner < 10; corner++) {
        const radius = corner % 2 === 0 ? STAR_RADIUS : STAR_RADIUS * 0.45
        const angle = -Math.PI / 2 + (corner * Math.PI) / 5
        points.push([cx + radius * Math.cos(angle), cy + radius * Math.sin(angle)])
      }
      doc.polygon(...points)
    }
    doc.fillColor(COLORS.star).fill('nonzero')
    doc.endMarkedContent()
  })
  return top + 2 * STAR_RADIUS
}

/* ----------------------------------------------------------------------------------------------------------
 * The page
 * -------------------------------------------------------------------------------------------------------- */

/** One sentence per language: the first at the style's size, a second (Hindi under English) smaller and lighter. */
function sentences(doc: Doc, texts: string[], style: TextStyle) {
  return texts.map((text, index) =>
    fit(doc, text, index === 0 ? style : { ...style, size: style.size - 2, min: style.min - 2, color: COLORS.body })
  )
}

const stackHeight = (sets: SetText[]) => sets.reduce((sum, set) => sum + heightOf(set), 0)
const drawStack = (sheet: Sheet, sets: SetText[], top: number) => sets.reduce((y, set) => drawLines(sheet, set, y), top)

function draw(sheet: Sheet, { name, link, language, brand }: PosterInput) {
  const { doc } = sheet
  const languages = posterLanguages(language)
  const customerPage = languages.map((code) => REVIEW_MESSAGES[code])
  const poster = languages.map((code) => POSTER_MESSAGES[code])

  header(sheet, name, brand)

  const scan = sentences(
    doc,
    customerPage.map((messages) => messages.posterScan),
    { weight: 'semibold', size: 24, min: 16, color: COLORS.heading, maxLines: 2 }
  )
  const typeLink = sentences(
    doc,
    poster.map((messages) => messages.typeLink),
    { weight: 'regular', size: 15, min: 11, color: COLORS.body, maxLines: 2 }
  )
  const shortLink = fit(doc, printedLink(link), { weight: 'bold', size: 26, min: 12, color: COLORS.link, maxLines: 1 })
  const rate = sentences(
    doc,
    poster.map((messages) => messages.rateOnPhone),
    { weight: 'semibold', size: 16, min: 11, color: COLORS.heading, maxLines: 2 }
  )
  const poweredBy = fit(doc, underBrand(customerPage[0].poweredBy, brand), {
    weight: 'regular',
    size: 11,
    min: 9,
    color: COLORS.muted,
    maxLines: 1,
  })

  // The middle of the page (scan sentence to rating sentence) is centred between the band and the footer; the
  // QR takes what the texts leave, up to its largest size.
  const gaps = { afterScan: 16, afterQr: 18, beforeLink: 4, beforeStars: 22, afterStars: 8, around: 14 }
  const texts =
    stackHeight(scan) +
    gaps.afterScan +
    gaps.afterQr +
    stackHeight(typeLink) +
    gaps.beforeLink +
    heightOf(shortLink) +
    gaps.beforeStars +
    2 * STAR_RADIUS +
    gaps.afterStars +
    stackHeight(rate)
  const footerTop = HEIGHT - MARGIN - heightOf(poweredBy)
  const bandBottom = MARGIN + headerHeight(brand)
  const room = footerTop - bandBottom - 2 * gaps.around - texts
  const { modules } = QRCode.create(link, { errorCorrectionLevel: 'M' })
  const frame = Math.min(qrFrameSide(modules, QR_SIDE.max), Math.max(qrFrameSide(modules, QR_SIDE.min), room))
  let y = bandBottom + gaps.around + Math.max(0, (room - frame) / 2)

  y = drawStack(sheet, scan, y) + gaps.afterScan
  y = qrCode(sheet, modules, frame, y) + gaps.afterQr
  y = drawStack(sheet, typeLink, y) + gaps.beforeLink
  y = drawLines(sheet, shortLink, y) + gaps.beforeStars
  y = stars(sheet, y) + gaps.afterStars
  drawStack(sheet, rate, y)
  drawLines(sheet, poweredBy, footerTop)
}

/** Every font the poster may need: Latin and the scripts of its languages and of the business name. */
async function registerFonts(doc: Doc, texts: string[]) {
  const scripts = new Set<Script>(['latin', ...texts.flatMap((text) => scriptRuns(text).map((run) => run.script))])
  for (const script of scripts) {
    for (const weight of ['regular', 'semibold', 'bold'] as const) {
      // pdfkit embeds a parsed fontkit font as it is (its types list only files and bytes).
      doc.registerFont(fontName(script, weight), (await loadFont(script, weight)) as unknown as Buffer)
    }
  }
}

/** The poster as PDF bytes. */
export async function renderPosterPdf(input: PosterInput): Promise<Buffer> {
  const [width, height] = PAGE_SIZES[input.size]
  const doc = new PDFDocument({
    size: [width, height],
    margin: 0,
    lang: input.language ?? 'en',
    displayTitle: true,
    info: { Title: `${input.name}: review QR poster`, Creator: input.brand?.name ?? 'ReviewRoute' },
  })
  const languages = posterLanguages(input.language)
  await registerFonts(doc, [
    input.name,
    input.brand?.name ?? '',
    ...languages.flatMap((code) => [REVIEW_MESSAGES[code].posterScan, ...Object.values(POSTER_MESSAGES[code])]),
  ])
  const chunks: Buffer[] = []
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  const scale = width / WIDTH
  draw({ doc, scale, offset: (height - HEIGHT * scale) / 2 }, input)
  doc.end()
  return done
}

/** `{name, non-alphanumerics as _}_poster_A4.pdf`. */
export const posterFileName = (name: string, size: PosterSize) =>
  `${name.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '') || 'ReviewRoute'}_poster_${size.toUpperCase()}.pdf`

/** Answers the poster's PDF as a download, never cached on the way (the link may change). */
export async function sendPosterPdf(response: Response, input: PosterInput) {
  const pdf = await renderPosterPdf(input)
  response.header('Content-Type', 'application/pdf')
  response.header('Content-Disposition', `attachment; filename="${posterFileName(input.name, input.size)}"`)
  response.header('Cache-Control', 'private, no-store')
  return response.send(pdf)
}
