/*
 * The workspace itself, under its team: owners rename it and delete it (with their password; a personal workspace
 * goes only with the account, on the profile), and a client's own owners end its agency's management; any member
 * may leave it (the last owner cannot: 409). Leaving or deleting opens the dashboard again in the member's default
 * workspace.
 */
import { DeleteOutlined, LogoutOutlined } from '@ant-design/icons'
import type { DeleteWorkspaceRequest, UpdateWorkspaceRequest, WorkspaceDto, WorkspaceMembersResponse } from '@reviewroute/backend/types/api'
import { ApiError } from '@reviewroute/web-shared/api'
import { Alert, App, Button, Card, Flex, Form, Input, Typography } from 'antd'
import { useState } from 'react'
import { useSaveForm } from '#hooks/use-save-form'
import { forgetWorkspace } from '#lib/workspace-store'
import { errorText, request } from '#providers/http'
import { useToast } from '#providers/toast'
import { WORKSPACE_NAME_MAX } from '#components/workspaces/create-workspace-modal'
import { FormModal } from '#components/form-modal'

/** Out of a workspace the member no longer has: their default one, from a fresh page. */
export function leaveToDefault() {
  forgetWorkspace()
  window.location.assign('/dashboard')
}

interface Props {
  workspace: WorkspaceDto
  canManage: boolean
  /** Whether the member may delete the workspace and end its agency's management (a client's own owners only). */
  can: WorkspaceMembersResponse['can']
  onLeave(): Promise<void>
  /** Why the member cannot leave (the only owner; an agency's member), or null when they can. */
  cannotLeave: string | null
  /** Its name, or its agency, changed. */
  onRenamed(): void
}

export function WorkspaceCard({ workspace, canManage, can, onLeave, cannotLeave, onRenamed }: Props) {
  const { modal } = App.useApp()
  const toast = useToast()
  const [deleting, setDeleting] = useState(false)
  const rename = useSaveForm<UpdateWorkspaceRequest>({
    resource: 'workspaces',
    action: 'edit',
    id: workspace.id,
    body: ({ name }) => ({ name: name.trim() }),
    onSaved: (_, { name }) => {
      toast.success('Workspace Renamed', `It is now called ${name}.`)
      onRenamed()
    },
    onFailed: (error) => toast.error('Could Not Rename', errorText(error, 'Could not rename the workspace. Please try again.')),
  })

  function confirmLeave() {
    modal.confirm({
      title: `Leave ${workspace.name}?`,
      content: 'You lose access to its businesses at once. An owner can invite you again.',
      okText: 'Leave',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await onLeave()
          leaveToDefault()
        } catch (error) {
          toast.error('Could Not Leave', errorText(error, 'Could not leave the workspace. Please try again.'))
        }
      },
    })
  }

  function confirmEndAgency(agency: string) {
    modal.confirm({
      title: `End ${agency}'s management?`,
      content: `${agency}'s team loses access to this workspace at once, and its brand no longer shows here. Only ${agency} can make it a client again.`,
      okText: 'End management',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await request(`/api/workspaces/${workspace.id}/agency`, { method: 'DELETE' })
          toast.success('Management Ended', `${agency} no longer manages ${workspace.name}.`)
          onRenamed()
        } catch (error) {
          toast.error('Could Not End It', errorText(error, "Could not end the agency's management. Please try again."))
        }
      },
    })
  }

  return (
    <Card title="Workspace">
      <Flex vertical gap={16}>
        {workspace.managedBy && (
          <Flex vertical gap={8} align="flex-start">
            <Typography.Text>
              Managed by <strong>{workspace.managedBy.name}</strong>: its team works in this workspace with you.
            </Typography.Text>
            {can.endManagement && (
              <Button danger onClick={() => confirmEndAgency(workspace.managedBy!.name)}>
                End {workspace.managedBy.name}&apos;s management
              </Button>
            )}
          </Flex>
        )}
        {canManage && (
          <Form {...rename.formProps} layout="vertical" requiredMark={false} initialValues={{ name: workspace.name }}>
            <Form.Item label="Name" name="name" rules={[{ required: true, whitespace: true, message: 'Please name the workspace' }]}>
              <Input maxLength={WORKSPACE_NAME_MAX} autoComplete="off" />
            </Form.Item>
            <Button htmlType="submit" loading={rename.saving}>
              Save name
            </Button>
          </Form>
        )}
        {cannotLeave && <Typography.Text type="secondary">{cannotLeave}</Typography.Text>}
        <Flex gap={8} wrap>
          {!cannotLeave && (
            <Button danger icon={<LogoutOutlined />} onClick={confirmLeave}>
              Leave this workspace
            </Button>
          )}
          {can.deleteWorkspace && workspace.kind !== 'personal' && (
            <Button danger type="primary" icon={<DeleteOutlined />} onClick={() => setDeleting(true)}>
              Delete workspace
            </Button>
          )}
        </Flex>
        {canManage && workspace.kind === 'personal' && (
          <Typography.Text type="secondary">Your personal workspace is deleted with your account, on your profile.</Typography.Text>
        )}
      </Flex>
      {deleting && <DeleteWorkspaceModal workspace={workspace} onClose={() => setDeleting(false)} />}
    </Card>
  )
}

function DeleteWorkspaceModal({ workspace, onClose }: { workspace: WorkspaceDto; onClose(): void }) {
  const { form, formProps, saving, failure } = useSaveForm<DeleteWorkspaceRequest>({
    path: `/api/workspaces/${workspace.id}`,
    method: 'delete',
    body: ({ password }) => ({ password }),
    onSaved: leaveToDefault,
    busyAfterSave: true,
    // A wrong password (400), the server's 422 and its lock (429) are about the password: said under it.
    onFailed: (error) => {
      if (!(error instanceof ApiError && [400, 429].includes(error.status)))
        return errorText(error, 'Could not delete the workspace. Please try again.')
      form.setFields([{ name: 'password', errors: [errorText(error, 'That password is not correct.')] }])
    },
  })

  return (
    <FormModal
      form={form}
      saving={saving}
      onClose={onClose}
      title={`Delete ${workspace.name}?`}
      okText="Delete workspace"
      okButtonProps={{ danger: true }}
    >
      <Typography.Paragraph>
        Its businesses, ratings, feedback, customers and requests are deleted for everyone in it, and its members lose access. This cannot
        be undone.
      </Typography.Paragraph>
      <Form {...formProps} layout="vertical" requiredMark={false}>
        <Form.Item label="Your password" name="password" rules={[{ required: true, message: 'Please enter your password' }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        {failure && <Alert type="error" showIcon message={failure} />}
      </Form>
    </FormModal>
  )
}
