import { LockOutlined } from '@ant-design/icons'
import { Button, Card, Flex, Typography } from 'antd'
import { TRIAL_DAYS } from '@reviewroute/backend/contract/product_rules'
import { SUPPORT_EMAIL } from '#config/constants'

/** Shown on /billing while the owner is locked (docs/product-rules.md#trial). */
export function TrialExpiredCard({ onUpgrade }: { onUpgrade(): void }) {
  return (
    <Card className="trial-expired" role="alert">
      <Flex vertical align="center" gap={8} style={{ textAlign: 'center' }}>
        <LockOutlined style={{ fontSize: 32, color: '#dc2626' }} />
        <Typography.Title level={3} style={{ margin: 0 }}>
          Trial Expired
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ maxWidth: 480 }}>
          Your {TRIAL_DAYS}-day free trial has ended. Your businesses, links and feedback are safe: choose a plan to keep collecting reviews
          and open your dashboard again.
        </Typography.Paragraph>
        <Flex gap={8} wrap justify="center">
          <Button type="primary" size="large" onClick={onUpgrade}>
            Upgrade Now
          </Button>
          <Button size="large" href={`mailto:${SUPPORT_EMAIL}`}>
            Contact Support
          </Button>
        </Flex>
      </Flex>
    </Card>
  )
}
