/*
 * Connect WhatsApp Business (docs/decisions.md D32): the owner's Cloud API number id, an access token (stored
 * encrypted, never shown again: only `accessTokenSet`) and the approved template per language, so requests by
 * `whatsapp` are sent from their business number for them. Update and Disconnect once connected.
 */
import { WhatsAppOutlined } from '@ant-design/icons'
import { useCustomMutation, type HttpError } from '@refinedev/core'
import type { BusinessDto, WhatsAppAccountDto, WhatsAppAccountRequest } from '@reviewroute/backend/types/api'
import { Alert, App, Button, Card, Descriptions, Flex, Form, Input, Skeleton, Tag, Typography } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import { errorText } from '#providers/http'
import { useSaveForm } from '#hooks/use-save-form'
import { usePermissions } from '#hooks/use-workspaces'
import { TestMessageButton } from './test-message'
import { useRefreshRequestChannels } from './use-request-channels'
import { useWhatsAppAccount, WHATSAPP_ACCOUNT_PATH } from './use-whatsapp-account'
import { useWhatsAppUsageLine } from './use-whatsapp-usage'

interface Values {
  phoneNumberId: string
  accessToken: string
  templates: { en: string; hi?: string }
}

const TEMPLATE_NAME = /^[a-z0-9_]{1,512}$/

function Help() {
  return (
    <Typography.Paragraph type="secondary" style={{ marginBottom: 16 }}>
      Everything comes from Meta&apos;s WhatsApp Manager (business.facebook.com). The <b>phone number ID</b> is on your app&apos;s WhatsApp
      API setup page, next to your business number. The <b>access token</b> is a permanent system-user token with the
      whatsapp_business_messaging permission. The <b>template names</b> are under Message templates: use approved templates whose body takes
      three parameters, in this order: the customer&apos;s name, your business&apos;s name, their review link.
    </Typography.Paragraph>
  )
}

