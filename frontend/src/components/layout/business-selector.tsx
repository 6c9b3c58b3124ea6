/*
 * The one business selector (docs/screens.md#business-selector): in the header on every screen, on phones too,
 * for owners of two or more businesses. Each option shows the address as well, so two branches of one name differ;
 * below the list, the way to manage the businesses and to see them all together.
 */
import { BarChartOutlined, ShopOutlined } from '@ant-design/icons'
import type { BusinessDto } from '@reviewroute/backend/types/api'
import { Button, Divider, Flex, Select, Typography } from 'antd'
import { useNavigate } from 'react-router'
import { useBusinesses } from '#hooks/use-businesses'
import { businessLabel } from '#lib/business-label'

export { businessLabel }

export default function BusinessSelector({ compact = false }: { compact?: boolean }) {
  const { businesses, selected, select } = useBusinesses()
  const navigate = useNavigate()
  if (businesses.length < 2) return null
  return (
    <BusinessSelectorView businesses={businesses} selectedId={selected?.id} onSelect={select} onNavigate={navigate} compact={compact} />
  )
}

interface ViewProps {
  businesses: BusinessDto[]
  selectedId: number | undefined
  onSelect(id: number): void
  onNavigate(path: string): void
  compact: boolean
}

/** The selector drawn from the list (also rendered at build time for the first paint, first-paint/prerender.tsx). */
export function BusinessSelectorView({ businesses, selectedId, onSelect, onNavigate, compact }: ViewProps) {
  return (
    <Select
      aria-label="Selected business"
      className="business-selector"
      value={selectedId}
      onChange={onSelect}
      style={compact ? { width: '100%', minWidth: 0 } : { minWidth: 220, maxWidth: 320 }}
      popupMatchSelectWidth={compact ? false : 320}
      styles={{ popup: { root: { maxWidth: 'calc(100vw - 24px)', minWidth: 260 } } }}
      options={businesses.map((business) => ({
        value: business.id,
        label: businessLabel(business, businesses),
        address: business.address,
      }))}
      optionRender={(option) => (
        <Flex vertical style={{ minWidth: 0 }}>
          <Typography.Text strong style={{ whiteSpace: 'normal' }}>
            {option.data.label}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'normal' }}>
            {option.data.address}
          </Typography.Text>
        </Flex>
      )}
      popupRender={(menu) => (
        <>
          {menu}
          <Divider style={{ margin: '4px 0' }} />
          <Flex vertical>
            <Button
              type="text"
              icon={<ShopOutlined />}
              style={{ justifyContent: 'flex-start' }}
              onClick={() => onNavigate('/dashboard/businesses')}
            >
              Manage businesses
            </Button>
            <Button
              type="text"
              icon={<BarChartOutlined />}
              style={{ justifyContent: 'flex-start' }}
              onClick={() => onNavigate('/dashboard/analytics')}
            >
              All businesses
            </Button>
          </Flex>
        </>
      )}
    />
  )
}
