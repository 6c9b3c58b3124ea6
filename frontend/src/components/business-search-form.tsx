/*
 * The dashboard's "find your business" form (onboarding and the add view): the shared search rules
 * (docs/decisions.md D14) on antd, then POST /api/select-business. A limit error shows the spec's upgrade notice.
 */
import { SearchOutlined } from '@ant-design/icons'
import { useInvalidate } from '@refinedev/core'
import { Alert, AutoComplete, Button, Flex, Input, Typography } from 'antd'
import { BUSINESS_LIMIT_MESSAGE } from '@reviewroute/backend/contract/product_rules'
import type { BusinessDto, PlaceDto, SelectBusinessRequest, SelectBusinessResponse } from '@reviewroute/backend/types/api'
import { isLimitError } from '@reviewroute/web-shared/api'
import { useBusinessSearch } from '@reviewroute/web-shared/search'
import { useCallback, useState } from 'react'
import { LimitNotice } from '#components/billing/limit-notice'
import { errorText, request } from '#providers/http'
import { useToast } from '#providers/toast'

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

  return (
    <Flex vertical gap={12}>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          search.submit()
        }}
      >
        <Flex gap={8} wrap>
          <AutoComplete
            style={{ flex: '1 1 260px' }}
            value={search.text}
            onChange={search.setText}
            onSelect={(_value: string, option: { place: PlaceDto }) => void search.choose(option.place)}
            options={search.suggestions.map((place) => ({
              value: place.place_id,
              place,
              label: (
                <Flex vertical>
                  <Typography.Text strong>{place.name}</Typography.Text>
                  <Typography.Text type="secondary" ellipsis>
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
      {failure && <Alert type="error" showIcon message={failure} />}
      {limited && <LimitNotice message={BUSINESS_LIMIT_MESSAGE} />}
    </Flex>
  )
}
