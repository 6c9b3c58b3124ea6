/*
 * "Invite someone" (owners): an address, a role and optionally the businesses they are limited to. The server mails
 * them a link to /invite that works once, for 7 days; they accept it signed in with that address.
 */
import { SendOutlined } from '@ant-design/icons'
import type { BusinessDto } from '@reviewroute/backend/types/api'
import { fieldErrors } from '@reviewroute/web-shared/api'
import { Button, Card, Form, Input } from 'antd'
import { useState } from 'react'
import { errorText } from '#providers/http'
import { useToast } from '#providers/toast'
import { AccessFields, businessIdsOf, type AccessValues } from './access-fields'
import type { Team } from './use-team'

type Values = AccessValues & { email: string }

export const INVITE_DAYS = 7

export function InviteCard({ team, businesses, workspaceName }: { team: Team; businesses: BusinessDto[]; workspaceName: string }) {
  const [form] = Form.useForm<Values>()
  const toast = useToast()
  const [sending, setSending] = useState(false)

  async function send(values: Values) {
    setSending(true)
    const email = values.email.trim()
    try {
      await team.invite({ email, role: values.role, businessIds: businessIdsOf(values) })
      toast.success('Invitation Sent', `We emailed ${email} a link to join ${workspaceName}. It works once, for ${INVITE_DAYS} days.`)
      form.resetFields()
    } catch (error) {
      const byField = Object.entries(fieldErrors(error)).filter(([field]) => ['email', 'role', 'businessIds'].includes(field))
      if (byField.length) form.setFields(byField.map(([field, message]) => ({ name: field as keyof Values, errors: [message] })))
      else toast.error('Invitation Not Sent', errorText(error, 'Could not send the invitation. Please try again.'))
    } finally {
      setSending(false)
    }
  }

  return (
    <Card title="Invite someone">
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ role: 'manager', businessIds: [] }}
        onFinish={(values) => void send(values)}
        aria-label="Invite someone"
      >
        <Form.Item
          label="Email address"
          name="email"
          rules={[
            { required: true, whitespace: true, message: 'Please enter their email address' },
            { type: 'email', message: 'Please enter a valid email' },
          ]}
        >
          <Input inputMode="email" autoComplete="off" maxLength={254} placeholder="colleague@example.com" />
        </Form.Item>
        <AccessFields businesses={businesses} idPrefix="invite" />
        <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={sending}>
          Send invitation
        </Button>
      </Form>
    </Card>
  )
}
