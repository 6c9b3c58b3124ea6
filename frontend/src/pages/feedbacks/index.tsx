/*
 * /feedbacks: one Feedback area with two sources (docs/screens.md#customer-feedback): the selected business's private
 * feedback (docs/decisions.md D14) and its Google reviews (`?source=google`, docs/decisions.md D43); the header's
 * selector changes the business.
 */
import { InfoCircleOutlined } from '@ant-design/icons'
import { Alert, Flex, Tabs } from 'antd'
import { useSearchParams } from 'react-router'
import { FeedbackList } from '#components/feedbacks/feedback-list'
import { GoogleReviewList } from '#components/google/google-review-list'
import { BusinessGate } from '#components/business-gate'
import { PageHeader } from '#components/layout/page-header'
import { BusinessName } from '#components/business-gate'

/** Neutral about the routing choice, which is each business's own (docs/decisions.md D51, D59). */
const ROUTING_NOTE =
  'Customers who rate 4 or 5 stars are sent on to your Google review page, so their reviews appear on Google. ' +
  'Every rating of 3 stars or fewer comes here as private feedback, so you can put things right; whether those ' +
  'customers are also offered Google is each business’s routing choice, in its Settings.'

export type FeedbackSource = 'private' | 'google'

export default function FeedbacksPage() {
  const [params, setParams] = useSearchParams()
  const source: FeedbackSource = params.get('source') === 'google' ? 'google' : 'private'
  return (
    <BusinessGate emptyText="Add your business to start collecting ratings and private feedback.">
      {(selected) => (
        <Tabs
          activeKey={source}
          onChange={(key) => setParams(key === 'google' ? { source: 'google' } : {}, { replace: true })}
          items={[
            {
              key: 'private',
              label: 'Private feedback',
              children: (
                <Flex vertical gap={16}>
                  {/* Keyed by business: switching starts again on page 1 with no filters. */}
                  <FeedbackList key={selected.id} business={selected} />
                  <Alert
                    type="info"
                    showIcon
                    icon={<InfoCircleOutlined />}
                    message="Where are the 4-5 star ratings?"
                    description={ROUTING_NOTE}
                  />
                </Flex>
              ),
            },
            {
              key: 'google',
              label: 'Google reviews',
              children: (
                <Flex vertical gap={16}>
                  <PageHeader title="Google Reviews">
                    <BusinessName />
                  </PageHeader>
                  <GoogleReviewList key={selected.id} business={selected} />
                </Flex>
              ),
            },
          ]}
        />
      )}
    </BusinessGate>
  )
}
