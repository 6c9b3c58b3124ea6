/*
 * My Businesses (docs/screens.md), one screen behind /dashboard/businesses, /dashboard/qr-codes and /dashboard/analytics
 * (what differs: components/businesses/views.ts). `?add=1` opens the add view, so the overview's Add Business
 * button can link here and the browser's Back closes it.
 */
import { PlusOutlined } from '@ant-design/icons'
import { Button, Flex } from 'antd'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { AddBusinessPanel } from '#components/businesses/add-business-panel'
import { BusinessGrid } from '#components/businesses/business-grid'
import { PageHeader } from '#components/layout/page-header'
import { VIEW_COPY, type BusinessesView } from '#components/businesses/views'
import { useBusinesses } from '#hooks/use-businesses'
import { usePermissions } from '#hooks/use-workspaces'

export default function BusinessesPage({ view }: { view: BusinessesView }) {
  const [params] = useSearchParams()
  const { pathname, state } = useLocation()
  const navigate = useNavigate()
  const { businesses } = useBusinesses()
  // Adding is a manager's or an owner's (lib/roles.ts): a viewer's `?add=1` shows the list.
  const { manageBusinesses } = usePermissions()
  const adding = manageBusinesses && params.get('add') === '1'
  const copy = VIEW_COPY[view]

  const openAdd = () => navigate(`${pathname}?add=1`, { state: { openedHere: true } })
  // Opened from this screen: step back, so Back after Cancel does not reopen it. Opened by a link: replace.
  const closeAdd = () => ((state as { openedHere?: boolean } | null)?.openedHere ? navigate(-1) : navigate(pathname, { replace: true }))

  return (
    <Flex vertical gap={20}>
      <PageHeader
        title={copy.title}
        lead={copy.text}
        extra={
          // The empty state has its own 'Add Your First Business'.
          manageBusinesses &&
          !adding &&
          businesses.length > 0 && (
            <Button type="primary" size="large" icon={<PlusOutlined />} onClick={openAdd}>
              Add Business
            </Button>
          )
        }
      />
      {adding ? <AddBusinessPanel onClose={closeAdd} /> : <BusinessGrid view={view} onAdd={openAdd} />}
    </Flex>
  )
}
