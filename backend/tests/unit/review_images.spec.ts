/*
 * Review images (docs/decisions.md D50): the PNG's size for each format, the words in their own script's font (a
 * glyph for every character, and a visibly different image without that font), long words clamped to their box
 * with an ellipsis, and the brand's colour. With REVIEW_IMAGE_SAMPLES=<dir> the samples are also written there to
 * be looked at.
 */
import { test } from '@japa/runner'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { PNG } from 'pngjs'
import { loadFont, type Script } from '#services/posters/poster_fonts'
import { drawableText } from '#services/review_images/canvas_fonts'
import {
  REVIEWROUTE_COLOR,
  firstName,
  imageSize,
  inkOn,
  layoutReviewImage,
  renderReviewImage,
  type ImageFormat,
  type ReviewImageInput,
} from '#services/review_images/review_image'
import { svgAspect } from '#services/brand/logo_raster'
import { ELLIPSIS, layoutText } from '#services/review_images/review_text_layout'
import { png as solidPng } from '#tests/helpers/brand_logos'

const SAMPLES = process.env.REVIEW_IMAGE_SAMPLES

const base: ReviewImageInput = {
  stars: 5,
  comment: 'Lovely filter coffee and the crispiest dosa in town. The staff remembered our order from last week!',
  reviewerName: 'Priya Raman',
  reviewerAnonymous: false,
  businessName: 'Annapoorna Tiffin Centre',
  brand: null,
}

const TEXTS = {
  en: base.comment!,
  hi: 'बहुत स्वादिष्ट खाना और जल्दी सेवा। पनीर टिक्का और दाल मखनी ज़रूर आज़माएँ, स्टाफ़ बहुत विनम्र है। श्री कृष्ण की कृपा से हर बार अच्छा अनुभव।',
  ta: 'மிகச் சிறந்த சேவை, சுவையான உணவு. க்ஷேத்திரம் அருகில் உள்ள இந்த உணவகம் எங்கள் குடும்பத்தின் விருப்பம். ஸ்ரீ முருகன் அருளால் எல்லாம் நன்று!',
}

const LONG = Array.from({ length: 60 }, (_, index) => `word${index} is here,`).join(' ')

type Decoded = ReturnType<typeof PNG.sync.read>

function decode(bytes: Buffer): Decoded {
  return PNG.sync.read(bytes)
}

function pixel(image: Decoded, x: number, y: number) {
  const offset = (image.width * y + x) * 4
  return [image.data[offset], image.data[offset + 1], image.data[offset + 2]]
}

const hex = (color: string) => [1, 3, 5].map((index) => Number.parseInt(color.slice(index, index + 2), 16))

/** The share of pixels in the box that differ between two images of one size. */
function differingShare(a: Decoded, b: Decoded, box: { x: number; y: number; width: number; height: number }) {
  let differing = 0
  for (let y = box.y; y < box.y + box.height; y++) {
    for (let x = box.x; x < box.x + box.width; x++) {
      const offset = (a.width * y + x) * 4
      const delta =
        Math.abs(a.data[offset] - b.data[offset]) +
        Math.abs(a.data[offset + 1] - b.data[offset + 1]) +
        Math.abs(a.data[offset + 2] - b.data[offset + 2])
      if (delta > 60) differing++
    }
  }
  return differing / (box.width * box.height)
}

function sample(name: string, bytes: Buffer) {
  if (!SAMPLES) return
  mkdirSync(SAMPLES, { recursive: true })
  writeFileSync(join(SAMPLES, `${name}.png`), bytes)
}

