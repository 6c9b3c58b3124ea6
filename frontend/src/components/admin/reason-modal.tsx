/*
 * The one dialog every operator write goes through (docs/decisions.md D34): the action's own fields (days, months, a
 * reply), then the reason the audit log keeps (3-500 characters; nothing is sent without it). The server's 422 field
 * messages go under their fields; any other refusal (a refund the policy refuses, one already made) shows its sentence.
 */
import type { AdminReasonRequest } from '@reviewroute/backend/types/api'
import { Alert, Button, Flex, Form, Input, Modal, Typography } from 'antd'
import { useState, type ReactNode } from 'react'
import { useSaveForm, type ApiPath } from '#hooks/use-save-form'
import { REASON_MAX, reasonProblem } from '#lib/admin'
import { errorText } from '#providers/http'
import { useToast } from '#providers/toast'
import { useTwoFactor } from './two-factor-session'
import { useRefreshAdmin } from './use-admin-list'

/** A write an operator asks for: what the dialog says, where it posts, and the body it posts (`TBody`). */
export interface ReasonAction<TBody extends AdminReasonRequest = AdminReasonRequest> {
  title: string
  /** What will happen, in a sentence or two. */
  description?: ReactNode
  okText: string
  danger?: boolean
  /** Form items before the reason: the rest of `TBody`. */
  fields?: ReactNode
  initialValues?: Omit<TBody, 'reason'>
  /** POST path under /api/admin. */
  path: string
  /** The toast once the server answered. */
  doneTitle: string
  /** Lists beyond the console's resources that the write changes (a queue's failed jobs). */
  refresh?: string[]
}

/** The action's own fields (the rest of its request type) and the reason. */
type Values = AdminReasonRequest & Record<string, unknown>

export function ReasonModal({ action, onClose }: { action: ReasonAction | null; onClose(): void }) {
  // Keeps the last action's title and fields while the dialog fades out: a new action is remembered while rendering.
  const [last, setLast] = useState(action)
  if (action && action !== last) setLast(action)
  const shown = action ?? last

  return (
    <Modal open={action !== null} title={shown?.title} footer={null} onCancel={onClose} destroyOnHidden maskClosable={false}>
      {shown && <ReasonForm key={shown.path} action={shown} onClose={onClose} />}
    </Modal>
  )
}

function ReasonForm({ action, onClose }: { action: ReasonAction; onClose(): void }) {
  const toast = useToast()
  const twoFactor = useTwoFactor()
  const refreshAdmin = useRefreshAdmin()
  const {
    formProps,
    saving: busy,
    failure,
  } = useSaveForm<Values, AdminReasonRequest>({
    path: action.path as ApiPath,
    body: ({ reason, ...fields }) => ({ ...fields, reason: reason.trim() }),
    onSaved: () => {
      toast.success(action.doneTitle)
      onClose()
      void refreshAdmin(action.refresh)
    },
    onFailed: (error) => {
      if (twoFactor.handleError(error)) return onClose()
      return errorText(error, 'That did not work. Please try again.')
    },
  })

  return (
    <Form<Values> {...formProps} layout="vertical" requiredMark={false} initialValues={action.initialValues} style={{ paddingTop: 8 }}>
      {action.description && <Typography.Paragraph type="secondary">{action.description}</Typography.Paragraph>}
      {action.fields}
      <Form.Item
        label="Reason"
        name="reason"
        extra="Kept in the audit log with your email."
        rules={[{ validator: (_, value) => (reasonProblem(value) ? Promise.reject(new Error(reasonProblem(value)!)) : Promise.resolve()) }]}
      >
        <Input.TextArea rows={3} maxLength={REASON_MAX} showCount placeholder="Why are you doing this?" />
      </Form.Item>
      {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} />}
      <Flex justify="end" gap={8} wrap>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="primary" danger={action.danger} htmlType="submit" loading={busy}>
          {action.okText}
        </Button>
      </Flex>
    </Form>
  )
}
