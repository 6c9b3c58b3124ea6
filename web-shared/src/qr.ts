/*
 * QR codes drawn in the browser (docs/product-rules.md, docs/decisions.md D14): the plain QR (400 px, margin 2, error correction M),
 * the styled 600x750 poster with a 320 px QR, and their download names.
 */
import QRCode from 'qrcode'

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

/** The printable poster: business name, the QR, 'Scan QR Code to Share Your Experience', a star strip. */
export async function drawPoster(canvas: HTMLCanvasElement, { name, link }: { name: string; link: string }) {
  canvas.width = POSTER_WIDTH
  canvas.height = POSTER_HEIGHT
  const ctx = canvas.getContext('2d')
  if (!ctx) throw new Error('Canvas is not available')
  const qr = await loadImage(await QRCode.toDataURL(link, { width: POSTER_QR, margin: QR_MARGIN, errorCorrectionLevel: 'M' }))

  ctx.fillStyle = '#ffffff'
  ctx.fillRect(0, 0, POSTER_WIDTH, POSTER_HEIGHT)
  ctx.fillStyle = '#2563eb'
  ctx.fillRect(0, 0, POSTER_WIDTH, 150)

  ctx.textAlign = 'center'
  ctx.fillStyle = '#ffffff'
  ctx.font = 'bold 34px system-ui, sans-serif'
  const nameLines = wrap(ctx, name, POSTER_WIDTH - 60, 2)
  nameLines.forEach((text, i) => ctx.fillText(text, POSTER_WIDTH / 2, (nameLines.length === 1 ? 88 : 68) + i * 40))

  ctx.fillStyle = '#0f172a'
  ctx.font = '600 24px system-ui, sans-serif'
  ctx.fillText('Scan QR Code to Share Your Experience', POSTER_WIDTH / 2, 200)

  const qrX = (POSTER_WIDTH - POSTER_QR) / 2
  ctx.strokeStyle = '#e2e8f0'
  ctx.lineWidth = 2
  ctx.strokeRect(qrX - 10, 225, POSTER_QR + 20, POSTER_QR + 20)
  ctx.drawImage(qr, qrX, 235, POSTER_QR, POSTER_QR)

  ctx.fillStyle = '#334155'
  ctx.font = '600 22px system-ui, sans-serif'
  ctx.fillText('Drop Your Rating Below', POSTER_WIDTH / 2, 620)
  ctx.fillStyle = '#f59e0b'
  for (let i = 0; i < 5; i++) star(ctx, POSTER_WIDTH / 2 + (i - 2) * 52, 660, 20)

  ctx.fillStyle = '#94a3b8'
  ctx.font = '16px system-ui, sans-serif'
  ctx.fillText('Powered by ReviewRoute', POSTER_WIDTH / 2, 725)
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
