/*
 * The business search rules (docs/product-rules.md#trial, docs/product-rules.md, docs/decisions.md D14), one implementation for the public /add-business screen
 * and the dashboard's add and onboarding forms: 'Business name is required', at least 2 characters, 250 ms
 * debounce, typed text plus the visitor's city from /api/geo, suggestions, Enter with exactly one suggestion
 * selects it, and the button states.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import type { GeoDto, PlaceDto, SearchBusinessRequest, SearchBusinessResponse } from '@reviewroute/backend/types/api'
import { api, ApiError } from './api'
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS } from './constants'

export const REQUIRED_MESSAGE = 'Business name is required'
export const SEARCH_FAILED = 'Failed to search business'

let geoRequest: Promise<string | null> | null = null
/** The visitor's city, asked of our own server once per page (docs/decisions.md D4). */
export function detectCity(): Promise<string | null> {
  geoRequest ??= api<GeoDto>('/api/geo', { auth: false })
    .then((geo) => geo.city)
    .catch((error) => {
      console.warn('city detection failed', error)
      return null
    })
  return geoRequest
}

export function resetCityForTests() {
  geoRequest = null
}

export interface BusinessSearch {
  text: string
  setText(text: string): void
  suggestions: PlaceDto[]
  searching: boolean
  selecting: boolean
  /** Field message (required) or the search failure sentence. */
  error: string | null
  /** Search button state (docs/product-rules.md): disabled when blank, searching, or a selection is loading. */
  canSubmit: boolean
  /** The query of the last search that answered (null before one, or after a failure or a clear): with no
   * suggestions it is the 'nothing found' state (docs/decisions.md D39). */
  searched: string | null
  /** Where the last answer's listings came from: the demo catalogue is labelled as such. */
  source: SearchBusinessResponse['source'] | null
  submit(): void
  choose(place: PlaceDto): Promise<void>
  clear(): void
}

export function useBusinessSearch(onSelect: (place: PlaceDto) => Promise<void> | void): BusinessSearch {
  const [text, setTextState] = useState('')
  const [suggestions, setSuggestions] = useState<PlaceDto[]>([])
  const [searching, setSearching] = useState(false)
  const [selecting, setSelecting] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [searched, setSearched] = useState<string | null>(null)
  const [source, setSource] = useState<SearchBusinessResponse['source'] | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const latest = useRef(0)

  useEffect(() => () => clearTimeout(timer.current), [])

  const search = useCallback(async (query: string) => {
    const ticket = ++latest.current
    setSearching(true)
    try {
      const city = await detectCity()
      const answer = await api<SearchBusinessResponse>('/api/search-business', {
        method: 'POST',
        body: { query, location: city } satisfies SearchBusinessRequest,
      })
      if (ticket !== latest.current) return
      setSuggestions(answer.places)
      setSearched(query)
      setSource(answer.source ?? null)
      setError(null)
    } catch (failure) {
      if (ticket !== latest.current) return
      setSuggestions([])
      setSearched(null)
      setError(failure instanceof ApiError && failure.status !== 0 ? failure.message : SEARCH_FAILED)
    } finally {
      if (ticket === latest.current) setSearching(false)
    }
  }, [])

  const setText = useCallback(
    (next: string) => {
      setTextState(next)
      clearTimeout(timer.current)
      if (next.trim().length < SEARCH_MIN_CHARS) {
        latest.current++
        setSuggestions([])
        setSearching(false)
        return
      }
      setError(null)
      timer.current = setTimeout(() => void search(next.trim()), SEARCH_DEBOUNCE_MS)
    },
    [search]
  )

  const choose = useCallback(
    async (place: PlaceDto) => {
      setSelecting(true)
      try {
        await onSelect(place)
        setSuggestions([])
        setSearched(null)
      } finally {
        setSelecting(false)
      }
    },
    [onSelect]
  )

  const submit = useCallback(() => {
    const query = text.trim()
    if (!query) return setError(REQUIRED_MESSAGE)
    if (suggestions.length === 1) return void choose(suggestions[0])
    if (query.length < SEARCH_MIN_CHARS) return setError(`Type at least ${SEARCH_MIN_CHARS} characters to search`)
    clearTimeout(timer.current)
    void search(query)
  }, [text, suggestions, choose, search])

  const clear = useCallback(() => {
    clearTimeout(timer.current)
    latest.current++
    setTextState('')
    setSuggestions([])
    setSearched(null)
    setError(null)
    setSearching(false)
  }, [])

  return {
    text,
    setText,
    suggestions,
    searching,
    selecting,
    error,
    canSubmit: text.trim().length > 0 && !searching && !selecting,
    searched,
    source,
    submit,
    choose,
    clear,
  }
}
