/*
 * A business's own website for the website widget (docs/decisions.md D49), served from an origin of its own (a
 * loopback port that is not the app's): a small shop page with the owner's snippet in it, optionally with hostile
 * CSS that tries to restyle everything. Also a stand-in app (`startStubApp`) that serves the built script and data
 * answers in the contract's shape, for the screenshots and for trying the script without the backend.
 */
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { join } from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { root } from './builds.mjs'
import { widgetAnswer } from './widget-answers.mjs'

export const WIDGET_JS = join(root, 'landing', 'dist', 'widget', 'widget.js')

/** The height the script gives each layout (landing/src/widget/styles.ts HEIGHTS; a unit test keeps them equal). */
export const WIDGET_HEIGHTS = { badge: 64, carousel: 264, list: 480 }

/** CSS a careless or hostile site could have; none of it may reach inside the widget. */
export const HOSTILE_CSS = `
* { color: red !important; font-size: 40px !important; font-family: "Courier New", monospace !important; line-height: 3 !important;
    letter-spacing: 4px !important; text-transform: uppercase !important; box-sizing: content-box !important; }
div { display: none !important; padding: 30px !important; border: 5px dashed orange !important; background: yellow !important; }
div:not([data-reviewroute]) { all: unset !important; }
img { width: 1px !important; height: 1px !important; }
button, a { background: lime !important; border: 4px solid black !important; }
ul, li { list-style: square inside !important; margin: 20px !important; }
p { margin: 50px !important; }
:root { --rr-anything: 1; }
`

const escape = (text) => String(text).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c])

/**
 * The owner's snippet: the contract's two tags; with `reserve`, the div also carries the layout's height
 * (style="height:…px"), so the page keeps the room from its first paint, before the async script has arrived.
 */
export const snippet = (app, code, layout, reserve = false) =>
  `<script async src="${app}/w/${encodeURIComponent(code)}.js"></script><div data-reviewroute="${escape(code)}"` +
  `${layout ? ` data-layout="${layout}"` : ''}${reserve ? ` style="height:${WIDGET_HEIGHTS[layout ?? 'carousel']}px"` : ''}></div>`

/**
 * The shop's page: a header, a paragraph, the widgets (each {code, layout}), then more of the page under them
 * (what would move if the widget changed height), with `hostile` CSS or none, the snippets with `reserve` or not,
 * and with `strictCsp` a Content-Security-Policy that allows no inline styles of anyone else's.
 */
export function hostPage({
  app,
  widgets = [],
  hostile = false,
  reserve = false,
  strictCsp = false,
  title = 'Chai Point Koramangala',
  lang = 'en',
}) {
  // A strict policy: no inline style but the page's own (by nonce), scripts and fetches only from the app.
  const csp = `default-src 'none'; style-src 'nonce-host'; script-src ${app}; connect-src ${app}; img-src https: ${app}`
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
${strictCsp ? `<meta http-equiv="Content-Security-Policy" content="${csp}">` : ''}
<title>${escape(title)}</title>
<style nonce="host">
body { margin: 0; font: 16px/1.5 Georgia, serif; color: #3b2f2f; background: #fdf8f0; }
header, main, footer { display: block; padding: 16px; max-width: 960px; margin: 0 auto; }
header { background: #6b3f1d; color: #fff; max-width: none; }
h1 { margin: 0; font-size: 24px; }
.below { background: #f1e3cf; padding: 12px 16px; border-radius: 8px; }
#host-owned { color: rgb(10, 20, 30); font-size: 18px; }
${hostile ? HOSTILE_CSS : ''}
</style></head>
<body>
<header><h1>${escape(title)}</h1></header>
<main>
<p id="host-owned">Fresh chai, samosas and filter coffee since 2009. Open every day, 7 am to 11 pm.</p>
<h2>What our customers say</h2>
${widgets.map(({ code, layout }) => `<section class="reviews">${snippet(app, code, layout, reserve)}</section>`).join('\n')}
<section class="below" id="below"><h2>Find us</h2><p>80 Feet Road, Koramangala 4th Block, Bengaluru 560034.</p></section>
</main>
<footer>© ${escape(title)}</footer>
</body></html>`
}

/** A server for one site on its own loopback origin; `page(url)` answers the HTML of a path (or null: 404). */
export async function startHostSite(page) {
  const server = createServer((request, response) => {
    const url = new URL(request.url, 'http://host')
    const html = url.pathname === '/favicon.ico' ? null : page(url)
    response.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
    response.end(html ?? 'Not found')
  })
  return listen(server)
}

function listen(server) {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        origin: `http://127.0.0.1:${server.address().port}`,
        close: () => {
          server.closeAllConnections()
          return new Promise((done) => server.close(() => done()))
        },
      })
    )
  )
}

