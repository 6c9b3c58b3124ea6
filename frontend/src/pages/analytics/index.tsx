/*
 * /dashboard/analytics: every business of the owner over a range of days (docs/decisions.md D36): the combined
 * figures against the previous period, then a sortable row per business leading to its own page.
 */
import { Card, Flex, Typography } from 'antd'
import { useState } from 'react'
import { Link } from 'react-router'
import { BusinessRangeTable } from '#components/analytics/business-range-table'
import { RangePicker } from '#components/analytics/range-picker'
import { RangeSummary } from '#components/analytics/range-summary'
import { RangeError, useAnalyticsRange } from '#components/analytics/use-analytics-range'
import { PageHeader } from '#components/layout/page-header'
import { DEFAULT_PRESET, presetRange } from '#lib/date-range'

export default function AnalyticsPage() {
  const [range, setRange] = useState(() => presetRange(DEFAULT_PRESET))
  const { data, loading, error, retry } = useAnalyticsRange(range)

  return (
    <Flex vertical gap={20}>
      <PageHeader
        title="Analytics"
        lead="All your businesses over the days you choose."
        extra={<RangePicker value={range} onChange={setRange} />}
      />
      {error && <RangeError error={error} retry={retry} />}
      {(loading || data) && (
        <Card title="All businesses" loading={loading}>
          {data && <RangeSummary data={data} />}
        </Card>
      )}
      {data && (
        <Card title="By business" styles={{ body: { padding: data.businesses.length ? 0 : undefined } }}>
          {data.businesses.length ? (
            <BusinessRangeTable data={data} />
          ) : (
            <Typography.Text type="secondary">
              No businesses yet. <Link to="/dashboard/businesses?add=1">Add a business</Link> to see its ratings here.
            </Typography.Text>
          )}
        </Card>
      )}
    </Flex>
  )
}