/** `business`: the selected one, whose template and language the test message uses. */
export function WhatsAppBusinessCard({ business }: { business: Pick<BusinessDto, 'id' | 'name'> }) {
  const { modal, message } = App.useApp()
  const { account, setAccount, error: loadError, loading } = useWhatsAppAccount()
  // What Meta charges for this business's messages, once a number sends them.
  const usage = useWhatsAppUsageLine(business.id, Boolean(account?.connected))
  // Connecting or disconnecting changes which channels the send screens offer.
  const refreshChannels = useRefreshRequestChannels()
  const { mutateAsync: remove } = useCustomMutation<WhatsAppAccountDto, HttpError, undefined>()
  const [editing, setEditing] = useState(false)
  // The server's `templates.en` is the form's ['templates', 'en']: Refine puts its message there.
  const { form, formProps, saving, failure, setFailure } = useSaveForm<Values, WhatsAppAccountRequest, WhatsAppAccountDto>({
    path: WHATSAPP_ACCOUNT_PATH,
    method: 'put',
    body: (values) => {
      const hi = values.templates.hi?.trim()
      return {
        phoneNumberId: values.phoneNumberId.trim(),
        accessToken: values.accessToken.trim(),
        templates: { en: values.templates.en.trim(), ...(hi ? { hi } : {}) },
      }
    },
    onSaved: (saved) => {
      setAccount(saved)
      void refreshChannels()
      setEditing(false)
      form.resetFields()
      message.success('WhatsApp Business connected')
    },
    onFailed: (error) => errorText(error, 'Could not connect your number. Please try again.'),
  })
  const card = useRef<HTMLDivElement>(null)
  const { hash } = useLocation()
  // Managers see the connection and send test messages; its owners connect, change and disconnect it (lib/roles.ts).
  const { whatsApp: canConnect } = usePermissions()

  // The quick send's "Connect it" link lands here.
  useEffect(() => {
    if (hash === '#whatsapp-business' && !loading) card.current?.scrollIntoView?.({ block: 'start' })
  }, [hash, loading])

  function disconnect() {
    modal.confirm({
      title: 'Disconnect WhatsApp Business?',
      content: 'Requests will no longer be sent from your business number. Sending with your own WhatsApp or by email still works.',
      okText: 'Disconnect',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await remove({ url: WHATSAPP_ACCOUNT_PATH, method: 'delete', values: undefined })
          setAccount({ connected: false, phoneNumberId: null, templates: {}, accessTokenSet: false })
          void refreshChannels()
          setEditing(false)
        } catch (error) {
          setFailure(errorText(error, 'Could not disconnect. Please try again.'))
        }
      },
    })
  }

  const connected = account?.connected === true
  const title = (
    <Flex align="center" gap={8} wrap>
      <WhatsAppOutlined style={{ color: '#16a34a' }} />
      <span>WhatsApp Business</span>
      {connected && <Tag color="green">Connected</Tag>}
    </Flex>
  )

  let body
  if (loading) body = <Skeleton active paragraph={{ rows: 2 }} />
  else if (loadError && !account)
    body = <Alert type="error" showIcon message={errorText(loadError, 'Could not load your WhatsApp Business connection.')} />
  else if (connected && !editing)
    body = (
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">Requests you send by “WhatsApp Business” go out from this number for you.</Typography.Text>
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label="Phone number ID">{account.phoneNumberId}</Descriptions.Item>
          <Descriptions.Item label="Templates">
            <Flex vertical gap={2}>
              {Object.entries(account.templates).map(([language, name]) => (
                <span key={language}>
                  {language === 'en' ? 'English' : language === 'hi' ? 'Hindi' : language}: <code>{name}</code>
                </span>
              ))}
            </Flex>
          </Descriptions.Item>
          <Descriptions.Item label="Access token">{account.accessTokenSet ? 'Saved (hidden)' : 'Not set'}</Descriptions.Item>
          {usage && <Descriptions.Item label={`Cost for ${business.name}`}>{usage}</Descriptions.Item>}
        </Descriptions>
        {failure && <Alert type="error" showIcon message={failure} />}
        <Flex gap={8} wrap>
          {canConnect && (
            <>
              <Button
                onClick={() => {
                  form.setFieldsValue({
                    phoneNumberId: account.phoneNumberId ?? '',
                    accessToken: '',
                    templates: { en: account.templates.en ?? '', hi: account.templates.hi ?? '' },
                  })
                  setFailure(null)
                  setEditing(true)
                }}
              >
                Update
              </Button>
              <Button danger onClick={disconnect}>
                Disconnect
              </Button>
            </>
          )}
          <TestMessageButton businessId={business.id} businessName={business.name} />
        </Flex>
      </Flex>
    )
  else if (!canConnect)
    body = (
      <Flex vertical gap={12}>
        <Typography.Text>
          Not connected. An owner of this workspace can connect its WhatsApp Business number here, so requests go out from it for you.
        </Typography.Text>
        <Flex className="test-message-row" align="center" justify="space-between" gap={8} wrap>
          <Typography.Text type="secondary">See what your customers get:</Typography.Text>
          <TestMessageButton businessId={business.id} businessName={business.name} />
        </Flex>
      </Flex>
    )
  else
    body = (
      <>
        {!connected && (
          <Typography.Paragraph style={{ marginBottom: 8 }}>
            Send review requests from your business&apos;s WhatsApp number, for you, without opening your phone.
          </Typography.Paragraph>
        )}
        <Help />
        <Form {...formProps} layout="vertical" requiredMark={false} style={{ maxWidth: 520 }}>
          <Form.Item
            label="Phone number ID"
            name="phoneNumberId"
            rules={[
              { required: true, whitespace: true, message: 'Please enter the phone number ID' },
              { pattern: /^\s*[0-9]{5,30}\s*$/, message: 'The phone number ID is digits only (not your phone number)' },
            ]}
          >
            <Input autoComplete="off" inputMode="numeric" placeholder="e.g. 106540352242922" />
          </Form.Item>
          <Form.Item
            label="Access token"
            name="accessToken"
            extra={connected ? 'Enter it again to save changes; the saved one is never shown.' : 'Stored encrypted and never shown again.'}
            rules={[{ required: true, whitespace: true, message: 'Please paste the access token' }]}
          >
            <Input.Password autoComplete="new-password" placeholder="EAAG…" />
          </Form.Item>
          <Form.Item
            label="English template name"
            name={['templates', 'en']}
            rules={[
              { required: true, whitespace: true, message: 'Please enter the approved template’s name' },
              { pattern: TEMPLATE_NAME, message: 'Template names use lowercase letters, digits and _' },
            ]}
          >
            <Input autoComplete="off" placeholder="review_request" />
          </Form.Item>
          <Form.Item
            label="Hindi template name (optional)"
            name={['templates', 'hi']}
            rules={[{ pattern: TEMPLATE_NAME, message: 'Template names use lowercase letters, digits and _' }]}
          >
            <Input autoComplete="off" placeholder="review_request_hi" />
          </Form.Item>
          {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} />}
          <Flex gap={8} wrap>
            <Button type="primary" htmlType="submit" loading={saving}>
              {connected ? 'Save' : 'Connect'}
            </Button>
            {connected && (
              <Button
                onClick={() => {
                  setEditing(false)
                  setFailure(null)
                }}
              >
                Cancel
              </Button>
            )}
          </Flex>
        </Form>
        {!connected && (
          <Flex className="test-message-row" align="center" justify="space-between" gap={8} wrap>
            <Typography.Text type="secondary">See what your customers get:</Typography.Text>
            <TestMessageButton businessId={business.id} businessName={business.name} />
          </Flex>
        )}
      </>
    )

  return (
    <Card ref={card} id="whatsapp-business" title={title} className="requests-card">
      {body}
    </Card>
  )
}