test.group('Review images: the PNG', () => {
  for (const format of ['square', 'story'] as ImageFormat[]) {
    test(`a ${format} image is a PNG of its size (IHDR), of a sane weight`, async ({ assert }) => {
      const { png, drawMs, totalMs } = await renderReviewImage(base, format)
      assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
      assert.equal(png.toString('latin1', 12, 16), 'IHDR')
      const { width, height } = imageSize(format)
      assert.equal(png.readUInt32BE(16), width)
      assert.equal(png.readUInt32BE(20), height)
      assert.deepEqual([width, height], format === 'square' ? [1080, 1080] : [1080, 1920])
      const decoded = decode(png)
      assert.equal(decoded.width, width)
      assert.equal(decoded.height, height)
      assert.isAbove(png.length, 20_000)
      assert.isBelow(png.length, 1_500_000)
      assert.isBelow(drawMs, totalMs + 1)
    })
  }

  test('samples in English, Hindi and Tamil, square and story, and under an agency brand', async ({ assert }) => {
    const timings: number[] = []
    for (const [language, comment] of Object.entries(TEXTS)) {
      for (const format of ['square', 'story'] as ImageFormat[]) {
        const rendered = await renderReviewImage({ ...base, comment, reviewerName: language === 'en' ? 'Priya Raman' : 'रवि कुमार' }, format)
        timings.push(rendered.totalMs)
        sample(`review-${language}-${format}`, rendered.png)
      }
    }
    const logo = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 20"><rect width="40" height="20" rx="4" fill="#0f766e"/><circle cx="10" cy="10" r="6" fill="#fde68a"/></svg>'
    )
    for (const format of ['square', 'story'] as ImageFormat[]) {
      const branded = await renderReviewImage(
        {
          ...base,
          stars: 4,
          comment: LONG,
          brand: { name: 'Bright Agency', color: '#0f766e', logo: { bytes: logo, contentType: 'image/svg+xml' } },
        },
        format
      )
      sample(`review-brand-${format}`, branded.png)
      const long = await renderReviewImage(
        { ...base, comment: TEXTS.ta.repeat(4), businessName: 'Sri Murugan Vilas Pure Vegetarian Restaurant and Sweets, Mylapore' },
        format
      )
      sample(`review-long-${format}`, long.png)
    }
    assert.lengthOf(timings, 6)
    console.log(`review images: ${timings.map((ms) => ms.toFixed(0)).join(', ')} ms`)
  }).timeout(30_000)
})

test.group('Review images: scripts', () => {
  for (const [language, script] of [
    ['hi', 'devanagari'],
    ['ta', 'tamil'],
  ] as [keyof typeof TEXTS, Script][]) {
    test(`a ${language} review's every character has a glyph in the font its run is set in`, async ({ assert }) => {
      const text = await layoutReviewImage({ ...base, comment: TEXTS[language] }, 'square')
      const runs = text.body.lines.flatMap((line) => line.runs)
      assert.isTrue(runs.some((run) => run.script === script))
      for (const run of runs) {
        const font = await loadFont(run.script, 'regular')
        for (const character of run.text) {
          if (/\s|\u200c|\u200d/.test(character)) continue
          assert.isTrue(font.hasGlyphForCodePoint(character.codePointAt(0)!), `${JSON.stringify(character)} in ${run.script}`)
        }
      }
      // Nothing of the words was left out (they fit the square).
      assert.equal(text.body.lines.map((line) => line.text).join(' '), TEXTS[language].replace(/\s+/g, ' '))
    })

    test(`a ${language} review drawn without the ${script} font looks different in the words' box`, async ({ assert }) => {
      const input = { ...base, comment: TEXTS[language] }
      const right = decode((await renderReviewImage(input, 'square')).png)
      const without = decode((await renderReviewImage(input, 'square', { withoutFontOf: script })).png)
      const box = { x: 150, y: 330, width: 780, height: 440 }
      assert.isAbove(differingShare(right, without, box), 0.02)
      // The same image drawn twice is the same in that box.
      const again = decode((await renderReviewImage(input, 'square')).png)
      assert.equal(differingShare(right, again, box), 0)
    }).timeout(20_000)
  }

  test('characters no font of ours draws (emoji) are left out, joiners kept', async ({ assert }) => {
    assert.equal(await drawableText('Great food 👍🏽 and service 🙏'), 'Great food and service ')
    assert.equal(await drawableText('ಸ್ಟಾರ್\u200cಗಳ'), 'ಸ್ಟಾರ್\u200cಗಳ')
  })
})

