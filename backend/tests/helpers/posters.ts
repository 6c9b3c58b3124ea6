/*
 * The poster PDF as a reader sees it: poppler's pdftotext for its text (it honours the text each line carries, so
 * Indian scripts read as written), pdftoppm to print it to pixels for a QR scanner (jsQR), and pdf.js for its
 * pages' sizes and its drawing operators. CI installs poppler-utils (.ci/run).
 */
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import jsQRModule from 'jsqr'
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs'

const run = promisify(execFile)
// jsqr is CommonJS whose types declare an ES default export: the function is the module's `default`.
const jsQR = jsQRModule.default

/** Runs `work` with the PDF written to a file of its own, removed afterwards. */
async function withPdfFile<T>(pdf: Buffer, work: (file: string, folder: string) => Promise<T>) {
  const folder = await mkdtemp(join(tmpdir(), 'poster-'))
  try {
    const file = join(folder, 'poster.pdf')
    await writeFile(file, pdf)
    return await work(file, folder)
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}

/** The page's text lines, as pdftotext reads them (empty lines dropped). */
export function posterText(pdf: Buffer) {
  return withPdfFile(pdf, async (file) => {
    const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-'])
    return stdout
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
  })
}

/** Prints page 1 in grey at `dpi` and gives what a QR scanner reads off it (null: no code found). */
export function scanPoster(pdf: Buffer, dpi = 100) {
  return withPdfFile(pdf, async (file, folder) => {
    await run('pdftoppm', ['-gray', '-r', String(dpi), '-singlefile', file, join(folder, 'page')])
    const { width, height, pixels } = readPgm(await readFile(join(folder, 'page.pgm')))
    const rgba = new Uint8ClampedArray(width * height * 4)
    pixels.forEach((grey, index) => rgba.set([grey, grey, grey, 255], index * 4))
    return jsQR(rgba, width, height)?.data ?? null
  })
}

/** Prints page 1 in colour at 72 dpi (a pixel per point) and gives the [r, g, b] at each point asked for. */
export function posterColors(pdf: Buffer, points: [number, number][]) {
  return withPdfFile(pdf, async (file, folder) => {
    await run('pdftoppm', ['-r', '72', '-singlefile', file, join(folder, 'page')])
    const bytes = await readFile(join(folder, 'page.ppm'))
    const header = bytes
      .subarray(0, 64)
      .toString('latin1')
      .match(/^P6\s+(\d+)\s+(\d+)\s+255\s/)
    if (!header) throw new Error('pdftoppm did not write an 8-bit PPM')
    const width = Number(header[1])
    return points.map(([x, y]) => {
      const at = header[0].length + (Math.round(y) * width + Math.round(x)) * 3
      return [bytes[at], bytes[at + 1], bytes[at + 2]]
    })
  })
}

/** A binary PGM (P5, 8 bits): "P5 width height 255" then one byte per pixel. */
function readPgm(bytes: Buffer) {
  const header = bytes
    .subarray(0, 64)
    .toString('latin1')
    .match(/^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/)
  if (!header || header[3] !== '255') throw new Error('pdftoppm did not write an 8-bit PGM')
  const [width, height] = [Number(header[1]), Number(header[2])]
  return { width, height, pixels: bytes.subarray(header[0].length, header[0].length + width * height) }
}

/** Each page's MediaBox size in points, and the drawing operators that paint images (none in a vector poster). */
export async function posterPages(pdf: Buffer) {
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, disableFontFace: true, verbosity: 0 }).promise
  const imageOperators = new Set([
    OPS.paintImageXObject,
    OPS.paintInlineImageXObject,
    OPS.paintImageMaskXObject,
    OPS.paintImageXObjectRepeat,
  ])
  const pages = []
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number)
    const [x0, y0, x1, y1] = page.view
    const { fnArray } = await page.getOperatorList()
    pages.push({ size: [x1 - x0, y1 - y0], images: fnArray.filter((operator) => imageOperators.has(operator)).length })
  }
  await document.destroy()
  return pages
}
