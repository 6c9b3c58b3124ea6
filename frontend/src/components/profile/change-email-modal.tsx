import { Button, Flex, Form, Input, Modal, Typography } from 'antd'
import type { AcceptedMessageResponse, ChangeEmailRequest } from '@reviewroute/backend/types/api'
import { useSaveForm } from '#hooks/use-save-form'
import { ApiError, errorText } from '#providers/http'
import { useToast } from '#providers/toast'

interface Props {
  open: boolean
  currentEmail: string
  onClose(): void
}

/**
 * Change the sign-in email (POST /api/auth/change-email, docs/decisions.md D29): the new address and the password again.
 * The account keeps its address until the link mailed to the new one is opened, so a 202 only says where to look.
 * A wrong password (400) shows under its field, as does the sentence for an account from the identity provider,
 * which has no password yet; the server's field messages (422) go under theirs; anything else is a toast.
 */
export function ChangeEmailModal({ open, currentEmail, onClose }: Props) {
  return (
    <Modal open={open} title="Change your email" footer={null} onCancel={onClose} destroyOnHidden>
      <ChangeEmailForm currentEmail={currentEmail} onDone={onClose} />
    </Modal>
  )
}

/** Mounted fresh each time the dialog opens, so no password outlives it. */
function ChangeEmailForm({ currentEmail, onDone }: { currentEmail: string; onDone(): void }) {
  const toast = useToast()
  const { form, formProps, saving } = useSaveForm<ChangeEmailRequest, ChangeEmailRequest, AcceptedMessageResponse>({
    path: '/api/auth/change-email',
    body: ({ email, password }) => ({ password, email }),
    onSaved: ({ message }) => {
      toast.success('Check Your New Inbox', message)
      onDone()
    },
    busyAfterSave: true,
    onFailed: (error) => {
      if (error instanceof ApiError && error.status === 400)
        form.setFields([{ name: 'password', errors: [errorText(error, 'That password is not correct.')] }])
      else toast.error('Email Not Changed', errorText(error, 'Failed to change your email. Please try again.'))
    },
  })

  return (
    <Flex vertical gap={12} style={{ paddingTop: 8 }}>
      <Typography.Text type="secondary">
        You sign in with <Typography.Text strong>{currentEmail}</Typography.Text>. We will mail a link to the new address; it becomes your
        sign-in once you open that link.
      </Typography.Text>
      <Form {...formProps} name="change-email" layout="vertical" requiredMark={false}>
        <Form.Item
          label="New email"
          name="email"
          rules={[
            { required: true, message: 'Enter your new email address' },
            { type: 'email', message: 'Enter a valid email address' },
          ]}
        >
          <Input type="email" autoComplete="email" autoFocus />
        </Form.Item>
        <Form.Item
          label="Current password"
          name="password"
          rules={[{ required: true, message: 'Enter your current password' }]}
          extra='Signed up with Google and never set a password? Set one first with "Forgot password?" on the sign-in page.'
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Flex wrap justify="end" gap={8}>
          <Button onClick={onDone} disabled={saving}>
            Cancel
          </Button>
          <Button type="primary" htmlType="submit" loading={saving}>
            Send link
          </Button>
        </Flex>
      </Form>
    </Flex>
  )
}
