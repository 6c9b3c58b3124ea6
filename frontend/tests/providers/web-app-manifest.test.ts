/*
 * The dashboard as an app on a phone's home screen: public/manifest.webmanifest (served at /manifest.webmanifest),
 * its icons, and index.html's links to them.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { theme } from '../../src/theme'

// The frontend folder: Vitest runs from it (vite.config.ts).
const read = (path: string) => readFileSync(join(import.meta.dirname, '../..', path))

describe('the web app manifest', () => {
  const manifest = JSON.parse(read('public/manifest.webmanifest').toString('utf8')) as Record<string, unknown>

  it('opens ReviewRoute on the overview, standalone, in the brand colours', () => {
    expect(manifest).toMatchObject({
      name: 'ReviewRoute',
      short_name: 'ReviewRoute',
      start_url: '/dashboard',
      scope: '/',
      display: 'standalone',
      theme_color: theme.token!.colorPrimary,
      background_color: theme.components!.Layout!.bodyBg,
    })
  })

  it('has 192 and 512 pixel PNG icons of those sizes', () => {
    const icons = manifest.icons as { src: string; sizes: string; type: string }[]
    expect(icons.map(({ sizes }) => sizes)).toEqual(['192x192', '512x512'])
    for (const icon of icons) {
      expect(icon.type).toBe('image/png')
      // A PNG's signature, then its IHDR chunk: width and height as big-endian 32-bit numbers at bytes 16 and 20.
      const png = read(`public${icon.src}`)
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG')
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(icon.sizes)
    }
  })

  it("is linked from the dashboard's page, with the theme colour", () => {
    const html = read('index.html').toString('utf8')
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />')
    expect(html).toContain(`<meta name="theme-color" content="${theme.token!.colorPrimary}" />`)
  })
})
