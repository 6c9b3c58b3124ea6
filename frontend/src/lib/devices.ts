/** A signed-in device's name from the user agent its browser sent ('Chrome on Android'), for the profile's device list. */

// Order matters: Edge, Opera and Samsung Internet also say "Chrome", and Chrome also says "Safari".
const BROWSERS: [name: string, pattern: RegExp][] = [
  ['Edge', /\bEdg(e|A|iOS)?\//],
  ['Opera', /\bOPR\/|\bOPiOS\/|\bOpera\b/],
  ['Samsung Internet', /\bSamsungBrowser\//],
  ['Firefox', /\bFirefox\/|\bFxiOS\//],
  ['Chrome', /\bChrome\/|\bCriOS\//],
  ['Safari', /\bVersion\/[\d.]+.*\bSafari\//],
]

// Android says "Linux" and iPhones say "Mac OS X", so the phones come first.
const SYSTEMS: [name: string, pattern: RegExp][] = [
  ['Android', /\bAndroid\b/],
  ['iPhone', /\biPhone\b/],
  ['iPad', /\biPad\b/],
  ['Windows', /\bWindows\b/],
  ['ChromeOS', /\bCrOS\b/],
  ['macOS', /\bMacintosh\b|\bMac OS X\b/],
  ['Linux', /\bLinux\b/],
]

const find = (list: [string, RegExp][], userAgent: string) => list.find(([, pattern]) => pattern.test(userAgent))?.[0]

/** 'Safari on iPhone', 'Chrome' when the system is not known, 'Unknown browser' (on …) when the browser is not. */
export function deviceName(userAgent: string | null) {
  const browser = userAgent ? find(BROWSERS, userAgent) : undefined
  const system = userAgent ? find(SYSTEMS, userAgent) : undefined
  const name = browser ?? 'Unknown browser'
  return system ? `${name} on ${system}` : name
}
