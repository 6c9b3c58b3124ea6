/*
 * The overview's card of one business over a chosen period against the one before (docs/decisions.md D36), with
 * the way to every business's figures. Its own chunk, loaded when scrolled to: the range picker brings dayjs.
 */
import { Card, Flex, Skeleton } from 'antd'
import { useState } from 'react'
import { Link } from 'react-router'
import { RangePicker } from '#components/analytics/range-picker'
import { RangeSummary } from '#components/analytics/range-summary'
import { RangeError, useAnalyticsRange } from '#components/analytics/use-analytics-range'
import { DEFAULT_PRESET, presetRange } from '#lib/date-range'

export const RANGE_CARD_TITLE = 'Over time'

export default function RangeCard({ businessId }: { businessId: number }) {
  const [range, setRange] = useState(() => presetRange(DEFAULT_PRESET))
  const { data, loading, error, retry } = useAnalyticsRange(range, { businessId })
  return (
    <Card title={RANGE_CARD_TITLE} extra={<Link to="/dashboard/analytics">All businesses</Link>}>
      <Flex vertical gap={16}>
        <RangePicker value={range} onChange={setRange} />
        {error && <RangeError error={error} retry={retry} />}
        {loading ? <Skeleton active paragraph={{ rows: 3 }} /> : data && <RangeSummary data={data} />}
      </Flex>
    </Card>
  )
}
