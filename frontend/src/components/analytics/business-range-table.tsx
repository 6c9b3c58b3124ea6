/*
 * Each business's figures over a range, under the summary's names (docs/product-rules.md#words-for-the-figures),
 * sortable by any of them, with its ratings' change against the previous period. Scrolls sideways on a phone with
 * the name column kept in view.
 */
import type { AnalyticsRangeResponse } from '@reviewroute/backend/types/api'
import { Flex, Table, Typography, type TableColumnsType } from 'antd'
import { Link } from 'react-router'
import { ChangeNote, RANGE_FIGURES } from '#components/analytics/range-summary'
import { daysInRange } from '#lib/date-range'
import { useBusinesses } from '#hooks/use-businesses'

type Row = AnalyticsRangeResponse['businesses'][number]

/** Nulls (no ratings) sort below every rating. */
const sortValue = (value: number | null) => value ?? -1

export function BusinessRangeTable({ data }: { data: AnalyticsRangeResponse }) {
  const days = daysInRange(data)
  // The address under the name: two branches of one name differ only there.
  const { businesses } = useBusinesses()
  const addressOf = (id: number) => businesses.find((business) => business.id === id)?.address
  const [ratings] = RANGE_FIGURES
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
    ...RANGE_FIGURES.map((figure) => ({
      title: figure.title,
      key: figure.title,
      align: 'right' as const,
      sorter: (a: Row, b: Row) => sortValue(figure.value(a.totals)) - sortValue(figure.value(b.totals)),
      render: (_: unknown, row: Row) => figure.format(figure.value(row.totals)),
    })),
    {
      title: 'Change in ratings',
      key: 'change',
      width: 190,
      sorter: (a, b) => a.totals.totalSessions - a.previousTotals.totalSessions - (b.totals.totalSessions - b.previousTotals.totalSessions),
      render: (_, row) => (
        <ChangeNote
          current={ratings.value(row.totals)}
          previous={ratings.value(row.previousTotals)}
          days={days}
          kind={ratings.kind}
          better={ratings.better}
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
