/*
 * One integration of a business (docs/decisions.md D72): what it waits for, how long, on which channel, from which
 * bill up, when it last heard from the provider, and what should worry the owner. Owners and managers send a test
 * event (POST /api/integrations/{id}/test), change its settings and remove it; everyone reads its event log and the
 * set-up steps again (without the secret, which is never shown twice).
 */
import { DeleteOutlined, ExperimentOutlined, ProfileOutlined, ReadOutlined, SettingOutlined } from '@ant-design/icons'
import { PROVIDER_NAMES } from '@reviewroute/backend/contract/integrations'
import type { IntegrationDto, IntegrationTestDto } from '@reviewroute/backend/types/api'
import { rupees } from '@reviewroute/web-shared/format'
import { useQueryClient } from '@tanstack/react-query'
import { Alert, App, Button, Card, Flex, Tag, Typography, type AlertProps } from 'antd'
import { useState } from 'react'
import { formatDateTime, relativeTime } from '#lib/dates'
import { errorText, request } from '#providers/http'
import { useToast } from '#providers/toast'
import { eventsKey, EventLog } from './event-log'
import { SettingsModal } from './integration-form'
import { CHANNEL_WORDS, integrationWarnings, triggerLabel, waitText } from './integration-texts'
import { SetupGuide } from './setup-guide'

interface Props {
  integration: IntegrationDto
  /** Owners and managers: test, settings, remove. */
  editable: boolean
  /** After anything that changes what the list shows. */
  onChanged(): void
}

type TestResult = { type: NonNullable<AlertProps['type']>; message: string }

const RESULT_TYPES: Record<string, TestResult['type']> = { scheduled: 'success', skipped: 'warning', rejected: 'error' }

export function IntegrationCard({ integration, editable, onChanged }: Props) {
  const { modal } = App.useApp()
  const toast = useToast()
  const client = useQueryClient()
  const name = PROVIDER_NAMES[integration.provider]
  const [open, setOpen] = useState<'log' | 'steps' | 'settings' | null>(null)
  const [testing, setTesting] = useState(false)
  const [result, setResult] = useState<TestResult | null>(null)

  async function sendTest() {
    setTesting(true)
    setResult(null)
    try {
      const answer = await request<IntegrationTestDto>(`/api/integrations/${integration.id}/test`, { method: 'POST' })
      setResult({ type: RESULT_TYPES[answer.event?.outcome ?? ''] ?? 'warning', message: answer.message })
      void client.invalidateQueries({ queryKey: [...eventsKey(integration.id)] })
      onChanged()
    } catch (error) {
      setResult({ type: 'error', message: errorText(error, 'Could not send the test event. Please try again.') })
    } finally {
      setTesting(false)
    }
  }

  function remove() {
    modal.confirm({
      title: `Remove the ${name} integration?`,
      content: `Events from ${name} will no longer send review requests, and its event log goes with it. Remove the webhook in ${name} too.`,
      okText: 'Remove',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await request(`/api/integrations/${integration.id}`, { method: 'DELETE' })
          toast.success('Integration Removed', `${name} no longer sends review requests.`)
          onChanged()
        } catch (error) {
          toast.error('Could Not Remove', errorText(error, 'Please try again in a moment.'))
        }
      },
    })
  }

  const title = (
    <Flex align="center" gap={8} wrap>
      <span>{name}</span>
      {integration.active ? <Tag color="green">On</Tag> : <Tag>Off</Tag>}
    </Flex>
  )

  return (
    <Card title={title} role="group" aria-label={`${name} integration`} style={{ height: '100%' }}>
      <Flex vertical gap={12}>
        <Flex vertical gap={2}>
          <Typography.Text>Sends after: {triggerLabel(integration.trigger)}</Typography.Text>
          <Typography.Text>Waits: {waitText(integration.delayMinutes)}</Typography.Text>
          <Typography.Text>Channel: {CHANNEL_WORDS[integration.channel]}</Typography.Text>
          {integration.minAmountPaise > 0 && <Typography.Text>Minimum bill: {rupees(integration.minAmountPaise)}</Typography.Text>}
          {integration.lastEventAt ? (
            <Typography.Text type="secondary" title={formatDateTime(integration.lastEventAt)}>
              Last event: {relativeTime(integration.lastEventAt)}
            </Typography.Text>
          ) : (
            <Typography.Text type="secondary">No events yet</Typography.Text>
          )}
        </Flex>
        {integrationWarnings(integration, name).map((warning) => (
          <Alert key={warning} type="warning" showIcon message={warning} />
        ))}
        <Flex gap={8} wrap>
          {editable && (
            <Button icon={<ExperimentOutlined />} loading={testing} onClick={() => void sendTest()}>
              Send a test event
            </Button>
          )}
          <Button icon={<ProfileOutlined />} onClick={() => setOpen('log')}>
            Event log
          </Button>
          <Button icon={<ReadOutlined />} onClick={() => setOpen('steps')}>
            Set-up steps
          </Button>
          {editable && (
            <>
              <Button icon={<SettingOutlined />} onClick={() => setOpen('settings')}>
                Settings
              </Button>
              <Button danger icon={<DeleteOutlined />} onClick={remove}>
                Remove
              </Button>
            </>
          )}
        </Flex>
        {result && <Alert type={result.type} showIcon message={result.message} role="status" />}
      </Flex>
      {open === 'log' && <EventLog integration={integration} onClose={() => setOpen(null)} />}
      {open === 'steps' && <SetupGuide integration={integration} onClose={() => setOpen(null)} />}
      {open === 'settings' && <SettingsModal integration={integration} onClose={() => setOpen(null)} onSaved={onChanged} />}
    </Card>
  )
}
