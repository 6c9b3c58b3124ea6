/*
 * An agency's brand logo (docs/decisions.md D42, "Brand"): a PNG or a plain SVG of at most 100 KB, sent as a data
 * URL. What the bytes are decides, not the type the data URL claims: a PNG by its signature and a sane IHDR, an SVG
 * only when every element and attribute in it is on a short allow-list (shapes, text, gradients, clip paths and
 * masks, `use` of something in the same file) — no script, event handler, foreignObject, DOCTYPE or entity, and no
 * reference outside the file. Anything else is refused with a sentence for the form.
 */
import { createHash } from 'node:crypto'

export const BRAND_LOGO_MAX_BYTES = 100 * 1024
export const BRAND_LOGO_MAX_LABEL = '100 KB'
/** The widest and tallest PNG accepted, in pixels. */
export const BRAND_LOGO_MAX_SIDE = 4096

export type BrandLogoType = 'image/png' | 'image/svg+xml'

export interface BrandLogo {
  bytes: Buffer
  contentType: BrandLogoType
  /** sha256 of the bytes, hex: the logo's name in brand_logos and in its URL. */
  hash: string
  width: number | null
  height: number | null
}

/** Why a logo was refused, in words for the form. */
export class BrandLogoError extends Error {}

const TOO_LARGE = `The logo must be at most ${BRAND_LOGO_MAX_LABEL}.`
const NOT_AN_IMAGE = 'The logo must be a PNG or SVG image.'

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/** Width and height from a PNG's IHDR; refuses anything that is not a PNG of a sane size. */
export function pngSize(bytes: Buffer): { width: number; height: number } {
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) throw new BrandLogoError(NOT_AN_IMAGE)
  if (bytes.readUInt32BE(8) !== 13 || bytes.toString('latin1', 12, 16) !== 'IHDR') {
    throw new BrandLogoError('The PNG logo is damaged: it has no image header.')
  }
  const width = bytes.readUInt32BE(16)
  const height = bytes.readUInt32BE(20)
  if (width < 1 || height < 1 || width > BRAND_LOGO_MAX_SIDE || height > BRAND_LOGO_MAX_SIDE) {
    throw new BrandLogoError(`The PNG logo must be between 1 and ${BRAND_LOGO_MAX_SIDE} pixels wide and tall.`)
  }
  return { width, height }
}

const SVG_ELEMENTS = new Set([
  'svg',
  'g',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'defs',
  'lineargradient',
  'radialgradient',
  'stop',
  'title',
  'desc',
  'clippath',
  'mask',
  'use',
])

const SVG_ATTRIBUTES = new Set([
  'xmlns',
  'xmlns:xlink',
  'xml:space',
  'version',
  'id',
  'class',
  'style',
  'viewbox',
  'preserveaspectratio',
  'width',
  'height',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'fr',
  'dx',
  'dy',
  'd',
  'points',
  'pathlength',
  'transform',
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-opacity',
  'opacity',
  'color',
  'display',
  'visibility',
  'offset',
  'stop-color',
  'stop-opacity',
  'gradientunits',
  'gradienttransform',
  'spreadmethod',
  'clip-path',
  'clip-rule',
  'clippathunits',
  'mask',
  'maskunits',
  'maskcontentunits',
  'href',
  'xlink:href',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'alignment-baseline',
  'letter-spacing',
  'word-spacing',
  'text-decoration',
  'textlength',
  'lengthadjust',
  'vector-effect',
  'shape-rendering',
  'aria-label',
  'role',
  'focusable',
])

