/*
 * /business/:businessId/integrations (docs/decisions.md D72, docs/integrations.md): the billing, shop and booking
 * systems whose webhooks send the business's review requests by themselves, a card each, and the business's own
 * system's way in (the after-visit hook). Owners and managers add, test, change and remove integrations; a viewer
 * reads them and their event logs. Reached from the business's analytics screen.
 */
import { BarChartOutlined, PlusOutlined } from '@ant-design/icons'
import { useCustom, type HttpError } from '@refinedev/core'
import type { IntegrationDto } from '@reviewroute/backend/types/api'
import { Button, Card, Col, Flex, Row, Typography } from 'antd'
import { useState } from 'react'
import { Link, useParams } from 'react-router'
import { BusinessNotFound } from '#components/analytics/business-not-found'
import { AddIntegrationModal } from '#components/integrations/integration-form'
import { IntegrationCard } from '#components/integrations/integration-card'
import { SetupGuide } from '#components/integrations/setup-guide'
import { PageHeader } from '#components/layout/page-header'
import { LoadFailed } from '#components/message-screen'
import { PageLoading } from '#components/page-loading'
import { VisitHookCard } from '#components/staff/visit-hook-card'
import { businessOfPath, useBusinesses } from '#hooks/use-businesses'
import { usePermissions } from '#hooks/use-workspaces'
import { parseRouteId } from '#lib/route-id'
import { errorText } from '#providers/http'

export const OWN_SYSTEM_TEXT =
  'Petpooja and most restaurant POS systems have no public webhooks: import customers as CSV, or have your POS or form tool call this address.'

export default function IntegrationsPage() {
  const raw = useParams().businessId
  const businessId = parseRouteId(raw)
  const business = businessOfPath(useBusinesses().businesses, raw)
  const { edit } = usePermissions()
  const { query } = useCustom<IntegrationDto[]>({
    url: `/api/businesses/${businessId}/integrations`,
    method: 'get',
    queryOptions: { queryKey: ['integrations', businessId ?? 0], enabled: businessId !== null },
  })
  const [adding, setAdding] = useState(false)
  // Right after adding: the set-up with the secret, which the API answers this once.
  const [added, setAdded] = useState<IntegrationDto | null>(null)

  if (businessId === null) return <BusinessNotFound />
  if (query.isLoading) return <PageLoading />
  const integrations = query.data?.data
  if (query.isError || !Array.isArray(integrations)) {
    if ((query.error as HttpError | null)?.statusCode === 404) return <BusinessNotFound />
    return <LoadFailed title={errorText(query.error, 'Failed to fetch the integrations')} onRetry={query.refetch} />
  }

  const refetch = () => void query.refetch()
  const businessName = business?.name ?? 'this business'

  return (
    <Flex vertical gap={16}>
      <PageHeader
        title="Integrations"
        lead="Review requests that send themselves after the bill is paid, the order delivered or the appointment closed."
        extra={
          <Flex gap={8} wrap>
            {edit && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
                Add integration
              </Button>
            )}
            <Link to={`/business/${businessId}`}>
              <Button icon={<BarChartOutlined />}>Analytics</Button>
            </Link>
          </Flex>
        }
      >
        {business && (
          <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
            {business.name}
          </Typography.Text>
        )}
      </PageHeader>
      {integrations.length === 0 ? (
        <Card>
          <Typography.Text type="secondary">
            No integrations yet.{' '}
            {edit
              ? 'Add the system your customers pay or book through, and each paid bill, order or appointment asks for a review by itself.'
              : 'The owners and managers of this workspace can add one.'}
          </Typography.Text>
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          {integrations.map((integration) => (
            <Col key={integration.id} xs={24} lg={12}>
              <IntegrationCard integration={integration} editable={edit} onChanged={refetch} />
            </Col>
          ))}
        </Row>
      )}
      <Flex vertical gap={8}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          Your own system
        </Typography.Title>
        <Typography.Text type="secondary">{OWN_SYSTEM_TEXT}</Typography.Text>
      </Flex>
      {/* The hook's address is a secret that sends requests: a viewer does not see it (lib/roles.ts). */}
      {edit && <VisitHookCard businessId={businessId} businessName={businessName} />}
      {adding && (
        <AddIntegrationModal
          businessId={businessId}
          businessName={businessName}
          onClose={() => setAdding(false)}
          onAdded={(created) => {
            setAdding(false)
            setAdded(created)
            refetch()
          }}
        />
      )}
      {added && <SetupGuide integration={added} secret={added.secret} onClose={() => setAdded(null)} />}
    </Flex>
  )
}
