/*
 * Logos for the brand tests: a real PNG of any size (signature, IHDR, one IDAT, IEND, with their CRCs), plain and
 * hostile SVGs, and data URLs of them.
 */
import { deflateSync } from 'node:zlib'

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(bytes: Buffer) {
  let c = 0xffffffff
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A solid-colour RGB PNG; `padding` adds that many bytes of a text chunk (to make a large file). */
export function png(width: number, height: number, rgb: [number, number, number] = [79, 70, 229], padding = 0) {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8)
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())])
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    ...(padding > 0 ? [chunk('tEXt', Buffer.alloc(padding, 0x61))] : []),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

export const CLEAN_SVG =
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 64 64" width="64" height="64">' +
  '<title>Asha Digital</title><defs><linearGradient id="g"><stop offset="0" stop-color="#0ea5e9"/><stop offset="1" stop-color="#6366f1"/></linearGradient></defs>' +
  '<g><circle id="c" cx="32" cy="32" r="28" fill="url(#g)"/><use xlink:href="#c" opacity="0.2"/>' +
  '<text x="32" y="40" font-size="20" text-anchor="middle" fill="#fff">A&amp;D</text></g></svg>'

/** SVGs that must be refused, each with what makes it so. */
export const HOSTILE_SVGS: Record<string, string> = {
  'a script element': '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
  'an onload handler': '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>',
  'an external href': '<svg xmlns="http://www.w3.org/2000/svg"><use href="https://evil.test/x.svg#a"/></svg>',
  'an external xlink:href':
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><use xlink:href="//evil.test/a#b"/></svg>',
  'a foreignObject': '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><div>x</div></foreignObject></svg>',
  'a DOCTYPE with an entity': '<!DOCTYPE svg [<!ENTITY x "y">]><svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>',
  'a javascript: URL in a fill': '<svg xmlns="http://www.w3.org/2000/svg"><rect fill="url(javascript:alert(1))"/></svg>',
  'an external url() in a style': '<svg xmlns="http://www.w3.org/2000/svg"><rect style="fill:url(https://evil.test/p)"/></svg>',
  'an image element': '<svg xmlns="http://www.w3.org/2000/svg"><image href="#a"/></svg>',
  'a style element': '<svg xmlns="http://www.w3.org/2000/svg"><style>@import url(https://evil.test/a.css);</style></svg>',
  'an anchor': '<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"><rect/></a></svg>',
  'an entity-encoded javascript: href': '<svg xmlns="http://www.w3.org/2000/svg"><use href="&#106;avascript:alert(1)"/></svg>',
  'an unknown attribute': '<svg xmlns="http://www.w3.org/2000/svg"><rect formaction="x"/></svg>',
  'unbalanced tags': '<svg xmlns="http://www.w3.org/2000/svg"><g><rect/></svg>',
}

/**
 * SVGs whose XML declaration names another encoding than UTF-8. In ISO-2022-JP, ESC $ B switches to two-byte
 * characters: a browser reading the file that way swallows the `<!--` after it, returns to ASCII at ESC ( B and
 * builds the `<script>`, while a reader of UTF-8 sees that script inside a comment.
 */
export const ISO_2022_JP_SVG =
  '<?xml version="1.0" encoding="ISO-2022-JP"?>\n' +
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><title>A\u001b$B<!--\u001b(B<script>alert(document.domain)</script>--></title>' +
  '<rect width="10" height="10" fill="#0ea5e9"/></svg>'

/** An SVG declaring UTF-16 while its bytes are ASCII, and one truly written in UTF-16 (little-endian, with its BOM). */
export const UTF16_DECLARED_SVG =
  '<?xml version="1.0" encoding="UTF-16"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>'
export const utf16Svg = () =>
  Buffer.concat([
    Buffer.from([0xff, 0xfe]),
    Buffer.from(
      '<?xml version="1.0" encoding="UTF-16"?><svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>',
      'utf16le'
    ),
  ])

export const dataUrl = (type: string, bytes: Buffer | string) => `data:${type};base64,${Buffer.from(bytes).toString('base64')}`
