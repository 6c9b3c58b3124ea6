/*
 * "Invite someone" (owners): an address, a role and optionally the businesses they are limited to. The server mails
 * them a link to /invite that works once, for 7 days; they accept it signed in with that address.
 */
import { SendOutlined } from '@ant-design/icons'
import type { BusinessDto, CreateInvitationRequest, WorkspaceInvitationDto } from '@reviewroute/backend/types/api'
import { Button, Card, Form, Input } from 'antd'
import { useSaveForm } from '#hooks/use-save-form'
import { errorText } from '#providers/http'
import { useToast } from '#providers/toast'
import { AccessFields, businessIdsOf, type AccessValues } from './access-fields'
import type { Team } from './use-team'

type Values = AccessValues & { email: string }

export const INVITE_DAYS = 7

export function InviteCard({ team, businesses, workspaceName }: { team: Team; businesses: BusinessDto[]; workspaceName: string }) {
  const toast = useToast()
  const { form, formProps, saving } = useSaveForm<Values, CreateInvitationRequest, WorkspaceInvitationDto>({
    path: team.invitationsPath,
    body: (values) => ({ email: values.email.trim(), role: values.role, businessIds: businessIdsOf(values) }),
    onSaved: (_, { email }) => {
      team.refetch()
      toast.success('Invitation Sent', `We emailed ${email} a link to join ${workspaceName}. It works once, for ${INVITE_DAYS} days.`)
      form.resetFields()
    },
    onFailed: (error) => toast.error('Invitation Not Sent', errorText(error, 'Could not send the invitation. Please try again.')),
  })

  return (
    <Card title="Invite someone">
      <Form
        {...formProps}
        layout="vertical"
        requiredMark={false}
        initialValues={{ role: 'manager', businessIds: [] }}
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
        <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={saving}>
          Send invitation
        </Button>
      </Form>
    </Card>
  )
}
