/* The overview of an owner without businesses (docs/screens.md, docs/product-rules.md#trial): it opens straight on the add form. */
import { Card, Flex, Typography } from 'antd'
import { BusinessSearchForm } from '#components/business-search-form'
import { Logo } from '#components/logo'

export function Onboarding() {
  return (
    <Card style={{ maxWidth: 640, margin: '24px auto' }}>
      <Flex vertical align="center" gap={8} style={{ textAlign: 'center', marginBottom: 20 }}>
        <Logo size={48} />
        <Typography.Title level={2} style={{ margin: 0 }}>
          Let's get started!
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          Find your business on Google to get your review link, QR code and private feedback inbox.
        </Typography.Paragraph>
      </Flex>
      {/* The business list refreshes after an add, and the overview takes over. */}
      <BusinessSearchForm autoFocus />
    </Card>
  )
}
