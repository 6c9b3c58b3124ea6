/*
 * The QR poster's texts (docs/decisions.md D31): the pinned language's, else English with Hindi under it, drawn
 * in a font stack with Noto's Indian scripts and shrunk until each line fits the 600 px poster.
 */
import { drawPoster, POSTER_FONTS, POSTER_WIDTH, type PosterTexts } from '@reviewroute/web-shared/qr'
import { afterEach, describe, expect, it, vi } from 'vitest'
import hi from '@reviewroute/backend/contract/review_messages/hi'
import ta from '@reviewroute/backend/contract/review_messages/ta'
import { LANGUAGE_NAMES, loadMessages, posterTextsFor, REVIEW_LANGUAGES, type LoadMessages } from '#lib/review-languages'

const ENGLISH = { scan: 'Scan QR Code to Share Your Experience', drop: 'Drop Your Rating Below', poweredBy: 'Powered by ReviewRoute' }

const textsOf = (messages: { posterScan: string; posterDrop: string; poweredBy: string }) => ({
  scan: messages.posterScan,
  drop: messages.posterDrop,
  poweredBy: messages.poweredBy,
})

describe('poster texts chosen for a business', () => {
  it("prints only the pinned language's sentences", async () => {
    expect(await posterTextsFor('ta')).toEqual([textsOf(ta)])
    expect(await posterTextsFor('en')).toEqual([ENGLISH])
    expect(ta.posterScan).not.toBe(ENGLISH.scan)
  })

  it('prints English with Hindi under it when no language is pinned', async () => {
    expect(await posterTextsFor(null)).toEqual([ENGLISH, textsOf(hi)])
  })

  it('asks the loader for the pinned language only, and for Hindi when none is pinned', async () => {
    const load = vi.fn<LoadMessages>(async (language) => ({
      posterScan: `scan ${language}`,
      posterDrop: `drop ${language}`,
      poweredBy: `by ${language}`,
    }))
    expect(await posterTextsFor('kn', load)).toEqual([{ scan: 'scan kn', drop: 'drop kn', poweredBy: 'by kn' }])
    expect(await posterTextsFor(null, load)).toEqual([ENGLISH, { scan: 'scan hi', drop: 'drop hi', poweredBy: 'by hi' }])
    expect(load.mock.calls).toEqual([['kn'], ['hi']])
  })

  it("names every language as its own module does, and has every language's poster sentences", async () => {
    for (const language of REVIEW_LANGUAGES) {
      const messages = (await loadMessages(language)) as typeof hi
      expect(LANGUAGE_NAMES[language]).toBe(messages.languageName)
      expect(messages.posterScan && messages.posterDrop && messages.poweredBy).toBeTruthy()
    }
  })
})

interface Drawn {
  text: string
  y: number
  font: string
}

/** A 2D context that records the texts drawn; a character is as wide as half the font size. */
function recordingCanvas() {
  const drawn: Drawn[] = []
  const context = {
    font: '',
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 1,
    textAlign: 'start',
    fillRect() {},
    strokeRect() {},
    drawImage() {},
    beginPath() {},
    lineTo() {},
    closePath() {},
    fill() {},
    measureText(text: string) {
      return { width: text.length * Number(/(\d+)px/.exec(context.font)![1]) * 0.5 }
    },
    fillText(text: string, _x: number, y: number) {
      drawn.push({ text, y, font: context.font })
    },
  }
  const canvas = { width: 0, height: 0, getContext: () => context } as unknown as HTMLCanvasElement
  return { canvas, drawn }
}

const fontSize = (line: Drawn) => Number(/(\d+)px/.exec(line.font)![1])

describe('drawing the poster', () => {
  afterEach(() => vi.unstubAllGlobals())

  async function draw(texts: PosterTexts[]) {
    // jsdom loads no images: the QR's data URL "loads" at once.
    vi.stubGlobal(
      'Image',
      class {
        onload = () => {}
        set src(_value: string) {
          queueMicrotask(() => this.onload())
        }
      }
    )
    const { canvas, drawn } = recordingCanvas()
    await drawPoster(canvas, { name: 'Chai Point Cafe', link: 'http://localhost/review/chai123', texts })
    return drawn
  }

  it('draws one language: the scan sentence above the QR, the rating sentence over the stars, then Powered by', async () => {
    const drawn = await draw([ENGLISH])
    expect(drawn.map((line) => line.text)).toEqual(['Chai Point Cafe', ENGLISH.scan, ENGLISH.drop, ENGLISH.poweredBy])
    expect(drawn[1].y).toBeLessThan(225)
    expect(drawn[2].y).toBeGreaterThan(565)
    expect(drawn.every((line) => line.font.includes(POSTER_FONTS))).toBe(true)
    expect(POSTER_FONTS).toMatch(/^"Noto Sans", .*"Noto Sans Tamil".*, system-ui, sans-serif$/)
  })

  it('draws a second language under each sentence, every line inside the poster and between header, QR and stars', async () => {
    const hindi = textsOf(hi)
    const drawn = await draw([ENGLISH, hindi])
    expect(drawn.map((line) => line.text)).toEqual([
      'Chai Point Cafe',
      ENGLISH.scan,
      hindi.scan,
      ENGLISH.drop,
      hindi.drop,
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
    expect(fontSize(drawn.find((entry) => entry.text === ENGLISH.drop)!)).toBe(22)
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
