/*
 * A connected WhatsApp Business number as Meta reports it: the number and the name it shows to customers, its quality
 * rating and daily messaging limit, whether the owner keeps using it in the WhatsApp Business app (coexistence), this
 * month's cost and the templates per language. Owners update or disconnect it; everyone may send a test to themselves.
 */
import type { WhatsAppAccountDto } from '@reviewroute/backend/types/api'
import { Alert, Button, Descriptions, Flex, Tag, Typography } from 'antd'
import { COEXISTENCE, messagingLimitText, qualityLabel } from '#lib/whatsapp-business'
import { TestMessageButton } from './test-message'
import { useWhatsAppUsageLine } from './use-whatsapp-usage'
import { WhatsAppTemplates } from './whatsapp-templates'

interface Props {
  account: WhatsAppAccountDto
  business: { id: number; name: string }
  /** Owners only: the manual form with the connection's values, and Disconnect. */
  onUpdate?(): void
  onDisconnect?(): void
  failure: string | null
}

export function WhatsAppConnection({ account, business, onUpdate, onDisconnect, failure }: Props) {
  // What Meta charges for this business's messages.
  const usage = useWhatsAppUsageLine(business.id)
  const quality = qualityLabel(account.qualityRating)
  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">Requests you send by “WhatsApp Business” go out from this number for you.</Typography.Text>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label="Number">
          <Flex vertical>
            <span className="phone-number">{account.displayPhoneNumber ?? account.phoneNumberId}</span>
            {account.verifiedName && <Typography.Text type="secondary">{account.verifiedName}</Typography.Text>}
            {account.coexistence && <Typography.Text type="secondary">{COEXISTENCE}</Typography.Text>}
          </Flex>
        </Descriptions.Item>
        <Descriptions.Item label="Quality rating">
          <Tag color={quality.color}>{quality.label}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="Messaging limit">{messagingLimitText(account.messagingLimit)}</Descriptions.Item>
        <Descriptions.Item label="Phone number ID">{account.phoneNumberId}</Descriptions.Item>
        {usage && <Descriptions.Item label={`Cost for ${business.name}`}>{usage}</Descriptions.Item>}
      </Descriptions>
      <WhatsAppTemplates templates={account.templates} />
      {failure && <Alert type="error" showIcon message={failure} />}
      <Flex gap={8} wrap>
        {onUpdate && <Button onClick={onUpdate}>Update</Button>}
        {onDisconnect && (
          <Button danger onClick={onDisconnect}>
            Disconnect
          </Button>
        )}
        <TestMessageButton businessId={business.id} businessName={business.name} />
      </Flex>
    </Flex>
  )
}
