/*
 * The workspace's members and its pending invitations: each with their role and the businesses they may see. Owners
 * change a member's access, remove a member and cancel an invitation; everyone else reads.
 */
import { DeleteOutlined, EditOutlined } from '@ant-design/icons'
import type { BusinessDto, WorkspaceInvitationDto, WorkspaceMemberDto } from '@reviewroute/backend/types/api'
import { Alert, App, Avatar, Button, Card, Flex, Form, List, Tag, Typography } from 'antd'
import { useState } from 'react'
import { formatDate } from '#lib/dates'
import { ROLE_LABELS, scopeText, type WorkspaceRole } from '#lib/roles'
import { errorText } from '#providers/http'
import { useToast } from '#providers/toast'
import { AccessFields, businessIdsOf, type AccessValues } from './access-fields'
import type { Team } from './use-team'
import { FormModal } from '#components/form-modal'

export const ROLE_COLORS: Record<WorkspaceRole, string> = { owner: 'blue', manager: 'green', viewer: 'default' }

export const RoleTag = ({ role }: { role: WorkspaceRole }) => (
  <Tag color={ROLE_COLORS[role]} style={{ marginInlineEnd: 0 }}>
    {ROLE_LABELS[role]}
  </Tag>
)

const initialsOf = (name: string, email: string) =>
  (name.trim() || email)
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => Array.from(part)[0]?.toUpperCase() ?? '')
    .join('')

interface Props {
  team: Team
  members: WorkspaceMemberDto[]
  invitations: WorkspaceInvitationDto[]
  businesses: BusinessDto[]
  meId: number | null
  canManage: boolean
  /** A client's agency, whose team works in it without being its members. */
  agencyName: string | null
  /** A change of the signed-in member's own access (their role in the switcher and the screens' buttons follow). */
  onOwnAccessChanged(): void
}

export function MembersCard({ team, members, invitations, businesses, meId, canManage, agencyName, onOwnAccessChanged }: Props) {
  const { modal } = App.useApp()
  const toast = useToast()
  const [changing, setChanging] = useState<WorkspaceMemberDto | null>(null)

  function confirmRemove(member: WorkspaceMemberDto) {
    modal.confirm({
      title: `Remove ${member.name || member.email}?`,
      content: 'They lose access to this workspace at once. What they did stays in the activity log.',
      okText: 'Remove',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await team.remove(member.userId)
          toast.success('Member Removed', `${member.name || member.email} no longer has access.`)
        } catch (error) {
          toast.error('Could Not Remove', errorText(error, 'Could not remove them. Please try again.'))
        }
      },
    })
  }

  async function cancel(invitation: WorkspaceInvitationDto) {
    try {
      await team.cancelInvitation(invitation.id)
      toast.success('Invitation Cancelled', `The link sent to ${invitation.email} no longer works.`)
    } catch (error) {
      toast.error('Could Not Cancel', errorText(error, 'Could not cancel the invitation. Please try again.'))
    }
  }

  return (
    <>
      <Card title={`Members (${members.length})`}>
        <List
          dataSource={members}
          locale={{ emptyText: agencyName ? `No members of its own yet: ${agencyName}'s team works here.` : 'No members yet.' }}
          rowKey="userId"
          renderItem={(member) => (
            <List.Item>
              <Flex gap={12} align="start" style={{ width: '100%' }} aria-label={member.name || member.email} role="group">
                <Avatar style={{ backgroundColor: '#1d4ed8', flex: 'none' }}>{initialsOf(member.name, member.email)}</Avatar>
                <Flex vertical gap={2} style={{ minWidth: 0, flex: 1 }}>
                  <Flex gap={8} align="center" wrap>
                    <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
                      {member.name || member.email}
                    </Typography.Text>
                    {member.userId === meId && <Tag style={{ marginInlineEnd: 0 }}>You</Tag>}
                    <RoleTag role={member.role} />
                  </Flex>
                  <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
                    {member.email}
                  </Typography.Text>
                  <Typography.Text type="secondary">
                    {member.role === 'owner' ? 'All businesses' : scopeText(member.businessIds, businesses)} · Joined{' '}
                    {formatDate(member.joinedAt)}
                  </Typography.Text>
                  {/* A client's own owners are changed only by its own people (the server says whom the caller may change). */}
                  {canManage && member.canChange && (
                    <Flex gap={8} wrap style={{ marginTop: 4 }}>
                      <Button size="small" icon={<EditOutlined />} onClick={() => setChanging(member)}>
                        Change access
                      </Button>
                      {member.userId !== meId && (
                        <Button size="small" danger icon={<DeleteOutlined />} onClick={() => confirmRemove(member)}>
                          Remove
                        </Button>
                      )}
                    </Flex>
                  )}
                </Flex>
              </Flex>
            </List.Item>
          )}
        />
      </Card>

      {invitations.length > 0 && (
        <Card title={`Pending invitations (${invitations.length})`}>
          <List
            dataSource={invitations}
            rowKey="id"
            renderItem={(invitation) => (
              <List.Item>
                <Flex justify="space-between" align="center" gap={8} wrap style={{ width: '100%' }}>
                  <Flex vertical gap={2} style={{ minWidth: 0 }}>
                    <Flex gap={8} align="center" wrap>
                      <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
                        {invitation.email}
                      </Typography.Text>
                      <RoleTag role={invitation.role} />
                    </Flex>
                    <Typography.Text type="secondary">
                      {invitation.role === 'owner' ? 'All businesses' : scopeText(invitation.businessIds, businesses)} · Link works until{' '}
                      {formatDate(invitation.expiresAt)}
                    </Typography.Text>
                  </Flex>
                  {canManage && (
                    <Button
                      size="small"
                      onClick={() => void cancel(invitation)}
                      aria-label={`Cancel the invitation to ${invitation.email}`}
                    >
                      Cancel invitation
                    </Button>
                  )}
                </Flex>
              </List.Item>
            )}
          />
        </Card>
      )}

      {changing && (
        <ChangeAccessModal
          member={changing}
          businesses={businesses}
          onClose={() => setChanging(null)}
          onSave={async (values) => {
            await team.update(changing.userId, { role: values.role, businessIds: businessIdsOf(values) })
            toast.success('Access Changed', `${changing.name || changing.email} is now ${ROLE_LABELS[values.role].toLowerCase()}.`)
            if (changing.userId === meId) onOwnAccessChanged()
            setChanging(null)
          }}
        />
      )}
    </>
  )
}

function ChangeAccessModal({
  member,
  businesses,
  onClose,
  onSave,
}: {
  member: WorkspaceMemberDto
  businesses: BusinessDto[]
  onClose(): void
  onSave(values: AccessValues): Promise<void>
}) {
  const [form] = Form.useForm<AccessValues>()
  const [saving, setSaving] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)

  async function save(values: AccessValues) {
    setSaving(true)
    setFailure(null)
    try {
      await onSave(values)
    } catch (error) {
      setFailure(errorText(error, 'Could not change their access. Please try again.'))
      setSaving(false)
    }
  }

  return (
    <FormModal form={form} saving={saving} onClose={onClose} title={`Access of ${member.name || member.email}`} okText="Save">
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ role: member.role, businessIds: member.businessIds ?? [] }}
        onFinish={(values) => void save(values)}
      >
        <AccessFields businesses={businesses} idPrefix={`member-${member.userId}`} />
        {failure && <Alert type="error" showIcon message={failure} />}
      </Form>
    </FormModal>
  )
}
