/*
 * The business analytics screen's website widget line (docs/screens.md#analytics-stats): how often the widget was
 * seen in the chosen period (against the one before), and the way to the widget's screen.
 */
import { CodeOutlined, EyeOutlined } from '@ant-design/icons'
import type { AnalyticsRangeResponse } from '@reviewroute/backend/types/api'
import { Button, Card, Flex, Typography } from 'antd'
import { Link } from 'react-router'
import { ChangeNote } from '#components/analytics/range-summary'
import { daysInRange } from '#lib/date-range'
import { viewsText, widgetPath } from '#lib/widget'

export function WidgetViewsCard({ businessId, period }: { businessId: number; period?: AnalyticsRangeResponse }) {
  const views = period?.totals.widgetViews ?? null
  return (
    <Card size="small" role="group" aria-label="Website widget">
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Flex vertical gap={2} style={{ minWidth: 0 }}>
          <Typography.Text type="secondary">Website widget</Typography.Text>
          <Typography.Text strong style={{ fontSize: 18 }}>
            <EyeOutlined /> {views === null ? '…' : `${viewsText(views)} in this period`}
          </Typography.Text>
          {period && views !== null && (
            <ChangeNote current={views} previous={period.previousTotals.widgetViews} days={daysInRange(period)} kind="count" better="up" />
          )}
        </Flex>
        <Link to={widgetPath(businessId)}>
          <Button icon={<CodeOutlined />}>Website widget</Button>
        </Link>
      </Flex>
    </Card>
  )
}
