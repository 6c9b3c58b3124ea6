/*
 * Each business's figures over a range, sortable by any of them, with its reviews' change against the previous
 * period. Scrolls sideways on a phone with the name column kept in view.
 */
import type { AnalyticsRangeResponse } from '@reviewroute/backend/types/api'
import { Flex, Table, Typography, type TableColumnsType } from 'antd'
import { Link } from 'react-router'
import { ChangeNote, RANGE_FIGURES } from '#components/analytics/range-summary'
import { daysInRange } from '#lib/date-range'
import { useBusinesses } from '#hooks/use-businesses'

type Row = AnalyticsRangeResponse['businesses'][number]

/** Short column titles for the summary's figures, in its order. */
const COLUMN_TITLES = ['Reviews', 'Avg rating', 'Sent to Google', 'Private feedback']
/** Nulls (no ratings) sort below every rating. */
const sortValue = (value: number | null) => value ?? -1

export function BusinessRangeTable({ data }: { data: AnalyticsRangeResponse }) {
  const days = daysInRange(data)
  // The address under the name: two branches of one name differ only there.
  const { businesses } = useBusinesses()
  const addressOf = (id: number) => businesses.find((business) => business.id === id)?.address
  const [reviews] = RANGE_FIGURES
  const columns: TableColumnsType<Row> = [
    {
      title: 'Business',
      key: 'name',
      fixed: 'left',
      width: 150,
      sorter: (a, b) => a.name.localeCompare(b.name),
      render: (_, row) => (
        <Flex vertical>
          <Link to={`/business/${row.businessId}`}>{row.name}</Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {addressOf(row.businessId)}
          </Typography.Text>
        </Flex>
      ),
    },
    ...RANGE_FIGURES.map((figure, index) => ({
      title: COLUMN_TITLES[index],
      key: figure.title,
      align: 'right' as const,
      sorter: (a: Row, b: Row) => sortValue(figure.value(a.totals)) - sortValue(figure.value(b.totals)),
      render: (_: unknown, row: Row) => figure.format(figure.value(row.totals)),
    })),
    {
      title: 'Change in reviews',
      key: 'change',
      width: 190,
      sorter: (a, b) => a.totals.totalSessions - a.previousTotals.totalSessions - (b.totals.totalSessions - b.previousTotals.totalSessions),
      render: (_, row) => (
        <ChangeNote
          current={reviews.value(row.totals)}
          previous={reviews.value(row.previousTotals)}
          days={days}
          kind={reviews.kind}
          better={reviews.better}
        />
      ),
    },
  ]
  return (
    <Table<Row>
      rowKey="businessId"
      columns={columns}
      dataSource={data.businesses}
      pagination={false}
      size="middle"
      scroll={{ x: 'max-content' }}
      showSorterTooltip={false}
    />
  )
}
