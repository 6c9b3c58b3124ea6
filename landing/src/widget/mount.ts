/*
 * Finding the widgets of a page and filling them: each div[data-reviewroute] gets a shadow root whose stylesheet
 * fixes the box's height for its layout at once, before anything is fetched, then the data answer of its code
 * (one request per code however many widgets show it) and the rendered widget. A failed answer leaves the reserved
 * box empty and says so once in the console.
 */
import { markClamped, render } from './render'
import { CSS, HEIGHTS, hostCss } from './styles'
import { isWidgetLayout, type WidgetData, type WidgetLabels, type WidgetLayout } from './types'

/** performance.mark() set each time a widget has rendered (its detail is the code). */
export const RENDERED_MARK = 'reviewroute-widget-rendered'

/** The widget's words when an answer lacks one (the answer's labels are the business's language). */
const ENGLISH: WidgetLabels = {
  writeReview: 'Write a review',
  reviewsOnGoogle: '{count} reviews on Google',
  ratingOutOf: '{rating} out of 5',
  previous: 'Previous',
  next: 'Next',
  readMore: 'Read more',
  poweredByGoogle: 'Reviews from Google',
}

export const layoutOf = (value: unknown): WidgetLayout | null => (isWidgetLayout(value) ? value : null)

/** The script's address: the running script, else the first script on the page whose src looks like /w/{code}.js. */
export function scriptOrigin(doc: Document = document): string | null {
  const current = doc.currentScript as HTMLScriptElement | null
  const sources = current?.src
    ? [current.src]
    : [...doc.querySelectorAll<HTMLScriptElement>('script[src]')]
        .map((script) => script.src)
        .filter((src) => /\/w\/[^/?#]+\.js(?:[?#]|$)/.test(src))
  for (const src of sources) {
    try {
      return new URL(src, doc.baseURI).origin
    } catch {}
  }
  return null
}

/** `preview`: the owner's preview in the dashboard, which is not counted as a view. */
export type Loader = (code: string, preview?: boolean) => Promise<WidgetData>

/** Fetches each code's answer once from `origin` (no cookies), checking that it has the parts the widget reads. */
export function fetchLoader(origin: string): Loader {
  const answers = new Map<string, Promise<WidgetData>>()
  return (code, preview = false) => {
    const url = `${origin}/api/widget/${encodeURIComponent(code)}${preview ? '?preview=1' : ''}`
    let answer = answers.get(url)
    if (!answer) {
      answer = fetch(url, { credentials: 'omit', mode: 'cors' }).then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`)
        const data = (await response.json()) as WidgetData
        if (!data || !data.business || !data.rating || !data.labels) throw new Error('unexpected answer')
        return data
      })
      answers.set(url, answer)
    }
    return answer
  }
}

const constructable =
  typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype && 'adoptedStyleSheets' in Document.prototype

/**
 * Adds `css` to the shadow root and returns how to replace it: a constructed stylesheet where the browser has them
 * (a page's Content-Security-Policy without 'unsafe-inline' blocks <style> elements, not these), else a <style>.
 */
function stylesheet(root: ShadowRoot, css: string): (next: string) => void {
  if (constructable) {
    const sheet = new CSSStyleSheet()
    sheet.replaceSync(css)
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet]
    return (next) => sheet.replaceSync(next)
  }
  const style = document.createElement('style')
  style.textContent = css
  root.append(style)
  return (next) => void (style.textContent = next)
}

let warned = false
function warnOnce(code: string, error: unknown) {
  if (warned) return
  warned = true
  console.warn(`ReviewRoute widget "${code}": reviews could not be loaded (${error instanceof Error ? error.message : String(error)})`)
}

/**
 * Fills one host element. Returns a promise settled once the widget is drawn (or left empty); false when the
 * element is not one to fill (no code, or a shadow root already there).
 */
export function mount(host: HTMLElement, load: Loader): Promise<void> | false {
  const code = (host.getAttribute('data-reviewroute') ?? '').trim()
  if (!code || host.shadowRoot) return false
  let root: ShadowRoot
  try {
    root = host.attachShadow({ mode: 'open' })
  } catch {
    return false
  }
  const asked = layoutOf(host.getAttribute('data-layout'))
  // Reserved now: the snippet names the layout (without it, the default layout's height until the answer says).
  const reserve = stylesheet(root, hostCss(HEIGHTS[asked ?? 'carousel']))
  stylesheet(root, CSS)

  return load(code, host.hasAttribute('data-preview')).then(
    (data) => {
      const layout = asked ?? layoutOf(data.layout) ?? 'carousel'
      reserve(hostCss(HEIGHTS[layout]))
      root.append(render({ ...data, labels: { ...ENGLISH, ...data.labels } }, layout))
      if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => markClamped(root))
      performance.mark?.(RENDERED_MARK, { detail: code })
    },
    (error) => warnOnce(code, error)
  )
}

/** Fills every widget of the page not filled yet. */
export function scan(load: Loader, doc: Document = document) {
  return [...doc.querySelectorAll<HTMLElement>('div[data-reviewroute]')].map((host) => mount(host, load)).filter((done) => done !== false)
}
