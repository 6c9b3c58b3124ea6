/*
 * A new workspace (POST /api/workspaces): a team, to work on businesses with others, or an agency, which runs
 * client workspaces under its own brand. The dashboard opens in it at once; it starts on the free plan (the trial
 * is the account's first workspace's only).
 */
import type { CreateWorkspaceRequest, WorkspaceDto } from '@reviewroute/backend/types/api'
import { Alert, Form, Input, Radio, Typography } from 'antd'
import { useSaveForm } from '#hooks/use-save-form'
import { useWorkspaces } from '#hooks/use-workspaces'
import { errorText } from '#providers/http'
import { FormModal } from '#components/form-modal'

export const WORKSPACE_NAME_MAX = 120

const KINDS = [
  { value: 'team', label: 'Team', hint: 'Work on your businesses together with colleagues.' },
  {
    value: 'agency',
    label: 'Agency',
    hint: "Collect reviews for your clients' businesses, each client in a workspace of its own, under your brand.",
  },
] as const

interface Values {
  name: string
  kind: 'team' | 'agency'
}

export function CreateWorkspaceModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const { switchTo } = useWorkspaces()
  const { form, formProps, saving, failure } = useSaveForm<Values, CreateWorkspaceRequest, WorkspaceDto>({
    path: '/api/workspaces',
    workspace: false,
    body: (values) => ({ name: values.name.trim(), kind: values.kind }),
    // The dashboard opens again in the new workspace.
    onSaved: (created) => switchTo(created.id),
    busyAfterSave: true,
    onFailed: (error) => errorText(error, 'Could not create the workspace. Please try again.'),
  })

  return (
    <FormModal form={form} saving={saving} onClose={onClose} open={open} title="New workspace" okText="Create workspace">
      <Form {...formProps} layout="vertical" requiredMark={false} initialValues={{ kind: 'team' }}>
        <Form.Item label="Name" name="name" rules={[{ required: true, whitespace: true, message: 'Please name the workspace' }]}>
          <Input maxLength={WORKSPACE_NAME_MAX} autoComplete="off" placeholder="Sharma Restaurants" />
        </Form.Item>
        <Form.Item label="Kind" name="kind">
          <Radio.Group style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
            {KINDS.map((kind) => (
              <Radio key={kind.value} value={kind.value}>
                <strong>{kind.label}</strong>
                <Typography.Text type="secondary" style={{ display: 'block' }}>
                  {kind.hint}
                </Typography.Text>
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          A new workspace has its own businesses, team and billing, and no free trial: until a plan is chosen for it, only its Billing, Team
          and settings open.
        </Typography.Paragraph>
        {failure && <Alert type="error" showIcon message={failure} style={{ marginTop: 12 }} />}
      </Form>
    </FormModal>
  )
}
