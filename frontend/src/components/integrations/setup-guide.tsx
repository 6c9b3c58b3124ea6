/*
 * "Set up {Provider}": what the owner pastes into the provider's screens (the webhook URL and, right after adding, the
 * secret, which the API answers once) and the provider's numbered steps, each with the path to its screen.
 */
import { CopyOutlined } from '@ant-design/icons'
import { PROVIDER_NAMES } from '@reviewroute/backend/contract/integrations'
import type { IntegrationDto } from '@reviewroute/backend/types/api'
import { copyText } from '@reviewroute/web-shared/clipboard'
import { Button, Flex, Modal, Tag, Typography } from 'antd'
import { Fragment } from 'react'
import { useToast } from '#providers/toast'
import { setupSteps } from './setup-steps'
import './integrations.css'

export const SECRET_ONCE_TEXT = 'Shown once: copy it now.'

/** Zoho Books and Zenoti prove the sender with the secret in a header, not a signature of the body. */
const HEADER_SECRET_NOTE = 'sends the secret in a header rather than signing each event: keep the Webhook URL private.'

/** A value to paste into the provider's screen, as text on a line of its own (long ones wrap on a phone), and Copy. */
function CopyField({ label, value, note }: { label: string; value: string; note?: string }) {
  const toast = useToast()
  async function copy() {
    if (await copyText(value)) toast.success('Copied!', `The ${label.toLowerCase()} has been copied to clipboard.`)
    else toast.error('Copy Failed', 'Please copy it manually.')
  }
  return (
    <div role="group" aria-label={label}>
      <Flex justify="space-between" align="center" gap={8}>
        <Typography.Text strong>{label}</Typography.Text>
        <Button size="small" icon={<CopyOutlined />} onClick={() => void copy()}>
          Copy
        </Button>
      </Flex>
      <div className="integration-copy-value">{value}</div>
      {note && <Typography.Text type="warning">{note}</Typography.Text>}
    </div>
  )
}

export function SetupGuide({ integration, secret, onClose }: { integration: IntegrationDto; secret?: string; onClose(): void }) {
  const name = PROVIDER_NAMES[integration.provider]
  const steps = setupSteps(integration.provider, integration.trigger)
  return (
    <Modal
      open
      title={`Set up ${name}`}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          Done
        </Button>
      }
    >
      <Flex vertical gap={16}>
        <CopyField label="Webhook URL" value={integration.webhookUrl} />
        {secret && <CopyField label="Secret" value={secret} note={SECRET_ONCE_TEXT} />}
        {(integration.provider === 'zoho_books' || integration.provider === 'zenoti') && (
          <Typography.Text type="secondary">
            {name} {HEADER_SECRET_NOTE}
          </Typography.Text>
        )}
        <div>
          <Typography.Text strong>In {name}</Typography.Text>
          <ol className="integration-steps" aria-label={`Steps in ${name}`}>
            {steps.map((step) => (
              <li key={step.text}>
                <span>{step.text}</span>
                <Flex wrap gap={4} align="center" className="integration-step-path">
                  {step.path.map((place, index) => (
                    <Fragment key={place}>
                      {index > 0 && <span aria-hidden>›</span>}
                      <Tag bordered={false}>{place}</Tag>
                    </Fragment>
                  ))}
                </Flex>
              </li>
            ))}
          </ol>
        </div>
      </Flex>
    </Modal>
  )
}
