/*
 * /feedbacks: one Feedback area with two sources (docs/screens.md#customer-feedback): the selected business's private
 * feedback (docs/decisions.md D14) and its Google reviews (`?source=google`, docs/decisions.md D43); the header's
 * selector changes the business. An alert's link (`?businessId=B&feedback=ID`, or `source=google&review=ID`) selects
 * that business and shows that feedback or Google review on top, highlighted, until closed.
 */
import { InfoCircleOutlined } from '@ant-design/icons'
import { useOne, useUpdate, type HttpError } from '@refinedev/core'
import type { ResolveFeedbackRequest, ReviewSessionDto } from '@reviewroute/backend/types/api'
import { Alert, Flex, List, Tabs } from 'antd'
import { useEffect, useRef } from 'react'
import { useSearchParams } from 'react-router'
import { AlertCard } from '#components/feedbacks/alert-card'
import { FeedbackItem } from '#components/feedbacks/feedback-item'
import { FeedbackList } from '#components/feedbacks/feedback-list'
import { GoogleReviewList } from '#components/google/google-review-list'
import { BusinessGate } from '#components/business-gate'
import { PageHeader } from '#components/layout/page-header'
import { BusinessName } from '#components/business-gate'
import { useBusinesses } from '#hooks/use-businesses'
import { parseRouteId } from '#lib/route-id'
import { errorText } from '#providers/http'
import { useToast } from '#providers/toast'

/** Neutral about the routing choice, which is each business's own (docs/decisions.md D51, D59). */
const ROUTING_NOTE =
  'Customers who rate 4 or 5 stars are sent on to your Google review page, so their reviews appear on Google. ' +
  'Every rating of 3 stars or fewer comes here as private feedback, so you can put things right; whether those ' +
  'customers are also offered Google is each business’s routing choice, in its Settings.'

export type FeedbackSource = 'private' | 'google'

/** The feedback an alert links to, above the inbox; nothing while it loads or when it cannot be read. */
function AlertFeedback({ id, onClose }: { id: number; onClose(): void }) {
  const toast = useToast()
  const { businesses } = useBusinesses()
  const { result: feedback } = useOne<ReviewSessionDto, HttpError>({ resource: 'feedbacks', id })
  const { mutate, mutation } = useUpdate<ReviewSessionDto, HttpError, ResolveFeedbackRequest>()
  if (!feedback) return null
  const resolve = (row: ReviewSessionDto, resolved: boolean) =>
    mutate(
      { resource: 'feedbacks', id: row.id, values: { resolved } },
      { onError: (error) => toast.error('Update Failed', errorText(error, 'Could not update the feedback. Please try again.')) }
    )
  const businessName = businesses.find((business) => business.id === feedback.businessId)?.name ?? ''
  return (
    <AlertCard title="Feedback from your alert" onClose={onClose}>
      <List
        dataSource={[feedback]}
        renderItem={(row) => <FeedbackItem feedback={row} businessName={businessName} saving={mutation.isPending} onResolve={resolve} />}
      />
    </AlertCard>
  )
}

export default function FeedbacksPage() {
  const [params, setParams] = useSearchParams()
  const alertedReview = parseRouteId(params.get('review') ?? undefined)
  const source: FeedbackSource = params.get('source') === 'google' || alertedReview !== null ? 'google' : 'private'
  const alerted = parseRouteId(params.get('feedback') ?? undefined)
  const { businesses, selected, select } = useBusinesses()
  // The link's business is selected once; the header's selector changes it afterwards as always.
  const followed = useRef<number | null>(null)
  const linked = parseRouteId(params.get('businessId') ?? undefined)
  useEffect(() => {
    if (linked === null || followed.current === linked || !businesses.some((business) => business.id === linked)) return
    followed.current = linked
    if (selected?.id !== linked) select(linked)
  }, [linked, businesses, selected, select])
  const closeAlert = (name: 'feedback' | 'review') =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        next.delete(name)
        return next
      },
      { replace: true }
    )
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
                  {alerted !== null && <AlertFeedback key={alerted} id={alerted} onClose={() => closeAlert('feedback')} />}
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
                  <GoogleReviewList
                    key={selected.id}
                    business={selected}
                    alerted={alertedReview}
                    onCloseAlert={() => closeAlert('review')}
                  />
                </Flex>
              ),
            },
          ]}
        />
      )}
    </BusinessGate>
  )
}