/** A value that would reach outside the file or run something. */
function unsafeValue(value: string) {
  // Without white space and control characters, which browsers skip inside a scheme ("java\tscript:").
  const plain = [...value]
    .filter((char) => char.charCodeAt(0) > 0x20)
    .join('')
    .toLowerCase()
  if (/(java|vb)script:|data:|expression\(|@import|behavior:|-moz-binding/.test(plain)) return true
  // url(…) only to something in the same file: url(#id).
  for (const match of plain.matchAll(/url\(([^)]*)\)?/g)) {
    if (!/^['"]?#/.test(match[1] ?? '')) return true
  }
  return false
}

const XML_DECLARATION = /^<\?xml\s[^?>]*\?>/
const XML_ENCODING = /\sencoding\s*=\s*(?:"([^"]*)"|'([^']*)')/
const ENTITY = /&(?:#[0-9]{1,7}|#x[0-9a-f]{1,6}|amp|lt|gt|quot|apos);/gi
const TAG = /^<(\/)?([A-Za-z][\w.:-]*)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/)?>/
const ATTRIBUTE = /([^\s=/>]+)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/g

function refuse(reason: string): never {
  throw new BrandLogoError(`The SVG logo is refused: ${reason}. Use a plain SVG (shapes, text and gradients only) or a PNG.`)
}

/** Throws unless the text is a plain SVG: its elements and attributes all on the allow-list, its tags balanced. */
export function checkSvg(svg: string) {
  let rest = svg.replace(/^\uFEFF/, '').trim()
  const declaration = XML_DECLARATION.exec(rest)
  if (declaration) {
    // A browser reads the file in the encoding it declares: in another one than the UTF-8 checked here (ISO-2022-JP
    // swallows the bytes after ESC $ B), a comment or a value read here can be markup there.
    const encoding = XML_ENCODING.exec(declaration[0])
    const name = encoding?.[1] ?? encoding?.[2]
    if (name !== undefined && !/^utf-?8$/i.test(name)) refuse(`it declares the encoding ${name}; only UTF-8 is accepted`)
    rest = rest.slice(declaration[0].length).trimStart()
  }
  const open: string[] = []
  let sawRoot = false
  while (rest.length > 0) {
    if (rest.startsWith('<!--')) {
      const end = rest.indexOf('-->', 4)
      if (end < 0) refuse('a comment is not closed')
      rest = rest.slice(end + 3)
      continue
    }
    if (rest.startsWith('<!') || rest.startsWith('<?')) refuse('it has a DOCTYPE, entity, CDATA or processing instruction')
    if (rest.startsWith('<')) {
      const tag = TAG.exec(rest)
      if (!tag) refuse('it is not well-formed')
      const [whole, closing, rawName, attributes, selfClosing] = tag
      const name = rawName.toLowerCase()
      if (!SVG_ELEMENTS.has(name)) refuse(`the element <${rawName}> is not allowed`)
      if (closing) {
        if (attributes.trim() || selfClosing) refuse('it is not well-formed')
        if (open.pop() !== name) refuse('its tags are not balanced')
      } else {
        if (open.length === 0 && (sawRoot || name !== 'svg')) refuse('it must be a single <svg> element')
        sawRoot = true
        for (const [, rawAttribute, double, single] of attributes.matchAll(ATTRIBUTE)) {
          const attribute = rawAttribute.toLowerCase()
          const value = (double ?? single ?? '').replace(ENTITY, (entity) => decodeEntity(entity))
          if (attribute.startsWith('on')) refuse(`the event handler ${rawAttribute} is not allowed`)
          if (!SVG_ATTRIBUTES.has(attribute)) refuse(`the attribute ${rawAttribute} is not allowed`)
          if (attribute === 'href' || attribute === 'xlink:href') {
            if (!/^#[\w.:-]+$/.test(value.trim())) refuse('links may only point inside the file (#id)')
          } else if (!attribute.startsWith('xmlns') && unsafeValue(value)) {
            refuse(`the value of ${rawAttribute} is not allowed`)
          }
          if (/&/.test(value)) refuse('it has an unknown entity')
        }
        if (!selfClosing) open.push(name)
      }
      rest = rest.slice(whole.length)
      continue
    }
    if (open.length === 0) refuse('it has text outside the <svg> element')
    const next = rest.indexOf('<')
    const text = next < 0 ? rest : rest.slice(0, next)
    if (text.replace(ENTITY, '').includes('&')) refuse('it has an unknown entity')
    if (next < 0) refuse('it is not closed')
    rest = rest.slice(next)
  }
  if (!sawRoot) refuse('it has no <svg> element')
  if (open.length > 0) refuse('its tags are not balanced')
}

function decodeEntity(entity: string) {
  const body = entity.slice(1, -1).toLowerCase()
  if (body.startsWith('#x')) return String.fromCodePoint(Math.min(Number.parseInt(body.slice(2), 16), 0x10ffff))
  if (body.startsWith('#')) return String.fromCodePoint(Math.min(Number.parseInt(body.slice(1), 10), 0x10ffff))
  return ({ amp: '\u0000', lt: '<', gt: '>', quot: '"', apos: "'" } as Record<string, string>)[body] ?? ''
}

const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)?((?:;[\w.+-]+=[\w.+-]+)*)(;base64)?,/i

/** The bytes a data URL carries; refuses anything else, and more than the size limit. */
export function dataUrlBytes(dataUrl: string): Buffer {
  const head = DATA_URL.exec(dataUrl.slice(0, 200))
  if (!head) throw new BrandLogoError('The logo must be sent as a data URL (data:image/png;base64,… or data:image/svg+xml,…).')
  const payload = dataUrl.slice(head[0].length)
  if (head[3]) {
    // Four base64 characters are three bytes: anything longer than the limit's worth is refused before decoding.
    if (payload.length > Math.ceil(BRAND_LOGO_MAX_BYTES / 3) * 4 + 4) throw new BrandLogoError(TOO_LARGE)
    if (!/^[A-Za-z0-9+/\s]*={0,2}\s*$/.test(payload)) throw new BrandLogoError('The logo data URL is not valid base64.')
    return Buffer.from(payload, 'base64')
  }
  if (payload.length > BRAND_LOGO_MAX_BYTES * 3) throw new BrandLogoError(TOO_LARGE)
  try {
    return Buffer.from(decodeURIComponent(payload), 'utf8')
  } catch {
    throw new BrandLogoError('The logo data URL is not valid.')
  }
}

/** Reads a logo data URL: a checked PNG or plain SVG with its hash, or a BrandLogoError saying why not. */
export function readBrandLogo(dataUrl: string): BrandLogo {
  const bytes = dataUrlBytes(dataUrl)
  if (bytes.length === 0) throw new BrandLogoError(NOT_AN_IMAGE)
  if (bytes.length > BRAND_LOGO_MAX_BYTES) throw new BrandLogoError(TOO_LARGE)
  const hash = createHash('sha256').update(bytes).digest('hex')
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) {
    const { width, height } = pngSize(bytes)
    return { bytes, contentType: 'image/png', hash, width, height }
  }
  const text = bytes.toString('utf8')
  // Not UTF-8 text (a JPEG, a GIF, a PDF…), or markup without an <svg> element; the SVG check says what else is wrong.
  if (text.includes('\uFFFD') || text.includes('\u0000') || !/^(\uFEFF)?\s*</.test(text) || !/<svg[\s>]/i.test(text)) {
    throw new BrandLogoError(NOT_AN_IMAGE)
  }
  checkSvg(text)
  return { bytes, contentType: 'image/svg+xml', hash, width: null, height: null }
}
