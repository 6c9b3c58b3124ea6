import { describe, expect, it } from 'vitest'
import { deviceName } from '#lib/devices'
import { USER_AGENTS } from './profile-helpers'

const CASES: [userAgent: string | null, name: string][] = [
  [USER_AGENTS.chromeAndroid, 'Chrome on Android'],
  [USER_AGENTS.safariIphone, 'Safari on iPhone'],
  [USER_AGENTS.firefoxWindows, 'Firefox on Windows'],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
    'Chrome on iPhone',
  ],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
    'Edge on Windows',
  ],
  [
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
    'Samsung Internet on Android',
  ],
  [
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
    'Safari on macOS',
  ],
  [
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    'Chrome on macOS',
  ],
  ['Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox on Linux'],
  ['Mozilla/5.0 (Linux; Android 14; Pixel 8; wv) AppleWebKit/537.36 (KHTML, like Gecko) Mobile', 'Unknown browser on Android'],
  ['curl/8.5.0', 'Unknown browser'],
  ['', 'Unknown browser'],
  [null, 'Unknown browser'],
]

describe('deviceName', () => {
  it.each(CASES.map(([userAgent, name]) => ({ userAgent, name })))('reads $name from $userAgent', ({ userAgent, name }) => {
    expect(deviceName(userAgent)).toBe(name)
  })
})
