/*
 * /dashboard/google (docs/screens.md#google, docs/decisions.md D43): the workspace's Google Business Profile
 * connection, its locations and the businesses they are linked to, how the reviews are answered, and the way to the
 * reply templates. Google sends the browser back here after its consent screen, with `?connected=1` or `?error=`.
 */
import { FileTextOutlined, MessageOutlined } from '@ant-design/icons'
import { Alert, Button, Card, Flex, Typography } from 'antd'
import { Link, useSearchParams } from 'react-router'
import { ConnectionCard } from '#components/google/connection-card'
import { LocationsCard } from '#components/google/locations-card'
import { ReviewStatsCard } from '#components/google/review-stats-card'
import { useGoogleConnection } from '#components/google/use-google'
import { PageHeader } from '#components/layout/page-header'
import { useBusinesses } from '#hooks/use-businesses'

export default function GooglePage() {
  const [params, setParams] = useSearchParams()
  const { connection } = useGoogleConnection()
  const { businesses, selected } = useBusinesses()
  const returned = params.get('connected') === '1' ? 'connected' : params.get('error') ? 'error' : null
  const dismiss = () => setParams({}, { replace: true })
  return (
    <Flex vertical gap={16}>
      <PageHeader
        title="Google"
        lead="Your Google Business Profile: the connection, its locations, how you answer your Google reviews, and your reply templates."
      />
      {returned === 'connected' && (
        <Alert
          type="success"
          showIcon
          closable
          onClose={dismiss}
          message="Google is connected"
          description="Your locations are read below."
        />
      )}
      {returned === 'error' && (
        <Alert type="error" showIcon closable onClose={dismiss} message="Google was not connected" description={params.get('error')} />
      )}
      <ConnectionCard />
      {connection?.connected && (
        <>
          <LocationsCard />
          <ReviewStatsCard businesses={businesses} selected={selected} />
        </>
      )}
      <Card>
        <Flex justify="space-between" align="center" gap={12} wrap>
          <Typography.Text type="secondary" style={{ flex: '1 1 280px' }}>
            Read and answer your Google reviews in the Feedback inbox. Reply templates fill in the reviewer&apos;s name and your business.
          </Typography.Text>
          <Flex gap={8} wrap>
            <Link to="/feedbacks?source=google">
              <Button icon={<MessageOutlined />}>Google reviews</Button>
            </Link>
            <Link to="/dashboard/reply-templates">
              <Button icon={<FileTextOutlined />}>Reply templates</Button>
            </Link>
          </Flex>
        </Flex>
      </Card>
    </Flex>
  )
}
