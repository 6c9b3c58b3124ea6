/*
 * "Send a test message to me" (docs/decisions.md D32): what a customer of this business would get on a channel,
 * sent now to the owner (their account's email, or the mobile they type, their profile's by default), so they see
 * the template, the language and the delivery for themselves. A refusal shows the provider's reason.
 */
import { ExperimentOutlined } from '@ant-design/icons'
import type { TestMessageDto, TestMessageRequest } from '@reviewroute/backend/types/api'
import { Alert, App, Button, Flex, Form, Input, Modal, Radio, Skeleton, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { useCurrentUser } from '#hooks/use-current-user'
import { useSaveForm } from '#hooks/use-save-form'
import { formatPhone, mobileRules } from '#lib/review-requests'
import { errorText } from '#providers/http'
import { channelIcon } from './channel-picker'
import { useRequestChannels } from './use-request-channels'

type TestChannel = TestMessageRequest['channel']

const LABELS: Record<TestChannel, string> = { whatsapp: 'WhatsApp Business', sms: 'SMS', email: 'Email' }

/** The channels a test can go on, in the order offered (the first usable one is chosen). */
const TEST_CHANNELS: TestChannel[] = ['whatsapp', 'email', 'sms']

interface Props {
  businessId: number
  businessName: string
  block?: boolean
}

export function TestMessageButton({ businessId, businessName, block }: Props) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button icon={<ExperimentOutlined />} block={block} onClick={() => setOpen(true)}>
        Send a test message to me
      </Button>
      {open && <TestMessageModal businessId={businessId} businessName={businessName} onClose={() => setOpen(false)} />}
    </>
  )
}

function TestMessageModal({ businessId, businessName, onClose }: Omit<Props, 'block'> & { onClose: () => void }) {
  const { message } = App.useApp()
  const { user } = useCurrentUser()
  const { form, formProps, saving, failure, setFailure } = useSaveForm<
    { channel: TestChannel; phone?: string },
    TestMessageRequest,
    TestMessageDto
  >({
    path: `/api/businesses/${businessId}/test-message`,
    body: (values) => (values.channel === 'email' ? { channel: 'email' } : { channel: values.channel, phone: values.phone?.trim() }),
    onSaved: (sent) => {
      message.success(`Test sent to ${sent.to.startsWith('+91') ? formatPhone(sent.to) : sent.to}`)
      onClose()
    },
    onFailed: (error) => errorText(error, 'Could not send the test. Please try again.'),
  })
  // Only channels that work for this business, once the server has said which.
  const { channels: usableChannels, usable, error: channelsError } = useRequestChannels(businessId)
  const channels = TEST_CHANNELS.filter(usable)
  const channel = Form.useWatch('channel', form) ?? channels[0]
  const profilePhone = user?.phone ? formatPhone(user.phone) : ''

  // The profile's mobile, once it has loaded, unless the owner has typed one already.
  useEffect(() => {
    if (profilePhone && !form.isFieldTouched('phone')) form.setFieldValue('phone', profilePhone)
  }, [form, profilePhone])

  return (
    <Modal
      open
      title="Send a test message to me"
      okText="Send test"
      okButtonProps={{ loading: saving, htmlType: 'submit', form: 'test-message-form' }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        The message a customer of {businessName} gets, sent to you now, with your review page as the link. It is not a request and does not
        count toward your plan.
      </Typography.Paragraph>
      {channelsError && (
        <Alert type="error" showIcon message={errorText(channelsError, 'Could not load your channels. Please try again.')} />
      )}
      {!usableChannels ? (
        !channelsError && <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <Form {...formProps} id="test-message-form" layout="vertical" requiredMark={false} initialValues={{ phone: profilePhone }}>
          <Form.Item name="channel" label="Channel" initialValue={channels[0]}>
            <Radio.Group onChange={() => setFailure(null)}>
              <Flex gap={8} wrap>
                {channels.map((value) => (
                  <Radio.Button key={value} value={value}>
                    {channelIcon(value)} {LABELS[value]}
                  </Radio.Button>
                ))}
              </Flex>
            </Radio.Group>
          </Form.Item>
          {channel === 'email' ? (
            <Typography.Paragraph>
              To <b>{user?.email ?? 'your account’s email'}</b>
            </Typography.Paragraph>
          ) : (
            <Form.Item name="phone" label="Your mobile" rules={mobileRules('Enter the mobile number to send the test to.')}>
              <Input inputMode="tel" autoComplete="tel" placeholder="98765 43210" />
            </Form.Item>
          )}
          {failure && <Alert type="error" showIcon message={failure} />}
        </Form>
      )}
    </Modal>
  )
}
