/*
 * The QR poster's texts (docs/decisions.md D31): the pinned language's, else English with Hindi under it, drawn
 * in a font stack with Noto's Indian scripts and shrunk until each line fits the 600 px poster.
 */
import { drawPoster, POSTER_FONTS, POSTER_WIDTH, type PosterBrand, type PosterTexts } from '@reviewroute/web-shared/qr'
import { afterEach, describe, expect, it, vi } from 'vitest'
import hi from '@reviewroute/backend/contract/review_messages/hi'
import ta from '@reviewroute/backend/contract/review_messages/ta'
import { POSTER_MESSAGES } from '@reviewroute/backend/contract/poster_messages'
import { LANGUAGE_NAMES, loadMessages, posterTextsFor, REVIEW_LANGUAGES, type LoadMessages } from '#lib/review-languages'

const ENGLISH = {
  scan: 'Scan QR Code to Share Your Experience',
  rate: 'Then rate your visit from 1 to 5 stars on your phone',
  poweredBy: 'Powered by ReviewRoute',
}

const textsOf = (messages: { posterScan: string; poweredBy: string }, language: 'hi' | 'ta') => ({
  scan: messages.posterScan,
  rate: POSTER_MESSAGES[language].rateOnPhone,
  poweredBy: messages.poweredBy,
})

describe('poster texts chosen for a business', () => {
  it("prints only the pinned language's sentences", async () => {
    expect(await posterTextsFor('ta')).toEqual([textsOf(ta, 'ta')])
    expect(await posterTextsFor('en')).toEqual([ENGLISH])
    expect(ta.posterScan).not.toBe(ENGLISH.scan)
  })

  it('prints English with Hindi under it when no language is pinned', async () => {
    expect(await posterTextsFor(null)).toEqual([ENGLISH, textsOf(hi, 'hi')])
  })

  it('says the rating is given on the phone, as the printed poster does, never to drop a rating below the stars', async () => {
    for (const language of REVIEW_LANGUAGES) {
      const [texts] = await posterTextsFor(language)
      expect(texts.rate).toBe(POSTER_MESSAGES[language].rateOnPhone)
    }
    expect(JSON.stringify(await posterTextsFor(null))).not.toMatch(/Drop Your Rating/i)
  })

  it("names the agency instead of ReviewRoute under a client's brand, in every language", async () => {
    const brand = { name: "Asha $' Digital" }
    expect((await posterTextsFor('en', loadMessages, brand))[0].poweredBy).toBe("Powered by Asha $' Digital")
    expect((await posterTextsFor('hi', loadMessages, brand))[0].poweredBy).toBe("Asha $' Digital द्वारा संचालित")
  })

  it('asks the loader for the pinned language only, and for Hindi when none is pinned', async () => {
    const load = vi.fn<LoadMessages>(async (language) => ({
      posterScan: `scan ${language}`,
      poweredBy: `by ${language}`,
    }))
    const rate = (language: 'kn' | 'hi') => POSTER_MESSAGES[language].rateOnPhone
    expect(await posterTextsFor('kn', load)).toEqual([{ scan: 'scan kn', rate: rate('kn'), poweredBy: 'by kn' }])
    expect(await posterTextsFor(null, load)).toEqual([ENGLISH, { scan: 'scan hi', rate: rate('hi'), poweredBy: 'by hi' }])
    expect(load.mock.calls).toEqual([['kn'], ['hi']])
  })

  it("names every language as its own module does, and has every language's poster sentences", async () => {
    for (const language of REVIEW_LANGUAGES) {
      const messages = (await loadMessages(language)) as typeof hi
      expect(LANGUAGE_NAMES[language]).toBe(messages.languageName)
      expect(messages.posterScan && POSTER_MESSAGES[language].rateOnPhone && messages.poweredBy).toBeTruthy()
    }
  })
})

interface Drawn {
  text: string
  y: number
  font: string
  color: string
}

/** A 2D context that records the texts drawn, the rectangles filled and the images drawn; a character is as wide as half the font size. */
function recordingCanvas() {
  const drawn: Drawn[] = []
  const fills: { style: string; x: number; y: number; width: number; height: number }[] = []
  const images: { src: string; x: number; y: number; width: number; height: number }[] = []
  const context = {
    font: '',
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 1,
    textAlign: 'start',
    fillRect(x: number, y: number, width: number, height: number) {
      fills.push({ style: context.fillStyle, x, y, width, height })
    },
    roundRect(x: number, y: number, width: number, height: number) {
      fills.push({ style: context.fillStyle, x, y, width, height })
    },
    strokeRect() {},
    drawImage(image: { src: string }, x: number, y: number, width: number, height: number) {
      images.push({ src: image.src, x, y, width, height })
    },
    beginPath() {},
    lineTo() {},
    closePath() {},
    fill() {},
    measureText(text: string) {
      return { width: text.length * Number(/(\d+)px/.exec(context.font)![1]) * 0.5 }
    },
    fillText(text: string, _x: number, y: number) {
      drawn.push({ text, y, font: context.font, color: context.fillStyle })
    },
  }
  const canvas = { width: 0, height: 0, getContext: () => context } as unknown as HTMLCanvasElement
  return { canvas, drawn, fills, images }
}

const fontSize = (line: Drawn) => Number(/(\d+)px/.exec(line.font)![1])

