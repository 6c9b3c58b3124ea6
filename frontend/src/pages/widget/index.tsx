/*
 * /business/:businessId/widget (docs/screens.md#website-widget, docs/decisions.md D49): the business's website
 * widget: its layout, a live preview, the snippet to paste, the sites allowed to show it, which Google reviews it
 * shows (pin, hide) and how often it was seen. Owners and managers change it; a viewer reads. Reached from the
 * business's analytics screen.
 */
import { BarChartOutlined } from '@ant-design/icons'
import type { HttpError } from '@refinedev/core'
import { Button, Col, Flex, Row, Typography } from 'antd'
import { useState } from 'react'
import { Link, useParams } from 'react-router'
import { BusinessNotFound } from '#components/analytics/business-not-found'
import { PageHeader } from '#components/layout/page-header'
import { MessageScreen } from '#components/message-screen'
import { PageLoading } from '#components/page-loading'
import { AllowedSitesCard } from '#components/widget/allowed-sites-card'
import { useSaveWidget, useWidgetSettings } from '#components/widget/use-widget'
import { NotConnectedNote, WidgetReviewsCard } from '#components/widget/widget-reviews-card'
import { LayoutCard, PreviewCard, SnippetCard, ViewsCard } from '#components/widget/widget-parts'
import { businessOfPath, useBusinesses } from '#hooks/use-businesses'
import { usePermissions } from '#hooks/use-workspaces'
import { parseRouteId } from '#lib/route-id'
import type { WidgetLayout } from '#lib/widget'
import { errorText } from '#providers/http'
import { useToast } from '#providers/toast'

export default function WidgetPage() {
  const raw = useParams().businessId
  const businessId = parseRouteId(raw)
  const { settings, query } = useWidgetSettings(businessId)
  const business = businessOfPath(useBusinesses().businesses, raw)
  const { edit } = usePermissions()
  const toast = useToast()
  const save = useSaveWidget(businessId ?? 0)
  const [savingLayout, setSavingLayout] = useState(false)
  // The preview frame loads again after a change the widget shows (pins, hides).
  const [version, setVersion] = useState(0)

  if (businessId === null) return <BusinessNotFound />
  if (query.isLoading) return <PageLoading />
  if (query.isError || !settings) {
    if ((query.error as HttpError | null)?.statusCode === 404) return <BusinessNotFound />
    return (
      <MessageScreen
        role="alert"
        title={errorText(query.error, 'Failed to fetch the widget')}
        text="Please try again in a moment."
        actions={
          <Button type="primary" onClick={() => void query.refetch()}>
            Try Again
          </Button>
        }
      />
    )
  }

  async function changeLayout(layout: WidgetLayout) {
    setSavingLayout(true)
    try {
      const saved = await save({ layout })
      toast.success(
        'Layout Saved',
        saved.snippetLayout === saved.layout
          ? 'The snippet and the preview use it now.'
          : 'The snippet uses it once your widget has a review to show.'
      )
    } catch (error) {
      toast.error('Save Failed', errorText(error, 'Please try again.'))
    } finally {
      setSavingLayout(false)
    }
  }

  return (
    <Flex vertical gap={16}>
      <PageHeader
        title="Website widget"
        lead="Your Google rating and best reviews on your own website, with a button to review you."
        extra={
          <Link to={`/business/${businessId}`}>
            <Button icon={<BarChartOutlined />}>Analytics</Button>
          </Link>
        }
      >
        {business && (
          <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
            {business.name}
          </Typography.Text>
        )}
      </PageHeader>
      {!settings.connected && <NotConnectedNote />}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Flex vertical gap={16}>
            <LayoutCard
              layout={settings.layout}
              snippetLayout={settings.snippetLayout}
              editable={edit}
              saving={savingLayout}
              onChange={(layout) => void changeLayout(layout)}
            />
            {/* The choice and what it looks like together, on a phone too. */}
            <PreviewCard code={settings.code} layout={settings.snippetLayout} version={version} />
          </Flex>
        </Col>
        <Col xs={24} lg={12}>
          <Flex vertical gap={16}>
            <SnippetCard snippet={settings.snippet} />
            <ViewsCard views={settings.views} />
            <AllowedSitesCard sites={settings.allowedSites} editable={edit} onSave={(allowedSites) => save({ allowedSites })} />
          </Flex>
        </Col>
      </Row>
      {settings.connected && <WidgetReviewsCard businessId={businessId} editable={edit} onChanged={() => setVersion((n) => n + 1)} />}
    </Flex>
  )
}
