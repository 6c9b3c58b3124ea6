/*
 * The website widget (src/widget/) in jsdom: drawn from a data answer in each layout, in the business's words,
 * the reviews' text always as text, the height reserved before the answer, one request per code, and the script
 * run twice drawing each widget once.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { render, markClamped } from '../src/widget/render'
import { mount, scan, scriptOrigin, fetchLoader, RENDERED_MARK, type Loader } from '../src/widget/mount'
import { HEIGHTS } from '../src/widget/styles'
import type { WidgetData } from '../src/widget/types'
import { HOSTILE_TEXT, LABELS, widgetAnswer } from '../../scripts/lib/widget-answers.mjs'
import { WIDGET_HEIGHTS } from '../../scripts/lib/widget-pages.mjs'

const ORIGIN = 'https://app.reviewroute.test'
const answer = (options: Parameters<typeof widgetAnswer>[0] = {}) => widgetAnswer({ origin: ORIGIN, ...options })

function host(code: string, layout?: string) {
  const element = document.createElement('div')
  element.setAttribute('data-reviewroute', code)
  if (layout) element.setAttribute('data-layout', layout)
  document.body.append(element)
  return element
}

const reservedHeight = (element: HTMLElement) => {
  const css = [...element.shadowRoot!.querySelectorAll('style')].map((style) => style.textContent).join('')
  return Number(css.match(/:host\{[^}]*height:(\d+)px!important/)?.[1])
}

afterEach(() => {
  document.body.innerHTML = ''
  document.head.innerHTML = ''
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

describe('render', () => {
  it('carousel: the rating, the count linking the Google listing, every review, previous/next and Write a review', () => {
    const data = answer()
    const widget = render(data, 'carousel')
    expect(widget.getAttribute('role')).toBe('region')
    expect(widget.getAttribute('aria-label')).toBe('Chai Point Koramangala · Reviews from Google')
    expect(widget.querySelector('.avg')?.textContent).toBe('4.6')
    expect(widget.querySelector('.head .st')?.getAttribute('aria-label')).toBe('4.6 out of 5')
    const count = widget.querySelector<HTMLAnchorElement>('a.count')!
    expect(count.textContent).toBe('128 reviews on Google')
    expect(count.href).toBe(data.business.listingUrl)
    expect(count.target).toBe('_blank')
    expect(count.rel).toBe('noopener')
    expect(widget.querySelectorAll('li.card')).toHaveLength(6)
    expect([...widget.querySelectorAll('.name')].map((name) => name.textContent)).toEqual(data.reviews.map((review) => review.reviewer))
    const write = widget.querySelector<HTMLAnchorElement>('a.write')!
    expect(write.textContent).toBe('Write a review')
    expect(write.href).toBe(`${ORIGIN}/review/chai-point`)
    const buttons = [...widget.querySelectorAll('button')]
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual(['Previous review', 'Next review'])
    const track = widget.querySelector('ul')!
    expect(buttons.every((button) => button.getAttribute('aria-controls') === track.id)).toBe(true)
  })

  it('each review: its stars spoken, lazy photo with a size, text with dir=auto, an initial when there is no photo', () => {
    const data = answer()
    const cards = [...render(data, 'carousel').querySelectorAll('li.card')]
    const [first, , third, fourth] = cards
    expect(first.querySelector('.meta .st')?.getAttribute('aria-label')).toBe('5 out of 5')
    expect(third.querySelector('.meta .st')?.getAttribute('aria-label')).toBe('4 out of 5')
    const photo = first.querySelector('img')!
    expect(photo.getAttribute('loading')).toBe('lazy')
    expect(photo.getAttribute('width')).toBe('36')
    expect(photo.getAttribute('height')).toBe('36')
    expect(photo.getAttribute('alt')).toBe('')
    expect(photo.src).toBe(`${ORIGIN}/widget-test-photos/1.svg`)
    const text = first.querySelector('.text')!
    expect(text.getAttribute('dir')).toBe('auto')
    expect(text.textContent).toBe(data.reviews[0].text)
    expect(fourth.querySelector('img')).toBeNull()
    expect(fourth.querySelector('.ini')?.textContent).toBe('A')
    expect(first.querySelector('time')?.getAttribute('datetime')).toBe(data.reviews[0].time)

    // A photo that fails to load gives way to the initial.
    photo.dispatchEvent(new Event('error'))
    expect(first.querySelector('img')).toBeNull()
    expect(first.querySelector('.ini')?.textContent).toBe([...data.reviews[0].reviewer.trim()][0].toUpperCase())
  })

  it('list: all reviews in a box the keyboard can scroll, no carousel buttons', () => {
    const widget = render(answer(), 'list')
    const list = widget.querySelector('ul')!
    expect(list.className).toBe('scroll')
    expect(list.getAttribute('tabindex')).toBe('0')
    expect(list.querySelectorAll('li')).toHaveLength(6)
    expect(widget.querySelector('button')).toBeNull()
    expect(widget.querySelector('a.write')).not.toBeNull()
  })

  it('badge: rating, count and Write a review, no reviews; a business without Google shows its name in the badge', () => {
    const badge = render(answer(), 'badge')
    expect(badge.querySelector('li')).toBeNull()
    expect(badge.querySelector('.avg')?.textContent).toBe('4.6')
    expect(badge.querySelector('a.count')?.textContent).toBe('128 reviews on Google')
    expect(badge.querySelector('a.write')?.textContent).toBe('Write a review')

    const unconnected = { ...answer({ connected: false }), rating: { average: null, count: 0 } }
    const empty = render(unconnected, 'carousel')
    expect(empty.className).toBe('w badge')
    expect(empty.querySelector('.nm')?.textContent).toBe('Chai Point Koramangala')
    expect(empty.querySelector('.avg')).toBeNull()
    expect(empty.querySelector('a.write')).not.toBeNull()
  })

  it('speaks the business’s language: Hindi and Tamil labels, no English word of ours', () => {
    for (const language of ['hi', 'ta'] as const) {
      const labels = LABELS[language]
      const widget = render(answer({ language }), 'carousel')
      expect(widget.getAttribute('lang')).toBe(language)
      expect(widget.querySelector('a.write')?.textContent).toBe(labels.writeReview)
      expect(widget.querySelector('.by')?.textContent).toBe(labels.poweredByGoogle)
      expect(widget.querySelector('.more')?.textContent).toBe(labels.readMore)
      const [previous, next] = widget.querySelectorAll('button')
      expect(previous.getAttribute('aria-label')).toBe(labels.previous)
      expect(next.getAttribute('aria-label')).toBe(labels.next)
      const count = language === 'hi' ? '1,234' : '312'
      expect(widget.querySelector('a.count')?.textContent).toBe(labels.reviewsOnGoogle.replace('{count}', count))
      const rating = widget.querySelector('.head .st')?.getAttribute('aria-label')
      expect(rating).toBe(labels.ratingOutOf.replace('{rating}', language === 'hi' ? '4.4' : '4.8'))
      const ours = widget.cloneNode(true) as HTMLElement
      for (const theirs of ours.querySelectorAll('.text, .name')) theirs.remove()
      expect(ours.textContent).toContain(labels.writeReview)
      for (const english of ['Write a review', 'reviews on Google', 'Read more', 'Reviews from Google'])
        expect(ours.textContent).not.toContain(english)
    }
  })

  it('fills "{{count}}" as well as "{count}"', () => {
    const data = answer()
    data.labels = { ...data.labels, reviewsOnGoogle: '{{count}} on Google' }
    expect(render(data, 'badge').querySelector('a.count')?.textContent).toBe('128 on Google')
  })

  it('shows HTML in a review, a name or a business name as text, and never links anything but http(s)', () => {
    const data = answer()
    data.business = {
      ...data.business,
      name: '<i>Chai</i>',
      listingUrl: 'javascript:alert(1)',
      reviewUrl: 'data:text/html,<script>1</script>',
    }
    data.reviews[0].photoUrl = 'javascript:alert(1)'
    const widget = render(data, 'list')
    document.body.append(widget)
    const hostile = [...widget.querySelectorAll('li')][4]
    expect(hostile.querySelector('.text')?.textContent).toBe(HOSTILE_TEXT)
    expect(hostile.querySelector('.name')?.textContent).toBe('<img src=x onerror=alert(1)>')
    expect(widget.querySelectorAll('script, b, i')).toHaveLength(0)
    expect(widget.querySelectorAll('img').length).toBe(4)
    expect([...widget.querySelectorAll('img')].every((img) => img.getAttribute('src')!.startsWith(`${ORIGIN}/`))).toBe(true)
    expect(widget.getAttribute('aria-label')).toBe('<i>Chai</i> · Reviews from Google')
    expect(widget.querySelector('a[href^="javascript"], a[href^="data"]')).toBeNull()
    // The words stay, without a link.
    expect(widget.querySelector('.count')?.tagName).toBe('SPAN')
    expect(widget.querySelector('.write')?.tagName).toBe('SPAN')
    expect((window as unknown as { __widgetXss?: number }).__widgetXss).toBeUndefined()
  })

  it('"Read more" appears under the texts the clamp cut', () => {
    const widget = render(answer(), 'carousel')
    const texts = [...widget.querySelectorAll<HTMLElement>('.text')]
    texts.forEach((text, index) => {
      Object.defineProperty(text, 'scrollHeight', { value: index === 0 ? 120 : 40 })
      Object.defineProperty(text, 'clientHeight', { value: 60 })
    })
    markClamped(widget)
    expect([...widget.querySelectorAll<HTMLElement>('.more')].map((more) => more.hidden)).toEqual([false, true, true, true, true, true])
  })

  it('carousel: next, previous and the arrow keys scroll the track by its width', () => {
    const widget = render(answer(), 'carousel')
    const track = widget.querySelector<HTMLElement>('.track')!
    Object.defineProperty(track, 'clientWidth', { value: 300 })
    Object.defineProperty(track, 'scrollWidth', { value: 1800 })
    const scrollBy = vi.fn()
    track.scrollBy = scrollBy as unknown as typeof track.scrollBy
    const [previous, next] = widget.querySelectorAll('button')
    next.click()
    previous.click()
    widget.querySelector<HTMLElement>('a.write')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }))
    widget.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true }))
    widget.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }))
    expect(scrollBy.mock.calls.map(([options]) => options.left)).toEqual([300, -300, 300, -300])
    track.dispatchEvent(new Event('scroll'))
    expect(previous.getAttribute('aria-disabled')).toBe('true')
    expect(next.getAttribute('aria-disabled')).toBe('false')
  })

  it('carousel: no smooth scrolling when reduced motion is asked for', () => {
    vi.stubGlobal('matchMedia', vi.fn().mockReturnValue({ matches: true }))
    const widget = render(answer(), 'carousel')
    const track = widget.querySelector<HTMLElement>('.track')!
    const scrollBy = vi.fn()
    track.scrollBy = scrollBy as unknown as typeof track.scrollBy
    widget.querySelectorAll('button')[1].click()
    expect(scrollBy.mock.calls[0][0].behavior).toBe('auto')
  })
})

describe('mount', () => {
  it('reserves the layout’s height in a shadow root before the answer, and keeps it once drawn', async () => {
    let resolve: (data: WidgetData) => void = () => {}
    const load: Loader = () => new Promise((done) => (resolve = done))
    for (const layout of ['badge', 'carousel', 'list'] as const) {
      const element = host('chai-point', layout)
      const drawn = mount(element, load)
      expect(element.shadowRoot).not.toBeNull()
      expect(element.shadowRoot!.querySelector('.w')).toBeNull()
      expect(reservedHeight(element)).toBe(HEIGHTS[layout])
      resolve(answer())
      await drawn
      expect(element.shadowRoot!.querySelector('.w')?.getAttribute('data-layout')).toBe(layout)
      expect(reservedHeight(element)).toBe(HEIGHTS[layout])
    }
    // The browser test's and the benchmark's pages reserve the same heights.
    expect(WIDGET_HEIGHTS).toEqual(HEIGHTS)
    expect(HEIGHTS.badge).toBeLessThan(HEIGHTS.carousel)
    expect(HEIGHTS.carousel).toBeLessThan(HEIGHTS.list)
  })

  it('data-layout wins over the owner’s layout; without it the owner’s layout is drawn', async () => {
    const load: Loader = async () => answer({ layout: 'list' })
    const chosen = host('chai-point', 'badge')
    const plain = host('chai-point')
    const nonsense = host('chai-point', 'grid')
    await Promise.all(scan(load))
    expect(chosen.shadowRoot!.querySelector('.w')?.getAttribute('data-layout')).toBe('badge')
    expect(plain.shadowRoot!.querySelector('.w')?.getAttribute('data-layout')).toBe('list')
    expect(nonsense.shadowRoot!.querySelector('.w')?.getAttribute('data-layout')).toBe('list')
    expect(reservedHeight(plain)).toBe(HEIGHTS.list)
  })

  it('several widgets: one request per code, each drawn once however often the page is scanned, and a mark each', async () => {
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      expect(init?.credentials).toBe('omit')
      const code = url.split('/').pop()!
      return new Response(JSON.stringify(answer({ code })), { status: 200, headers: { 'Content-Type': 'application/json' } })
    })
    vi.stubGlobal('fetch', fetchMock)
    const mark = vi.spyOn(performance, 'mark')
    const load = fetchLoader(ORIGIN)
    const hosts = [host('chai-point', 'badge'), host('chai-point', 'carousel'), host('other-shop', 'list')]
    const first = scan(load)
    expect(scan(load)).toHaveLength(0)
    await Promise.all(first)
    expect(fetchMock.mock.calls.map(([url]) => url).sort()).toEqual([`${ORIGIN}/api/widget/chai-point`, `${ORIGIN}/api/widget/other-shop`])
    expect(hosts.map((element) => element.shadowRoot!.querySelectorAll('.w').length)).toEqual([1, 1, 1])
    expect(mark.mock.calls.filter(([name]) => name === RENDERED_MARK).map(([, options]) => (options as { detail: string }).detail)).toEqual(
      ['chai-point', 'chai-point', 'other-shop']
    )
  })

  it('the dashboard’s preview (data-preview) asks with ?preview=1, which the API does not count as a view', async () => {
    const fetchMock = vi.fn(async (url: string) => {
      const code = new URL(url).pathname.split('/').pop()!
      return new Response(JSON.stringify(answer({ code })), { status: 200, headers: { 'Content-Type': 'application/json' } })
    })
    vi.stubGlobal('fetch', fetchMock)
    const preview = host('chai-point', 'badge')
    preview.setAttribute('data-preview', '')
    host('chai-point', 'list')
    await Promise.all(scan(fetchLoader(ORIGIN)))
    expect(fetchMock.mock.calls.map(([url]) => url).sort()).toEqual([
      `${ORIGIN}/api/widget/chai-point`,
      `${ORIGIN}/api/widget/chai-point?preview=1`,
    ])
  })

  it('a 404 or a network error leaves the reserved box empty and warns once', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"error":"Not found"}', { status: 404 }))
    )
    const load = fetchLoader(ORIGIN)
    const elements = [host('nope', 'carousel'), host('nope-too', 'list')]
    await Promise.all(scan(load))
    for (const element of elements) {
      expect(element.shadowRoot!.querySelector('.w')).toBeNull()
      expect(reservedHeight(element)).toBeGreaterThan(0)
    }
    expect(warn).toHaveBeenCalledTimes(1)
    expect(String(warn.mock.calls[0][0])).toContain('HTTP 404')
  })

  it('skips a div without a code', () => {
    const element = host('  ')
    expect(mount(element, async () => answer())).toBe(false)
    expect(element.shadowRoot).toBeNull()
  })
})

describe('the script', () => {
  beforeEach(() => {
    vi.resetModules()
    delete (window as unknown as Record<symbol, unknown>)[Symbol.for('reviewroute.widget')]
  })

  it('finds its origin from its own src', () => {
    const script = document.createElement('script')
    script.src = `${ORIGIN}/w/chai-point.js`
    document.head.append(script)
    expect(scriptOrigin()).toBe(ORIGIN)
    script.src = `${ORIGIN}/assets/other.js`
    expect(scriptOrigin()).toBeNull()
  })

  it('included twice: each widget is drawn once, with one request, and a widget added in between is drawn too', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(answer()), { status: 200 }))
    vi.stubGlobal('fetch', fetchMock)
    const script = document.createElement('script')
    script.src = `${ORIGIN}/w/chai-point.js`
    document.head.append(script)
    const first = host('chai-point', 'carousel')
    await import('../src/widget/main')
    const second = host('chai-point', 'badge')
    vi.resetModules()
    await import('../src/widget/main')
    await vi.waitFor(() => expect(second.shadowRoot?.querySelector('.w')).toBeTruthy())
    expect(first.shadowRoot!.querySelectorAll('.w')).toHaveLength(1)
    expect(second.shadowRoot!.querySelectorAll('.w')).toHaveLength(1)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(fetchMock.mock.calls[0]).toEqual([`${ORIGIN}/api/widget/chai-point`, expect.anything()])
  })
})
