/*
 * The brand logo checks (app/services/brand/brand_logo.ts): the bytes decide, not the claimed type; a PNG needs its
 * signature and a sane IHDR; an SVG only passes when everything in it is on the allow-list.
 */
import { test } from '@japa/runner'
import { BRAND_LOGO_MAX_BYTES, BrandLogoError, checkSvg, readBrandLogo } from '#services/brand/brand_logo'
import { CLEAN_SVG, HOSTILE_SVGS, ISO_2022_JP_SVG, UTF16_DECLARED_SVG, dataUrl, png, utf16Svg } from '#tests/helpers/brand_logos'

test.group('Brand logo', () => {
  test('a PNG is read with its size and content hash, whatever type the data URL claims', ({ assert }) => {
    const bytes = png(120, 40)
    const logo = readBrandLogo(dataUrl('image/svg+xml', bytes))
    assert.equal(logo.contentType, 'image/png')
    assert.equal(logo.width, 120)
    assert.equal(logo.height, 40)
    assert.match(logo.hash, /^[0-9a-f]{64}$/)
    assert.isTrue(logo.bytes.equals(bytes))
  })

  test('a PNG wider or taller than 4096 pixels, or without its header, is refused', ({ assert }) => {
    assert.throws(() => readBrandLogo(dataUrl('image/png', png(5000, 1))), /4096/)
    const broken = png(10, 10)
    broken.write('XXXX', 12, 'latin1')
    assert.throws(() => readBrandLogo(dataUrl('image/png', broken)), /image header/)
  })

  test('a plain SVG passes, as base64 or as URL-encoded text', ({ assert }) => {
    assert.equal(readBrandLogo(dataUrl('image/svg+xml', CLEAN_SVG)).contentType, 'image/svg+xml')
    assert.equal(readBrandLogo(`data:image/svg+xml,${encodeURIComponent(CLEAN_SVG)}`).contentType, 'image/svg+xml')
  })

  test('an SVG declaring an encoding other than UTF-8 is refused, naming it; UTF-8 and no declaration pass', ({ assert }) => {
    // Read as UTF-8 the ISO-2022-JP logo holds only a title and a comment: the check alone would pass it.
    assert.throws(() => readBrandLogo(dataUrl('image/svg+xml', ISO_2022_JP_SVG)), /declares the encoding ISO-2022-JP; only UTF-8/)
    assert.throws(() => readBrandLogo(dataUrl('image/svg+xml', UTF16_DECLARED_SVG)), /declares the encoding UTF-16; only UTF-8/)
    assert.throws(
      () => readBrandLogo(dataUrl('image/svg+xml', ISO_2022_JP_SVG.replace('encoding="ISO-2022-JP"', "encoding = 'iso-2022-jp'"))),
      /iso-2022-jp/
    )
    // Bytes in UTF-16 are no UTF-8 text at all.
    assert.throws(() => readBrandLogo(dataUrl('image/svg+xml', utf16Svg())), BrandLogoError)
    assert.equal(readBrandLogo(dataUrl('image/svg+xml', CLEAN_SVG.replace('UTF-8', 'utf-8'))).contentType, 'image/svg+xml')
    assert.equal(readBrandLogo(dataUrl('image/svg+xml', CLEAN_SVG.replace(/^<\?xml[^>]*>\n/, ''))).contentType, 'image/svg+xml')
  })

  for (const [what, svg] of Object.entries(HOSTILE_SVGS)) {
    test(`an SVG with ${what} is refused`, ({ assert }) => {
      assert.throws(() => checkSvg(svg), BrandLogoError)
      assert.throws(() => readBrandLogo(dataUrl('image/svg+xml', svg)), /SVG logo is refused/)
    })
  }

  test('more than 100 KB is refused before or after decoding', ({ assert }) => {
    assert.throws(() => readBrandLogo(dataUrl('image/png', png(10, 10, [1, 2, 3], BRAND_LOGO_MAX_BYTES))), /at most 100 KB/)
    assert.throws(() => readBrandLogo(`data:image/png;base64,${'A'.repeat(200_000)}`), /at most 100 KB/)
  })

  test('what is not a PNG or an SVG is refused: a GIF, text, a PDF, no data URL at all', ({ assert }) => {
    assert.throws(() => readBrandLogo(dataUrl('image/png', Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'))), /PNG or SVG/)
    assert.throws(() => readBrandLogo(dataUrl('image/png', 'hello')), /PNG or SVG/)
    assert.throws(() => readBrandLogo(dataUrl('image/png', '%PDF-1.7\n')), /PNG or SVG/)
    assert.throws(() => readBrandLogo('https://example.test/logo.png'), /data URL/)
    assert.throws(() => readBrandLogo('data:image/png;base64,@@@'), /base64/)
  })
})
