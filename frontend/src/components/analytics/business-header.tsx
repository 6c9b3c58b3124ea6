/* The business analytics screen's header (docs/screens.md): name, address, Google rating and count, and both links. */
import { CopyOutlined, EnvironmentOutlined, GoogleOutlined, StarFilled } from '@ant-design/icons'
import type { BusinessDto } from '@reviewroute/backend/types/api'
import { formatCount } from '@reviewroute/web-shared/format'
import { Button, Card, Flex, Typography } from 'antd'
import { useLinkActions } from '#hooks/use-link-actions'
import { Tip } from '#components/tip'

export function BusinessHeader({ business }: { business: BusinessDto }) {
  const { copyReviewLink } = useLinkActions()
  const link = business.reviewUrl

  return (
    <Card>
      <Flex vertical gap={8}>
        <Typography.Title level={2} style={{ margin: 0, overflowWrap: 'anywhere' }}>
          {business.name}
        </Typography.Title>
        <Typography.Text type="secondary">
          <EnvironmentOutlined /> {business.address}
        </Typography.Text>
        <Flex align="center" gap={16} wrap>
          <Typography.Text>
            <StarFilled style={{ color: '#fadb14' }} /> <strong>{business.rating?.toFixed(1) ?? 'N/A'}</strong> Google rating
          </Typography.Text>
          <Typography.Text type="secondary">{formatCount(business.reviewCount)} reviews</Typography.Text>
          <Typography.Link href={business.googleReviewUrl} target="_blank" rel="noopener noreferrer">
            <GoogleOutlined /> Google Reviews
          </Typography.Link>
        </Flex>
        <Flex align="center" gap={8} wrap style={{ minWidth: 0 }}>
          <Typography.Text type="secondary">Review link:</Typography.Text>
          <Typography.Link href={link} target="_blank" rel="noopener noreferrer" style={{ overflowWrap: 'anywhere' }}>
            {link}
          </Typography.Link>
          <Tip title="Copy Review Link">
            <Button size="small" icon={<CopyOutlined />} aria-label="Copy Review Link" onClick={() => copyReviewLink(business)} />
          </Tip>
        </Flex>
      </Flex>
    </Card>
  )
}
