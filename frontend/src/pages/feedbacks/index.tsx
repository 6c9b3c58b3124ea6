/*
 * /feedbacks: 'Customer Feedbacks' of the selected business (docs/screens.md, docs/decisions.md D14); the header's
 * selector changes the business.
 */
import { InfoCircleOutlined } from '@ant-design/icons'
import { Alert, Flex } from 'antd'
import { FeedbackList } from '#components/feedbacks/feedback-list'
import { BusinessGate } from '#components/business-gate'

const ROUTING_NOTE =
  'Customers who rate 4 or 5 stars are sent straight to your Google review page, so their reviews appear on Google. ' +
  'Ratings of 3 stars or fewer stay here as private feedback, so you can fix problems before they become public.'

export default function FeedbacksPage() {
  return (
    <BusinessGate emptyText="Add your business to start collecting ratings and private feedback.">
      {(selected) => (
        <Flex vertical gap={16}>
          {/* Keyed by business: switching starts again on page 1 with no filters. */}
          <FeedbackList key={selected.id} business={selected} />
          <Alert type="info" showIcon icon={<InfoCircleOutlined />} message="Where are the 4-5 star ratings?" description={ROUTING_NOTE} />
        </Flex>
      )}
    </BusinessGate>
  )
}
