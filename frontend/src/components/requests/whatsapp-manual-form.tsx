/*
 * Connecting WhatsApp Business by hand (PUT /api/whatsapp-account): the Cloud API number id, an access token (stored
 * encrypted, never shown again: only `accessTokenSet`) and the approved template per language, from Meta's WhatsApp
 * Manager. The card offers it under "Advanced" next to Meta's Embedded Signup, alone where the server has none.
 */
import type { WhatsAppAccountDto, WhatsAppAccountRequest } from '@reviewroute/backend/types/api'
import { Alert, Button, Flex, Form, Input, Typography } from 'antd'
import { errorText } from '#providers/http'
import { useSaveForm } from '#hooks/use-save-form'
import { WHATSAPP_ACCOUNT_PATH } from './use-whatsapp-account'

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

/** The form's values of a connected account: its number and its English and Hindi templates' names (never the token). */
const valuesOf = (account: WhatsAppAccountDto): Values => ({
  phoneNumberId: account.phoneNumberId ?? '',
  accessToken: '',
  templates: {
    en: account.templates.find((template) => template.language === 'en')?.name ?? '',
    hi: account.templates.find((template) => template.language === 'hi')?.name ?? '',
  },
})

interface Props {
  /** The connection it changes; a new one when not connected. */
  account: WhatsAppAccountDto
  onSaved(account: WhatsAppAccountDto): void
  /** Changing a connection: back to it without saving. */
  onCancel?(): void
}

export function WhatsAppManualForm({ account, onSaved, onCancel }: Props) {
  const connected = account.connected
  // The server's `templates.en` is the form's ['templates', 'en']: Refine puts its message there.
  const { formProps, saving, failure } = useSaveForm<Values, WhatsAppAccountRequest, WhatsAppAccountDto>({
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
    onSaved,
    onFailed: (error) => errorText(error, 'Could not connect your number. Please try again.'),
  })

  return (
    <>
      <Help />
      <Form
        {...formProps}
        initialValues={connected ? valuesOf(account) : undefined}
        layout="vertical"
        requiredMark={false}
        style={{ maxWidth: 520 }}
      >
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
          {onCancel && <Button onClick={onCancel}>Cancel</Button>}
        </Flex>
      </Form>
    </>
  )
}
