/*
 * /feedbacks: 'Customer Feedbacks' of the selected business (docs/screens.md, docs/decisions.md D14). The page has its own
 * business picker because the header's is desktop-only and hidden for a single business.
 */
import { InfoCircleOutlined } from '@ant-design/icons'
import { Alert, Button, Flex, Select, Typography } from 'antd'
import { useNavigate } from 'react-router'
import { FeedbackList } from '#components/feedbacks/feedback-list'
import { MessageScreen } from '#components/message-screen'
import { PageLoading } from '#components/page-loading'
import { useBusinesses } from '#hooks/use-businesses'

function BusinessPicker() {
  const { businesses, selected, select } = useBusinesses()
  if (businesses.length < 2) return <Typography.Text type="secondary">{selected?.name}</Typography.Text>
  return (
    <Select
      aria-label="Business"
      value={selected?.id}
      onChange={select}
      style={{ minWidth: 200, maxWidth: '100%' }}
      options={businesses.map((business) => ({ value: business.id, label: business.name }))}
    />
  )
}

function AddFirstBusiness() {
  const navigate = useNavigate()
  const to = '/dashboard/businesses?add=1'
  return (
    <MessageScreen
      title="No businesses yet"
      text="Add your business to start collecting ratings and private feedback."
      actions={
        <Button
          type="primary"
          href={to}
          onClick={(event) => {
            event.preventDefault()
            navigate(to)
          }}
        >
          Add Your First Business
        </Button>
      }
    />
  )
}

const ROUTING_NOTE =
  'Customers who rate 4 or 5 stars are sent straight to your Google review page, so their reviews appear on Google. ' +
  'Ratings of 3 stars or fewer stay here as private feedback, so you can fix problems before they become public.'

export default function FeedbacksPage() {
  const { loading, error, selected, refetch } = useBusinesses()

  if (loading) return <PageLoading />
  if (error)
    return <MessageScreen role="alert" title="Failed to fetch businesses" actions={<Button onClick={refetch}>Try Again</Button>} />
  if (!selected) return <AddFirstBusiness />

  return (
    <Flex vertical gap={16}>
      {/* Keyed by business: switching starts again on page 1 with no filters. */}
      <FeedbackList key={selected.id} business={selected} picker={<BusinessPicker />} />
      <Alert type="info" showIcon icon={<InfoCircleOutlined />} message="Where are the 4-5 star reviews?" description={ROUTING_NOTE} />
    </Flex>
  )
}
