/*
 * The dashboard's "find your business" form (onboarding and the add view): the shared search rules
 * (docs/decisions.md D14) on antd, then POST /api/select-business. A limit error shows the spec's upgrade notice.
 * docs/decisions.md D39: a search that finds nothing says so, Enter with one suggestion selects it, suggestions show
 * the whole address (two branches of one name differ only there), and demo listings are labelled.
 * Typing shows suggestions under the field; Search (or Enter) shows the results in the page, as a list to choose
 * from: pressing the button takes the focus off the field, which closes antd's dropdown, so the answer had nowhere
 * to show (docs/screens.md#add-business-view).
 */
import { DEMO_SEARCH_NOTE } from '@reviewroute/backend/contract/demo_places'
import { ExperimentOutlined, SearchOutlined, StarFilled } from '@ant-design/icons'
import { useInvalidate } from '@refinedev/core'
import { Alert, AutoComplete, Button, Flex, Input, Tag, Typography } from 'antd'
import { BUSINESS_LIMIT_MESSAGE } from '@reviewroute/backend/contract/product_rules'
import type { BusinessDto, PlaceDto, SelectBusinessRequest, SelectBusinessResponse } from '@reviewroute/backend/types/api'
import { isLimitError } from '@reviewroute/web-shared/api'
import { formatCount } from '@reviewroute/web-shared/format'
import { useBusinessSearch, type BusinessSearch } from '@reviewroute/web-shared/search'
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { LimitNotice } from '#components/billing/limit-notice'
import { RoutingChoice } from '#components/businesses/routing-choice'
import { errorText, request } from '#providers/http'
import { useToast } from '#providers/toast'
import './business-search-form.css'

/** Shown when the listings are the built-in demo catalogue (docs/decisions.md D4, D59), in owners' words. */
export const DEMO_NOTE = DEMO_SEARCH_NOTE

export function BusinessSearchForm({ onAdded, autoFocus }: { onAdded?(business: BusinessDto): void; autoFocus?: boolean }) {
  const toast = useToast()
  const invalidate = useInvalidate()
  const [failure, setFailure] = useState<string | null>(null)
  const [limited, setLimited] = useState(false)
  // "By rating" is preselected: the product as first specified (docs/decisions.md D51).
  const [complianceMode, setComplianceMode] = useState(false)

  const select = useCallback(
    async (place: PlaceDto) => {
      try {
        const { business } = await request<SelectBusinessResponse>('/api/select-business', {
          method: 'POST',
          body: { placeId: place.place_id, complianceMode } satisfies SelectBusinessRequest,
        })
        setFailure(null)
        setLimited(false)
        await invalidate({ resource: 'businesses', invalidates: ['list'] })
        toast.success('Business Added Successfully!', `${business.name} has been added to your account.`)
        onAdded?.(business)
      } catch (error) {
        if (isLimitError(error)) {
          setLimited(true)
          setFailure(null)
        } else {
          setLimited(false)
          setFailure(errorText(error, 'Failed to select business'))
        }
      }
    },
    [complianceMode, invalidate, onAdded, toast]
  )
  const search = useBusinessSearch(select)
  // Results of a search asked for with Search or Enter are listed in the page until the text changes.
  const [listed, setListed] = useState(false)
  const type = (text: string) => {
    setListed(false)
    search.setText(text)
  }
  const submit = () => {
    if (search.selecting) return
    setListed(true)
    search.submit()
  }

  // antd's list takes Enter only for a suggestion picked with the arrow keys; otherwise it swallowed Enter without
  // choosing anything. Every other Enter is the form's: one suggestion selects it, else a search runs.
  const picked = useRef(false)
  useEffect(() => {
    picked.current = false
  }, [search.suggestions, search.text])
  const onKeyDownCapture = (event: KeyboardEvent) => {
    // The field is a search input: Chromium empties it on Escape. Escape closes the suggestions and keeps the text.
    if (event.key === 'Escape') event.preventDefault()
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && !listed) picked.current = true
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return
    if (picked.current && search.suggestions.length > 0) return
    event.preventDefault()
    event.stopPropagation()
    submit()
  }

  const query = search.text.trim()
  const answered = search.searched !== null && search.searched === query && !search.searching && !search.error
  const nothingFound = answered && search.suggestions.length === 0
  const showResults = listed && answered && search.suggestions.length > 0
  const demo = search.source === 'demo'
  const demoNote = (
    <Tag icon={<ExperimentOutlined />} color="gold" style={{ whiteSpace: 'normal', marginInlineEnd: 0 }}>
      {DEMO_NOTE}
    </Tag>
  )

  return (
    <Flex vertical gap={12}>
      {/* Asked before the search: Choose adds the business at once, with the answer already given. */}
      <RoutingChoice value={complianceMode} onChange={setComplianceMode} disabled={search.selecting} />
      <form
        onSubmit={(event) => {
          event.preventDefault()
          submit()
        }}
      >
        <Flex gap={8} onKeyDownCapture={onKeyDownCapture} className="business-search">
          <AutoComplete
            style={{ flex: '1 1 0' }}
            value={search.text}
            // onSearch, not onChange: antd's onChange also reports a chosen option's value (the place id) as the text.
            onSearch={type}
            // The listed results are in the page: no dropdown repeating them over it.
            open={showResults ? false : undefined}
            onSelect={(_value: string, option: { place: PlaceDto }) => void search.choose(option.place)}
            popupRender={(menu) => (
              <>
                {menu}
                {demo && <div style={{ padding: '6px 12px 4px' }}>{demoNote}</div>}
              </>
            )}
            options={search.suggestions.map((place) => ({
              'value': place.place_id,
              place,
              // What a screen reader says for the option (antd would read out the value, the place id).
              'aria-label': place.name,
              'label': <PlaceLines place={place} />,
            }))}
          >
            <Input
              size="large"
              aria-label="Business name"
              placeholder="Search your business name, e.g. Sharma Sweets"
              prefix={<SearchOutlined />}
              autoFocus={autoFocus}
              status={search.error ? 'error' : undefined}
            />
          </AutoComplete>
          <Button size="large" type="primary" htmlType="submit" disabled={!search.canSubmit} loading={search.searching || search.selecting}>
            {search.selecting ? 'Adding...' : 'Search'}
          </Button>
        </Flex>
      </form>
      {search.error && <Typography.Text type="danger">{search.error}</Typography.Text>}
      {nothingFound && (
        <Alert
          type="warning"
          showIcon
          role="status"
          message={`No businesses found for '${search.searched}'. Check the spelling or add the city.`}
        />
      )}
      {showResults && <SearchResults search={search} />}
      {demo && <div>{demoNote}</div>}
      {failure && <Alert type="error" showIcon message={failure} />}
      {limited && <LimitNotice message={BUSINESS_LIMIT_MESSAGE} />}
    </Flex>
  )
}