test.group('Review images: clamping', () => {
  test('a long review clamps to its box: at most the lines that fit, the last ending in an ellipsis', async ({ assert }) => {
    for (const format of ['square', 'story'] as ImageFormat[]) {
      const text = await layoutReviewImage({ ...base, comment: LONG.repeat(3) }, format)
      const { body } = text
      assert.isTrue(body.clamped)
      assert.isAtMost(body.lines.length, body.maxLines)
      assert.isAtLeast(body.lines.length, 3)
      assert.isTrue(body.lines.at(-1)!.text.endsWith(ELLIPSIS))
      const box = format === 'square' ? { width: 780, height: 440 } : { width: 800, height: 640 }
      for (const line of body.lines) assert.isAtMost(line.width, box.width)
      assert.isAtMost(body.lines.length * body.lineHeight, box.height)
    }
  })

  test('the layout wraps by measured width and never cuts a word it can keep', ({ assert }) => {
    // Every character 10 px wide: 100 px is ten characters.
    const measure = (run: { text: string }) => [...run.text].length * 10
    const short = layoutText('one two three four', measure, 100, 3)
    assert.deepEqual(
      short.lines.map((line) => line.text),
      ['one two', 'three four']
    )
    assert.isFalse(short.clamped)
    const long = layoutText('aaaa bbbb cccc dddd eeee ffff', measure, 95, 2)
    assert.deepEqual(
      long.lines.map((line) => line.text),
      ['aaaa bbbb', 'cccc…']
    )
    assert.isTrue(long.clamped)
    // A word wider than the line is cut between graphemes; paragraphs start new lines.
    assert.deepEqual(
      layoutText('abcdefghijklmnop\nend', measure, 100, 5).lines.map((line) => line.text),
      ['abcdefghij', 'klmnop', 'end']
    )
    assert.deepEqual(
      layoutText('first\nsecond\nthird', measure, 100, 2).lines.map((line) => line.text),
      ['first', 'second…']
    )
  })

  test('names: the first name, else "A Google user"; a long business name fits its line', async ({ assert }) => {
    assert.equal(firstName('Priya  Raman', false), 'Priya')
    assert.equal(firstName('Priya Raman', true), 'A Google user')
    assert.equal(firstName(null, false), 'A Google user')
    const text = await layoutReviewImage({ ...base, businessName: 'The Very Long Name Of A Restaurant '.repeat(4) }, 'square')
    assert.lengthOf(text.business.lines, 1)
    assert.isTrue(text.business.lines[0].text.endsWith(ELLIPSIS))
  })
})

test.group('Review images: colour', () => {
  test("an agency client's image is drawn in the brand's colour; without a brand in ReviewRoute's", async ({ assert }) => {
    const brand = { name: 'Bright Agency', color: '#c2410c', logo: { bytes: solidPng(40, 20, [250, 204, 21]), contentType: 'image/png' } }
    const branded = decode((await renderReviewImage({ ...base, brand }, 'square')).png)
    const plain = decode((await renderReviewImage(base, 'square')).png)
    // The margin around the card, top-left and bottom-right.
    for (const [x, y] of [
      [10, 10],
      [1070, 1070],
      [20, 600],
    ]) {
      assert.deepEqual(pixel(branded, x, y), hex('#c2410c'))
      assert.deepEqual(pixel(plain, x, y), hex(REVIEWROUTE_COLOR))
    }
    // The card is white.
    assert.deepEqual(pixel(branded, 540, 1000), [255, 255, 255])
    // The PNG logo is drawn (its yellow inside the white logo square).
    const yellow = [250, 204, 21]
    let found = false
    for (let x = 0; x < 1080 && !found; x += 2)
      for (let y = 40; y < 128 && !found; y += 2) found = pixel(branded, x, y).join() === yellow.join()
    assert.isTrue(found, 'the logo is drawn')
    // An SVG logo keeps its proportions.
    assert.equal(svgAspect('<svg viewBox="0 0 40 20"></svg>'), 2)
    assert.equal(svgAspect('<svg width="10" height="40"></svg>'), 0.25)
    assert.equal(svgAspect('<svg></svg>'), 1)
    // A light brand colour gets the dark ink, a dark one white.
    assert.equal(inkOn('#fde68a'), '#0f172a')
    assert.equal(inkOn('#0f766e'), '#ffffff')
  })
})
