/*
 * When a rating or feedback came in: the relative time ('2 minutes ago') in a <time> element, with the exact date and
 * time in India (docs/product-rules.md#time-zones) on hover. The dotted underline says there is more to see.
 */
import { Typography } from 'antd'
import { formatDateTime, relativeTime } from '#lib/dates'
import { Tip } from './tip'

export function SessionTime({ value }: { value: string }) {
  return (
    <Tip title={formatDateTime(value)}>
      <Typography.Text type="secondary" style={{ textDecoration: 'underline dotted', textUnderlineOffset: 3 }}>
        <time dateTime={value}>{relativeTime(value)}</time>
      </Typography.Text>
    </Tip>
  )
}
