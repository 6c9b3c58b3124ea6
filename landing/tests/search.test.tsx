import { describe, expect, it, vi, beforeEach, afterEach } from 'vitest'
import { act, renderHook } from '@testing-library/react'
import type { GeoDto, PlaceDto, SearchBusinessResponse } from '@reviewroute/backend/types/api'
import { REQUIRED_MESSAGE, SEARCH_FAILED, resetCityForTests, useBusinessSearch } from '@reviewroute/web-shared/search'
import { mockFetch } from './helpers'

const place = (n: number): PlaceDto => ({ place_id: `demo_${n}`, name: `Place ${n}`, address: 'Pune', rating: 4.2, reviewCount: n })

/** Lets pending promises (fetch, json) settle under fake timers. */
const flush = () =>
  act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve()
  })

describe('business search rules (docs/decisions.md D14)', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    resetCityForTests()
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  function setup(places: PlaceDto[] = [place(1), place(2)], city: string | null = 'Pune') {
    const fake = mockFetch({
      'GET /api/geo': () => ({ body: { city, country: 'IN' } satisfies GeoDto }),
      'POST /api/search-business': () => ({ body: { places, source: 'demo' } satisfies SearchBusinessResponse }),
    })
    const onSelect = vi.fn()
    const hook = renderHook(() => useBusinessSearch(onSelect))
    return { ...fake, onSelect, hook }
  }

  const searches = (calls: { url: string }[]) => calls.filter((call) => call.url === '/api/search-business')

  it('searches 250 ms after the last keystroke, with the city from /api/geo', async () => {
    const { calls, hook } = setup()
    act(() => hook.result.current.setText('sh'))
    act(() => hook.result.current.setText('sha'))
    await act(async () => vi.advanceTimersByTime(249))
    expect(searches(calls)).toHaveLength(0)
    await act(async () => vi.advanceTimersByTime(1))
    await flush()
    expect(searches(calls)).toHaveLength(1)
    expect(searches(calls)[0]).toMatchObject({ body: { query: 'sha', location: 'Pune' } })
    expect(hook.result.current.suggestions).toHaveLength(2)
  })

  it('fewer than 2 characters clears the suggestions and searches nothing', async () => {
    const { calls, hook } = setup()
    act(() => hook.result.current.setText('sharma'))
    await act(async () => vi.advanceTimersByTime(250))
    await flush()
    expect(hook.result.current.suggestions).toHaveLength(2)
    act(() => hook.result.current.setText('s'))
    await act(async () => vi.advanceTimersByTime(500))
    expect(hook.result.current.suggestions).toHaveLength(0)
    expect(searches(calls)).toHaveLength(1)
  })

  it('submitting a blank field says the name is required and disables the button', () => {
    const { calls, hook } = setup()
    expect(hook.result.current.canSubmit).toBe(false)
    act(() => hook.result.current.submit())
    expect(hook.result.current.error).toBe(REQUIRED_MESSAGE)
    expect(calls).toHaveLength(0)
  })

  it('Enter with exactly one suggestion selects it', async () => {
    const { hook, onSelect } = setup([place(7)])
    act(() => hook.result.current.setText('place'))
    await act(async () => vi.advanceTimersByTime(250))
    await flush()
    await act(async () => hook.result.current.submit())
    expect(onSelect).toHaveBeenCalledWith(place(7))
  })

  it('Enter with several suggestions searches again right away', async () => {
    const { calls, hook, onSelect } = setup()
    act(() => hook.result.current.setText('place'))
    await act(async () => vi.advanceTimersByTime(250))
    await flush()
    act(() => hook.result.current.submit())
    await flush()
    expect(searches(calls)).toHaveLength(2)
    expect(onSelect).not.toHaveBeenCalled()
  })

  it('a failed search clears suggestions and shows the server sentence, or the default', async () => {
    mockFetch({
      'GET /api/geo': () => ({ body: { city: null, country: null } }),
      'POST /api/search-business': () => ({ status: 503, body: { error: 'Business search is unavailable right now.' } }),
    })
    const hook = renderHook(() => useBusinessSearch(vi.fn()))
    act(() => hook.result.current.setText('cafe'))
    await act(async () => vi.advanceTimersByTime(250))
    await flush()
    expect(hook.result.current.error).toBe('Business search is unavailable right now.')
    expect(hook.result.current.suggestions).toEqual([])

    mockFetch({}, () => Promise.reject(new TypeError('offline')))
    resetCityForTests()
    act(() => hook.result.current.setText('cafes'))
    await act(async () => vi.advanceTimersByTime(250))
    await flush()
    expect(hook.result.current.error).toBe(SEARCH_FAILED)
  })

  it('the button is disabled while searching', async () => {
    let answer: (value: { body: unknown }) => void = () => {}
    mockFetch({
      'GET /api/geo': () => ({ body: { city: null, country: null } }),
      'POST /api/search-business': () => new Promise((resolve) => (answer = resolve)),
    })
    const hook = renderHook(() => useBusinessSearch(vi.fn()))
    act(() => hook.result.current.setText('cafe'))
    expect(hook.result.current.canSubmit).toBe(true)
    await act(async () => vi.advanceTimersByTime(250))
    await flush()
    expect(hook.result.current.searching).toBe(true)
    expect(hook.result.current.canSubmit).toBe(false)
    answer({ body: { places: [] } })
    await flush()
    expect(hook.result.current.canSubmit).toBe(true)
  })

  it('asks /api/geo once for many searches', async () => {
    const { calls, hook } = setup()
    for (const text of ['ab', 'abc', 'abcd']) {
      act(() => hook.result.current.setText(text))
      await act(async () => vi.advanceTimersByTime(250))
      await flush()
    }
    expect(calls.filter((call) => call.url === '/api/geo')).toHaveLength(1)
  })
})
