/*
 * QR codes drawn in the browser (docs/product-rules.md, docs/decisions.md D14): the plain QR (400 px, margin 2, error correction M),
 * the styled 600x750 poster with a 320 px QR in one or two languages, and their download names.
 */
import QRCode from 'qrcode'
import { brandColor, inkOn } from '@reviewroute/backend/contract/brand_colors'

export { download } from './download'

export const QR_SIZE = 400
export const QR_ON_SCREEN = 200
export const QR_MARGIN = 2
export const POSTER_WIDTH = 600
export const POSTER_HEIGHT = 750
export const POSTER_QR = 320

/** `{name lowercased, non-alphanumerics as _}_qr_code.png` (dashboard and My Businesses). */
export const qrFileName = (name: string) => `${name.toLowerCase().replace(/[^a-z0-9]/g, '_')}_qr_code.png`

/** `{name, spaces as _}_QR_Code.png` (the QR Code and Link card's poster). */
export const posterFileName = (name: string) => `${name.replace(/ /g, '_')}_QR_Code.png`

export function qrDataUrl(text: string, width = QR_SIZE) {
  return QRCode.toDataURL(text, { width, margin: QR_MARGIN, errorCorrectionLevel: 'M' })
}

function star(ctx: CanvasRenderingContext2D, cx: number, cy: number, outer: number) {
  const inner = outer * 0.45
  ctx.beginPath()
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 === 0 ? outer : inner
    const angle = -Math.PI / 2 + (i * Math.PI) / 5
    ctx.lineTo(cx + radius * Math.cos(angle), cy + radius * Math.sin(angle))
  }
  ctx.closePath()
  ctx.fill()
}

/** Wraps `text` to lines no wider than `width`, at most `maxLines` (the last one ellipsised). */
function wrap(ctx: CanvasRenderingContext2D, text: string, width: number, maxLines: number) {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word
    if (ctx.measureText(candidate).width <= width || !line) line = candidate
    else {
      lines.push(line)
      line = word
    }
  }
  if (line) lines.push(line)
  if (lines.length > maxLines) {
    lines.length = maxLines
    lines[maxLines - 1] = `${lines[maxLines - 1].replace(/\s*\S*$/, '')}…`
  }
  return lines
}

/**
 * The poster's printed sentences in one language: the customer page's posterScan and poweredBy, and the printed
 * poster's rateOnPhone (contract/poster_messages.ts) over the decorative stars.
 */
export interface PosterTexts {
  scan: string
  rate: string
  poweredBy: string
}

/** A client's agency brand (docs/decisions.md D42, "Brand"; D60): its colour for the header, its logo above the name. */
export interface PosterBrand {
  /** `#rrggbb` */
  color: string
  /** The logo's address on our origin (a PNG), or null. */
  logoUrl: string | null
}

export interface PosterContent {
  name: string
  link: string
  /** One language's texts, or two: the second is printed under the first (English, then Hindi). */
  texts: readonly PosterTexts[]
  brand?: PosterBrand | null
}

/** ReviewRoute's blue, the header's colour without a brand. */
const HEADER_COLOR = '#2563eb'
const HEADER_HEIGHT = 150
const DARK_INK = '#0f172a'
/** A brand's logo: 40 px high (up to 200 px wide) on a white rounded box at the header's top. */
const LOGO = { top: 14, height: 40, maxWidth: 200, padding: 6 }

/**
 * Noto Sans first, then its Indian-script families, so every script of the nine customer-page languages has
 * glyphs wherever Noto is installed (most Android phones, fonts-noto-core); then the system's own fonts.
 */
export const POSTER_FONTS =
  '"Noto Sans", "Noto Sans Devanagari", "Noto Sans Bengali", "Noto Sans Tamil", "Noto Sans Telugu", ' +
  '"Noto Sans Gujarati", "Noto Sans Kannada", "Noto Sans Malayalam", system-ui, sans-serif'

const TEXT_WIDTH = POSTER_WIDTH - 60
const MIN_FONT = 12

/** The largest size up to `size` at which `text` fits one line of the poster (never below MIN_FONT). */
function fitFont(ctx: CanvasRenderingContext2D, text: string, weight: string, size: number) {
  let current = size
  for (; current > MIN_FONT; current--) {
    ctx.font = `${weight} ${current}px ${POSTER_FONTS}`
    if (ctx.measureText(text).width <= TEXT_WIDTH) return current
  }
  ctx.font = `${weight} ${MIN_FONT}px ${POSTER_FONTS}`
  return MIN_FONT
}

/** Centred lines, each shrunk to fit; the first at `size`, the ones under it at `under`. */
function centredLines(ctx: CanvasRenderingContext2D, lines: string[], weight: string, size: number, baselines: number[], under = size - 2) {
  lines.forEach((text, i) => {
    fitFont(ctx, text, weight, i === 0 ? size : under)
    // maxWidth as a last resort: at the smallest size a very long sentence is narrowed rather than cut.
    ctx.fillText(text, POSTER_WIDTH / 2, baselines[i], TEXT_WIDTH)
  })
}

/**
 * One sentence per language at `baselines` (one or two languages). A single language's sentence that would
 * shrink by more than 4 px on one line takes the two-line slots instead, so long scripts stay readable.
 */
