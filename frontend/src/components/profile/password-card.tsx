import { Button, Card, Flex, Form, Input } from 'antd'
import type { ChangePasswordRequest, ChangePasswordResponse } from '@reviewroute/backend/types/api'
import { PASSWORD_MIN_LENGTH } from '#config/constants'
import { useSaveForm } from '#hooks/use-save-form'
import { ApiError, errorText } from '#providers/http'
import { useToast } from '#providers/toast'

type Values = ChangePasswordRequest & { confirmPassword: string }

/**
 * Change password (POST /api/auth/change-password, docs/decisions.md D29). The server signs the other devices out, so
 * `onChanged` lets the page re-read them. A wrong current password (400) shows under its field, like the server's
 * field messages (422); anything else (the lock's 429, an outage) is a toast with the server's sentence.
 */
export function PasswordCard({ onChanged }: { onChanged(): Promise<unknown> | void }) {
  const toast = useToast()
  const { form, formProps, saving } = useSaveForm<Values, ChangePasswordRequest, ChangePasswordResponse>({
    path: '/api/auth/change-password',
    body: ({ currentPassword, password }) => ({ currentPassword, password }),
    onSaved: async ({ message }) => {
      form.resetFields()
      toast.success('Password Changed', message)
      await onChanged()
    },
    onFailed: (error) => {
      if (error instanceof ApiError && error.status === 400)
        form.setFields([{ name: 'currentPassword', errors: [errorText(error, 'Your current password is not correct.')] }])
      else toast.error('Password Not Changed', errorText(error, 'Failed to change password. Please try again.'))
    },
  })

  return (
    <Card title="Password">
      <Form {...formProps} name="change-password" layout="vertical" requiredMark={false}>
        <Form.Item label="Current password" name="currentPassword" rules={[{ required: true, message: 'Enter your current password' }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          label="New password"
          name="password"
          rules={[
            { required: true, message: 'Enter a new password' },
            { min: PASSWORD_MIN_LENGTH, message: `Use at least ${PASSWORD_MIN_LENGTH} characters` },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="Confirm new password"
          name="confirmPassword"
          dependencies={['password']}
          rules={[
            { required: true, message: 'Enter the new password again' },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || value === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error('The new passwords do not match')),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Flex justify="end">
          <Button type="primary" htmlType="submit" loading={saving}>
            Change Password
          </Button>
        </Flex>
      </Form>
    </Card>
  )
}
