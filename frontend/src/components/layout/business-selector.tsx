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

/** The name, and where two businesses share it (two branches), the first part of the address too. */
export function businessLabel(business: BusinessDto, businesses: BusinessDto[]) {
  const shared = businesses.some((other) => other.id !== business.id && other.name === business.name)
  const place = business.address.split(',')[0]?.trim()
  return shared && place ? `${business.name} (${place})` : business.name
}

export default function BusinessSelector({ compact = false }: { compact?: boolean }) {
  const { businesses, selected, select } = useBusinesses()
  const navigate = useNavigate()
  if (businesses.length < 2) return null
  return (
    <Select
      aria-label="Selected business"
      className="business-selector"
      value={selected?.id}
      onChange={select}
      style={compact ? { width: '100%', minWidth: 0 } : { minWidth: 220, maxWidth: 320 }}
      popupMatchSelectWidth={compact ? false : 320}
      styles={{ popup: { root: { maxWidth: 'calc(100vw - 24px)', minWidth: 260 } } }}
      options={businesses.map((business) => ({ value: business.id, label: businessLabel(business, businesses), address: business.address }))}
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
            <Button type="text" icon={<ShopOutlined />} style={{ justifyContent: 'flex-start' }} onClick={() => navigate('/dashboard/businesses')}>
              Manage businesses
            </Button>
            <Button type="text" icon={<BarChartOutlined />} style={{ justifyContent: 'flex-start' }} onClick={() => navigate('/dashboard/analytics')}>
              All businesses
            </Button>
          </Flex>
        </>
      )}
    />
  )
}