/** A round avatar for the stand-in's reviewer photos. */
const avatar = (n) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="72" height="72"><rect width="72" height="72" fill="hsl(${(n * 67) % 360},55%,55%)"/><circle cx="36" cy="28" r="14" fill="#fff" opacity=".85"/><rect x="14" y="48" width="44" height="30" rx="15" fill="#fff" opacity=".85"/></svg>`

function send(request, response, status, type, body, cacheControl) {
  const accepts = String(request.headers['accept-encoding'] ?? '')
  const headers = {
    'content-type': type,
    'cache-control': cacheControl,
    'vary': 'Accept-Encoding, Origin',
    'access-control-allow-origin': '*',
  }
  let bytes = Buffer.from(body)
  if (/\bbr\b/.test(accepts)) {
    bytes = brotliCompressSync(bytes)
    headers['content-encoding'] = 'br'
  } else if (/\bgzip\b/.test(accepts)) {
    bytes = gzipSync(bytes, { level: 9 })
    headers['content-encoding'] = 'gzip'
  }
  response.writeHead(status, headers)
  response.end(bytes)
}

/**
 * The app's three widget paths, standing in for the backend: /w/{code}.js (the built script), /api/widget/{code}
 * (`answer(code, origin)`, a 404 for null) and the reviewer photos of widget-answers.mjs.
 */
export async function startStubApp({ answer = (code, origin) => widgetAnswer({ code, origin }) } = {}) {
  const script = readFileSync(WIDGET_JS)
  let origin = ''
  const server = createServer((request, response) => {
    const path = new URL(request.url, 'http://app').pathname
    let match
    if ((match = path.match(/^\/w\/([\w-]+)\.js$/))) {
      send(request, response, 200, 'application/javascript; charset=utf-8', script, 'public, max-age=300')
    } else if ((match = path.match(/^\/api\/widget\/([\w-]+)$/))) {
      const data = answer(match[1], origin)
      send(
        request,
        response,
        data ? 200 : 404,
        'application/json; charset=utf-8',
        JSON.stringify(data ?? { error: 'Not found' }),
        'public, max-age=300'
      )
    } else if ((match = path.match(/^\/widget-test-photos\/(\d+)\.svg$/))) {
      send(request, response, 200, 'image/svg+xml', avatar(Number(match[1])), 'public, max-age=300')
    } else {
      send(request, response, 404, 'text/plain', 'Not found', 'no-store')
    }
  })
  const app = await listen(server)
  origin = app.origin
  return app
}

/*
 * Functions run in the page (page.evaluate / addInitScript), shared by the browser test and the benchmark.
 */

/** From the first byte: every layout shift without recent input, in window.__shifts ({value, startTime, sources}). */
export function recordLayoutShifts() {
  const shifts = []
  window.__shifts = shifts
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue
      shifts.push({ value: entry.value, startTime: entry.startTime, sources: (entry.sources ?? []).map((s) => s.node?.nodeName ?? '?') })
    }
  }).observe({ type: 'layout-shift', buffered: true })
}

/** The computed styles the page gives its own elements (what the widget must not change). */
export function pageStyles() {
  return ['body', 'header', 'h1', '#host-owned', 'h2', '.below', '.below p', 'footer'].map((selector) => {
    const style = getComputedStyle(document.querySelector(selector))
    return [selector, style.color, style.fontSize, style.fontFamily, style.backgroundColor, style.display, style.margin].join(' | ')
  })
}

/** What is inside each widget of the page, read through its (open) shadow root. */
export function widgetInsides() {
  return [...document.querySelectorAll('div[data-reviewroute]')].map((host) => {
    const root = host.shadowRoot
    const widget = root.querySelector('.w')
    const write = root.querySelector('.write')
    const img = root.querySelector('img')
    const card = root.querySelector('.card')
    const style = getComputedStyle(widget)
    return {
      layout: widget.dataset.layout,
      lang: widget.lang,
      label: widget.getAttribute('aria-label'),
      hostDisplay: getComputedStyle(host).display,
      hostHeight: host.getBoundingClientRect().height,
      font: `${style.fontSize} ${style.color} ${style.textTransform} ${style.letterSpacing}`,
      fontFamily: style.fontFamily,
      writeBackground: getComputedStyle(write).backgroundColor,
      writeColor: getComputedStyle(write).color,
      writeText: write.textContent,
      writeHref: write.href,
      writeTarget: write.target,
      countText: root.querySelector('.count')?.textContent ?? null,
      countHref: root.querySelector('a.count')?.href ?? null,
      cards: root.querySelectorAll('li.card').length,
      cardDisplay: card ? getComputedStyle(card).display : null,
      imgWidth: img ? img.getBoundingClientRect().width : null,
      texts: [...root.querySelectorAll('.text')].map((text) => text.textContent),
      injected: root.querySelectorAll('script, b, .text img').length,
    }
  })
}