describe('drawing the poster', () => {
  afterEach(() => vi.unstubAllGlobals())

  /** Draws the poster; jsdom loads no images: each "loads" at once, 80 × 40 px, and a `broken` one fails. */
  async function drawWith(texts: PosterTexts[], brand?: PosterBrand | null) {
    vi.stubGlobal(
      'Image',
      class {
        onload = () => {}
        onerror = () => {}
        naturalWidth = 80
        naturalHeight = 40
        source = ''
        get src() {
          return this.source
        }
        set src(value: string) {
          this.source = value
          queueMicrotask(() => (value.includes('broken') ? this.onerror() : this.onload()))
        }
      }
    )
    const { canvas, drawn, fills, images } = recordingCanvas()
    await drawPoster(canvas, { name: 'Chai Point Cafe', link: 'http://localhost/review/chai123', texts, brand })
    return { drawn, fills, images }
  }

  const draw = async (texts: PosterTexts[]) => (await drawWith(texts)).drawn

  it("draws the header in ReviewRoute's blue without a brand, in the brand's colour with its logo under one", async () => {
    const plain = await drawWith([ENGLISH])
    expect(plain.fills.find((fill) => fill.y === 0 && fill.width === POSTER_WIDTH && fill.height < 750)?.style).toBe('#2563eb')
    expect(plain.images.map((image) => image.src)).toEqual([expect.stringMatching(/^data:image\/png/)])

    const branded = await drawWith([ENGLISH], { color: '#0EA5E9', logoUrl: '/brand-logos/abc.png' })
    const band = branded.fills.find((fill) => fill.y === 0 && fill.width === POSTER_WIDTH && fill.height < 750)!
    expect(band.style).toBe('#0ea5e9')
    const logo = branded.images.find((image) => image.src === '/brand-logos/abc.png')!
    // In its proportions (2:1), inside the band, above the name, on a white box.
    expect(logo.width / logo.height).toBeCloseTo(2)
    expect(logo.y + logo.height).toBeLessThan(branded.drawn[0].y - 24)
    expect(
      branded.fills.some(
        (fill) => fill.style === '#ffffff' && fill.y > 0 && fill.y <= logo.y && fill.y + fill.height >= logo.y + logo.height
      )
    ).toBe(true)
    // #0ea5e9 is too light for white text: the name is in the dark ink.
    expect(branded.drawn[0]).toMatchObject({ text: 'Chai Point Cafe', color: '#0f172a' })
    expect(branded.drawn[0].y).toBeLessThan(band.height)

    // A dark colour keeps white text; a logo that does not load leaves the name where it would be without one.
    const dark = await drawWith([ENGLISH], { color: '#312e81', logoUrl: '/brand-logos/broken.png' })
    expect(dark.fills.find((fill) => fill.y === 0 && fill.width === POSTER_WIDTH && fill.height < 750)?.style).toBe('#312e81')
    expect(dark.images.some((image) => image.src.includes('broken'))).toBe(false)
    expect(dark.drawn[0]).toMatchObject({ y: plain.drawn[0].y, color: '#ffffff' })
  })

  it('draws one language: the scan sentence above the QR, the rating sentence over the stars, then Powered by', async () => {
    const drawn = await draw([ENGLISH])
    expect(drawn.map((line) => line.text)).toEqual(['Chai Point Cafe', ENGLISH.scan, ENGLISH.rate, ENGLISH.poweredBy])
    expect(drawn[1].y).toBeLessThan(225)
    expect(drawn[2].y).toBeGreaterThan(565)
    expect(drawn.every((line) => line.font.includes(POSTER_FONTS))).toBe(true)
    expect(POSTER_FONTS).toMatch(/^"Noto Sans", .*"Noto Sans Tamil".*, system-ui, sans-serif$/)
  })

  it('draws a second language under each sentence, every line inside the poster and between header, QR and stars', async () => {
    const hindi = textsOf(hi, 'hi')
    const drawn = await draw([ENGLISH, hindi])
    expect(drawn.map((line) => line.text)).toEqual([
      'Chai Point Cafe',
      ENGLISH.scan,
      hindi.scan,
      ENGLISH.rate,
      hindi.rate,
      ENGLISH.poweredBy,
    ])
    const [, scan, scanBelow, drop, dropBelow] = drawn
    expect(scan.y).toBeGreaterThan(150 + fontSize(scan))
    expect(scanBelow.y).toBeGreaterThan(scan.y)
    expect(scanBelow.y).toBeLessThanOrEqual(225 - 8)
    expect(drop.y - fontSize(drop)).toBeGreaterThan(565)
    expect(dropBelow.y).toBeGreaterThan(drop.y)
    expect(dropBelow.y).toBeLessThanOrEqual(640 - 8)
  })

  it('shrinks a line that would be a little wider than the poster until it fits', async () => {
    const long = { ...ENGLISH, scan: 'Scan this QR code to share your experience with us' }
    const drawn = await draw([long])
    const line = drawn.find((entry) => entry.text === long.scan)!
    expect(fontSize(line)).toBeLessThan(24)
    expect(long.scan.length * fontSize(line) * 0.5).toBeLessThanOrEqual(POSTER_WIDTH - 60)
    // The other sentences keep the size they have with the plain texts.
    const plain = await draw([ENGLISH])
    expect(fontSize(drawn.find((entry) => entry.text === ENGLISH.rate)!)).toBe(
      fontSize(plain.find((entry) => entry.text === ENGLISH.rate)!)
    )
  })

  it('breaks a much longer sentence of one language into two lines above the QR rather than shrinking it far', async () => {
    const long = { ...ENGLISH, scan: 'A much longer invitation to scan the code and share how your visit went today' }
    const drawn = await draw([long])
    const [first, second] = drawn.slice(1, 3)
    expect(`${first.text} ${second.text}`).toBe(long.scan)
    expect(second.y).toBeGreaterThan(first.y)
    expect(second.y).toBeLessThanOrEqual(225 - 8)
    for (const line of [first, second]) {
      expect(fontSize(line)).toBeGreaterThanOrEqual(18)
      expect(line.text.length * fontSize(line) * 0.5).toBeLessThanOrEqual(POSTER_WIDTH - 60)
    }
  })
})
