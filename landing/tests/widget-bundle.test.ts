// @vitest-environment node
/*
 * The website widget's script as built (vite.widget.config.ts): one self-contained file, at most 10 KB gzip, that
 * never writes data as HTML.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build } from 'vite'

const landing = join(import.meta.dirname, '..')
let files: string[] = []
let js = ''

beforeAll(async () => {
  const outDir = mkdtempSync(join(tmpdir(), 'rr-widget-bundle-'))
  try {
    await build({
      root: landing,
      configFile: join(landing, 'vite.widget.config.ts'),
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true },
    })
    files = readdirSync(outDir)
    js = readFileSync(join(outDir, 'widget.js'), 'utf8')
  } finally {
    rmSync(outDir, { recursive: true, force: true })
  }
}, 120_000)

describe('the widget script', () => {
  it('is one minified file with nothing to import', () => {
    expect(files).toEqual(['widget.js'])
    expect(js.length).toBeGreaterThan(3_000)
    expect(js.trimStart().startsWith('(function')).toBe(true)
    expect(js).not.toMatch(/\bimport\s*[({'"]|\brequire\(|sourceMappingURL/)
    // Minified: no line of the source's comments survives.
    expect(js).not.toContain('The website widget')
  })

  it('stays at most 10 KB gzip', () => {
    const kb = gzipSync(js, { level: 9 }).length / 1024
    expect(kb).toBeGreaterThan(1)
    expect(kb).toBeLessThanOrEqual(10)
  })

  it('never sets innerHTML, outerHTML or insertAdjacentHTML', () => {
    expect(js).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write/)
  })
})
