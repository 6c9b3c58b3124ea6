/*
 * Where sign-up lands (/billing?source=signup, docs/decisions.md D14): for an owner whose trial has just started,
 * the page opens on that news and the next step, not on prices (docs/decisions.md D39). The plans stay below it.
 */
import { ArrowRightOutlined, GiftOutlined } from '@ant-design/icons'
import { TRIAL_DAYS } from '@reviewroute/backend/contract/product_rules'
import { Button, Card, Flex, Typography } from 'antd'
import { Link } from 'react-router'

const TITLE = `Your ${TRIAL_DAYS}-day free trial has started`

export function TrialStartCard() {
  return (
    <Card role="region" aria-label={TITLE} className="trial-start-card">
      <Flex gap={16} align="center" wrap justify="space-between">
        <Flex gap={12} align="start" style={{ minWidth: 0, flex: '1 1 280px' }}>
          <GiftOutlined style={{ fontSize: 28, color: '#1d4ed8' }} aria-hidden />
          <Flex vertical gap={4}>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {TITLE}
            </Typography.Title>
            <Typography.Text type="secondary">
              No card needed. Next, find your business on Google to get your review link and QR poster. The Pro plans below are for when you
              are ready.
            </Typography.Text>
          </Flex>
        </Flex>
        <Link to="/dashboard">
          <Button type="primary" size="large" icon={<ArrowRightOutlined />} iconPosition="end">
            Set up my business
          </Button>
        </Link>
      </Flex>
    </Card>
  )
}
