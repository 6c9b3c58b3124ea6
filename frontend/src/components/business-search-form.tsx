/*
 * The dashboard's "find your business" form (onboarding and the add view): the shared search rules
 * (docs/decisions.md D14) on antd, then POST /api/select-business. A limit error shows the spec's upgrade notice.
 * docs/decisions.md D39: a search that finds nothing says so, Enter with one suggestion selects it, suggestions show
 * the whole address (two branches of one name differ only there), and demo listings are labelled.
 */
import { ExperimentOutlined, SearchOutlined } from '@ant-design/icons'
import { useInvalidate } from '@refinedev/core'
import { Alert, AutoComplete, Button, Flex, Input, Tag, Typography } from 'antd'
import { BUSINESS_LIMIT_MESSAGE } from '@reviewroute/backend/contract/product_rules'
import type { BusinessDto, PlaceDto, SelectBusinessRequest, SelectBusinessResponse } from '@reviewroute/backend/types/api'
import { isLimitError } from '@reviewroute/web-shared/api'
import { useBusinessSearch } from '@reviewroute/web-shared/search'
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { LimitNotice } from '#components/billing/limit-notice'
import { errorText, request } from '#providers/http'
import { useToast } from '#providers/toast'

/** Shown when the listings are the built-in demo catalogue (docs/decisions.md D4: clearly marked as demo data). */
export const DEMO_NOTE = 'Demo listings: no Google key configured'

export function BusinessSearchForm({ onAdded, autoFocus }: { onAdded?(business: BusinessDto): void; autoFocus?: boolean }) {
  const toast = useToast()
  const invalidate = useInvalidate()
  const [failure, setFailure] = useState<string | null>(null)
  const [limited, setLimited] = useState(false)

  const select = useCallback(
    async (place: PlaceDto) => {
      try {
        const { business } = await request<SelectBusinessResponse>('/api/select-business', {
          method: 'POST',
          body: { placeId: place.place_id } satisfies SelectBusinessRequest,
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
    [invalidate, onAdded, toast]
  )
  const search = useBusinessSearch(select)

  // antd's list takes Enter only for a suggestion picked with the arrow keys; otherwise it swallowed Enter without
  // choosing anything. Every other Enter is the form's: one suggestion selects it, else a search runs.
  const picked = useRef(false)
  useEffect(() => {
    picked.current = false
  }, [search.suggestions, search.text])
  const onKeyDownCapture = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') picked.current = true
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return
    if (picked.current && search.suggestions.length > 0) return
    event.preventDefault()
    event.stopPropagation()
    if (!search.selecting) search.submit()
  }

  const query = search.text.trim()
  const nothingFound =
    search.searched !== null && search.searched === query && search.suggestions.length === 0 && !search.searching && !search.error
  const demo = search.source === 'demo'
  const demoNote = (
    <Tag icon={<ExperimentOutlined />} color="gold" style={{ whiteSpace: 'normal', marginInlineEnd: 0 }}>
      {DEMO_NOTE}
    </Tag>
  )

  return (
    <Flex vertical gap={12}>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          search.submit()
        }}
      >
        <Flex gap={8} wrap onKeyDownCapture={onKeyDownCapture}>
          <AutoComplete
            style={{ flex: '1 1 260px' }}
            value={search.text}
            onChange={search.setText}
            onSelect={(_value: string, option: { place: PlaceDto }) => void search.choose(option.place)}
            popupRender={(menu) => (
              <>
                {menu}
                {demo && <div style={{ padding: '6px 12px 4px' }}>{demoNote}</div>}
              </>
            )}
            options={search.suggestions.map((place) => ({
              value: place.place_id,
              place,
              label: (
                <Flex vertical style={{ whiteSpace: 'normal', padding: '2px 0' }}>
                  <Typography.Text strong style={{ whiteSpace: 'normal' }}>
                    {place.name}
                  </Typography.Text>
                  <Typography.Text type="secondary" style={{ whiteSpace: 'normal', fontSize: 13, lineHeight: 1.4 }}>
                    {place.address}
                  </Typography.Text>
                </Flex>
              ),
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
      {demo && <div>{demoNote}</div>}
      {failure && <Alert type="error" showIcon message={failure} />}
      {limited && <LimitNotice message={BUSINESS_LIMIT_MESSAGE} />}
    </Flex>
  )
}