const reviewCount = (count: number) => `${formatCount(count)} ${count === 1 ? 'review' : 'reviews'}`

/** A listing's name over its whole address, wrapping rather than cut off. */
function PlaceLines({ place, ids }: { place: PlaceDto; ids?: { name: string; details: string } }) {
  return (
    <Flex vertical style={{ whiteSpace: 'normal', padding: '2px 0', minWidth: 0 }}>
      <Typography.Text strong id={ids?.name} style={{ whiteSpace: 'normal' }}>
        {place.name}
      </Typography.Text>
      <Typography.Text type="secondary" id={ids?.details} style={{ whiteSpace: 'normal', fontSize: 13, lineHeight: 1.4 }}>
        {place.address}
        {ids && place.rating !== null && (
          <span className="search-result__rating">
            {' · '}
            <StarFilled aria-hidden /> {place.rating.toFixed(1)} ({reviewCount(place.reviewCount)})
          </span>
        )}
      </Typography.Text>
    </Flex>
  )
}

/** One listed result: a button named by the business, its address and rating as the description. */
function SearchResult({ place, disabled, onChoose }: { place: PlaceDto; disabled: boolean; onChoose(): void }) {
  const id = useId()
  const ids = { name: `${id}-name`, details: `${id}-details` }
  return (
    <li>
      <button
        type="button"
        className="search-result"
        aria-labelledby={ids.name}
        aria-describedby={ids.details}
        disabled={disabled}
        onClick={onChoose}
      >
        <PlaceLines place={place} ids={ids} />
        <span className="search-result__choose" aria-hidden>
          Choose
        </span>
      </button>
    </li>
  )
}

/** The answer to Search: every listing found, to choose one from. */
function SearchResults({ search }: { search: BusinessSearch }) {
  const count = search.suggestions.length
  return (
    <Flex vertical gap={8}>
      <Typography.Text role="status">
        {count === 1 ? '1 business' : `${count} businesses`} found for '{search.searched}'. Choose yours:
      </Typography.Text>
      <ul className="search-results" aria-label="Search results">
        {search.suggestions.map((place) => (
          <SearchResult key={place.place_id} place={place} disabled={search.selecting} onChoose={() => void search.choose(place)} />
        ))}
      </ul>
    </Flex>
  )
}
