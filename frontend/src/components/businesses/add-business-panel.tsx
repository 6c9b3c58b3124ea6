/*
 * The add view of My Businesses (docs/screens.md, docs/product-rules.md#trial): the shared search form and Cancel, or, for an owner on the free
 * state who already has a business, 'Business Limit Reached' with Upgrade to Pro and Cancel.
 */
import { BUSINESS_LIMIT_MESSAGE } from '@reviewroute/backend/contract/product_rules'
import { LockOutlined } from '@ant-design/icons'
import { Button, Card, Flex, Typography } from 'antd'
import { useNavigate } from 'react-router'
import { useBusinesses } from '#hooks/use-businesses'
import { useTrialStatus } from '#hooks/use-trial-status'
import { usePermissions } from '#hooks/use-workspaces'
import { ASK_AN_OWNER } from '#components/billing/limit-notice'
import { reachedBusinessLimit } from '#lib/business-limit'
import { BusinessSearchForm } from '#components/business-search-form'
import { MessageScreen } from '#components/message-screen'

export function AddBusinessPanel({ onClose }: { onClose(): void }) {
  const { businesses } = useBusinesses()
  const { status } = useTrialStatus()
  const navigate = useNavigate()
  const { billing } = usePermissions()
  const cancel = <Button onClick={onClose}>Cancel</Button>

  if (reachedBusinessLimit(status, businesses.length)) {
    return (
      <Card>
        <MessageScreen
          icon={<LockOutlined style={{ color: '#d97706' }} />}
          title="Business Limit Reached"
          text={billing ? BUSINESS_LIMIT_MESSAGE : `${BUSINESS_LIMIT_MESSAGE} ${ASK_AN_OWNER}`}
          actions={
            <>
              {billing && (
                <Button type="primary" onClick={() => navigate('/billing')}>
                  Upgrade to Pro
                </Button>
              )}
              {cancel}
            </>
          }
        />
      </Card>
    )
  }

  return (
    <Card>
      <Flex vertical gap={16}>
        <Flex vertical gap={4}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            Add a Business
          </Typography.Title>
          <Typography.Text type="secondary">
            Search for your business as it appears on Google Maps; add the area or city to tell branches apart.
          </Typography.Text>
        </Flex>
        <BusinessSearchForm autoFocus onAdded={onClose} />
        <Flex justify="end">{cancel}</Flex>
      </Flex>
    </Card>
  )
}
