/*
 * The heading of every screen, the owner's and the operator console's alike: the title with what stands beside it
 * (a count), a line on what the screen shows, the business it works on, and its actions at the right (under the
 * title once the width runs out).
 */
import { Flex, Typography } from 'antd'
import type { ReactNode } from 'react'

interface Props {
  title: ReactNode
  /** Beside the title: a count, a tag. */
  tags?: ReactNode
  /** Under the title, in secondary text. */
  lead?: ReactNode
  /** Further lines under the lead (the selected business's name). */
  children?: ReactNode
  /** The screen's buttons. */
  extra?: ReactNode
  className?: string
}

export function PageHeader({ title, tags, lead, children, extra, className }: Props) {
  return (
    <Flex justify="space-between" align="center" gap={12} wrap className={className}>
      <Flex vertical gap={4}>
        <Flex align="center" gap={12} wrap>
          <Typography.Title level={2} style={{ margin: 0, overflowWrap: 'anywhere' }}>
            {title}
          </Typography.Title>
          {tags}
        </Flex>
        {lead && <Typography.Text type="secondary">{lead}</Typography.Text>}
        {children}
      </Flex>
      {extra}
    </Flex>
  )
}
