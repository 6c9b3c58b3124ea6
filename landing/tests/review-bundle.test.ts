// @vitest-environment node
/*
 * The customer bundle as built: no language's texts inside (the server inlines the page's own), so its bytes are
 * the same for all nine languages, and small enough for a cheap phone on slow 4G: what the page loads before the
 * first tap is its CSS and a few hundred bytes of entry; the takeover, loaded when the phone is idle, has no
 * react-dom (docs/decisions.md D62).
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build } from 'vite'
import { REVIEW_LANGUAGES } from '@reviewroute/backend/contract/review_messages/index'
import { REVIEW_MESSAGES } from '../../backend/contract/review_messages/all'
import * as rules from '@reviewroute/backend/contract/product_rules'

const landing = join(import.meta.dirname, '..')
let html = ''
let js = ''
let css = ''
/** The scripts the page names itself (the entry and what it preloads), loaded with the page. */
let firstJs = ''

beforeAll(async () => {
  const outDir = mkdtempSync(join(tmpdir(), 'rr-review-bundle-'))
  // Vitest runs with NODE_ENV=test, which would make Vite build React's development bundle.
  const nodeEnv = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    await build({
      root: landing,
      configFile: join(landing, 'vite.review.config.ts'),
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true },
    })
    html = readFileSync(join(outDir, 'review.html'), 'utf8')
    // Every script the page can load: the entry, then what each file imports, statically or later.
    const seen = new Set<string>()
    const walk = (file: string) => {
      if (seen.has(file)) return
      seen.add(file)
      const text = readFileSync(join(outDir, 'assets', file), 'utf8')
      for (const [, next] of text.matchAll(/["'`](?:\.\/|\/?assets\/)([\w.-]+\.js)["'`]/g)) walk(next)
    }
    const named = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map(([, file]) => file)
    firstJs = named.map((file) => readFileSync(join(outDir, 'assets', file), 'utf8')).join('\n')
    for (const file of named) walk(file)
    js = [...seen].map((file) => readFileSync(join(outDir, 'assets', file), 'utf8')).join('\n')
    css = [...html.matchAll(/href="\/assets\/([^"]+\.css)"/g)]
      .map(([, file]) => readFileSync(join(outDir, 'assets', file), 'utf8'))
      .join('\n')
  } finally {
    process.env.NODE_ENV = nodeEnv
    rmSync(outDir, { recursive: true, force: true })
  }
}, 120_000)

/** The literal pieces of a message around its `{{parameters}}`, long enough to mean something. */
const pieces = (message: string) =>
  message
    .split(/\{\{\w+\}\}/)
    .map((piece) => piece.trim())
    .filter((piece) => piece.length >= 8)

describe('the customer bundle', () => {
  it('holds none of the page texts, in any language', () => {
    expect(js.length).toBeGreaterThan(10_000)
    expect(js).not.toContain('How was your experience?')
    expect(js).not.toContain(REVIEW_MESSAGES.hi.question)
    expect(js).not.toContain(REVIEW_MESSAGES.ta.question)
    // The rules chunk is shared with the site and may carry its owner-facing sentences ("… Upgrade to Pro for …").
    const owners = (Object.values(rules) as unknown[]).filter((value): value is string => typeof value === 'string')
    const customerJs = owners.reduce((text, sentence) => text.replaceAll(sentence, ''), js)
    const found = REVIEW_LANGUAGES.flatMap((language) =>
      Object.entries(REVIEW_MESSAGES[language]).flatMap(([key, message]) =>
        pieces(message)
          .filter((piece) => customerJs.includes(piece))
          .map((piece) => `${language}.${key}: ${piece}`)
      )
    )
    expect(found).toEqual([])
  })

  it('keeps the server’s placeholders and has no inline script (the CSP allows none)', () => {
    expect(html).toContain('<!--review-head-->')
    expect(html).toContain('<div id="root"><!--review-prepaint--></div>')
    expect(html).toContain('<!--review-templates-->')
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/)
  })

  it('loads its CSS and a small entry with the page, nothing else, under 3 KB gzip together', () => {
    expect(firstJs.length).toBeGreaterThan(200)
    expect(firstJs).not.toMatch(/useState|createRoot|flushSync/)
    const kb = (gzipSync(firstJs).length + gzipSync(css).length) / 1024
    expect(kb).toBeLessThan(3)
  })

  it('takes over without react-dom: all its JavaScript under 15 KB gzip', () => {
    // react-dom's production build names its errors so; Preact's compatibility layer has no such text.
    expect(js).not.toMatch(/Minified React error|react-dom/)
    const kb = gzipSync(js).length / 1024
    expect(kb).toBeLessThan(15)
  })
})