function sentences(
  ctx: CanvasRenderingContext2D,
  texts: string[],
  weight: string,
  sizes: { one: number; two: number },
  baselines: { one: number[]; two: number[] }
) {
  if (texts.length === 1 && fitFont(ctx, texts[0], weight, sizes.one) < sizes.one - 4) {
    ctx.font = `${weight} ${sizes.two}px ${POSTER_FONTS}`
    const lines = wrap(ctx, texts[0], TEXT_WIDTH, 2)
    if (lines.length === 2 && !lines[1].endsWith('…')) return centredLines(ctx, lines, weight, sizes.two, baselines.two, sizes.two)
  }
  centredLines(ctx, texts, weight, texts.length === 2 ? sizes.two : sizes.one, texts.length === 2 ? baselines.two : baselines.one)
}

/** The brand's logo on a white box at the header's top, in its own proportions; false when it did not load. */
async function drawLogo(ctx: CanvasRenderingContext2D, logoUrl: string) {
  const logo = await loadImage(logoUrl).catch(() => null)
  if (!logo || !logo.naturalWidth || !logo.naturalHeight) return false
  const width = Math.min(LOGO.maxWidth, (LOGO.height * logo.naturalWidth) / logo.naturalHeight)
  const height = (width * logo.naturalHeight) / logo.naturalWidth
  const box = { width: width + 2 * LOGO.padding, height: LOGO.height + 2 * LOGO.padding }
  ctx.fillStyle = '#ffffff'
  ctx.beginPath()
  ctx.roundRect((POSTER_WIDTH - box.width) / 2, LOGO.top, box.width, box.height, 8)
  ctx.fill()
  ctx.drawImage(logo, (POSTER_WIDTH - width) / 2, LOGO.top + LOGO.padding + (LOGO.height - height) / 2, width, height)
  return true
}

/**
 * The printable poster: business name, the scan sentence, the QR, the rating sentence over a star strip, and
 * the powered-by line, in the texts' language(s); with two languages each sentence has two lines. Under a brand,
 * the header is in its colour with its logo above the name.
 */
export async function drawPoster(canvas: HTMLCanvasElement, { name, link, texts, brand }: PosterContent) {
  const languages = texts.slice(0, 2)
  if (languages.length === 0) throw new Error('Poster texts are missing')
  canvas.width = POSTER_WIDTH
  canvas.height = POSTER_HEIGHT
  const ctx = canvas.getContext('2d')
  if (!ctx) throw new Error('Canvas is not available')
  const qr = await loadImage(await QRCode.toDataURL(link, { width: POSTER_QR, margin: QR_MARGIN, errorCorrectionLevel: 'M' }))

  ctx.fillStyle = '#ffffff'
  ctx.fillRect(0, 0, POSTER_WIDTH, POSTER_HEIGHT)
  const header = brand ? brandColor(brand.color, HEADER_COLOR) : HEADER_COLOR
  ctx.fillStyle = header
  ctx.fillRect(0, 0, POSTER_WIDTH, HEADER_HEIGHT)
  const withLogo = brand?.logoUrl ? await drawLogo(ctx, brand.logoUrl) : false

  ctx.textAlign = 'center'
  ctx.fillStyle = inkOn(header, DARK_INK)
  // Under a logo the name takes the header's lower part, a little smaller.
  ctx.font = `bold ${withLogo ? 30 : 34}px ${POSTER_FONTS}`
  const nameLines = wrap(ctx, name, TEXT_WIDTH, 2)
  const [oneLine, twoLines, step] = withLogo ? [110, 98, 34] : [88, 68, 40]
  nameLines.forEach((text, i) => ctx.fillText(text, POSTER_WIDTH / 2, (nameLines.length === 1 ? oneLine : twoLines) + i * step))

  ctx.fillStyle = '#0f172a'
  sentences(
    ctx,
    languages.map((language) => language.scan),
    '600',
    { one: 24, two: 22 },
    { one: [200], two: [182, 212] }
  )

  const qrX = (POSTER_WIDTH - POSTER_QR) / 2
  ctx.strokeStyle = '#e2e8f0'
  ctx.lineWidth = 2
  ctx.strokeRect(qrX - 10, 225, POSTER_QR + 20, POSTER_QR + 20)
  ctx.drawImage(qr, qrX, 235, POSTER_QR, POSTER_QR)

  ctx.fillStyle = '#334155'
  sentences(
    ctx,
    languages.map((language) => language.rate),
    '600',
    { one: 22, two: 20 },
    { one: [620], two: [598, 626] }
  )
  ctx.fillStyle = '#f59e0b'
  for (let i = 0; i < 5; i++) star(ctx, POSTER_WIDTH / 2 + (i - 2) * 52, 660, 20)

  ctx.fillStyle = '#94a3b8'
  centredLines(ctx, [languages[0].poweredBy], '400', 16, [725])
  return canvas
}

function loadImage(src: string) {
  return new Promise<HTMLImageElement>((resolve, reject) => {
    const image = new Image()
    image.onload = () => resolve(image)
    image.onerror = () => reject(new Error('QR image failed to load'))
    image.src = src
  })
}
