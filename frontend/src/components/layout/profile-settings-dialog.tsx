/*
 * The user menu's Profile Settings dialog (docs/screens.md): name, email (read-only, docs/decisions.md D14) and phone.
 */
import { Alert, Form, Input, Modal } from 'antd'
import type { UpdateProfileRequest, UserDto } from '@reviewroute/backend/types/api'
import { useState } from 'react'
import { ApiError, errorText, request } from '#providers/http'
import { useToast } from '#providers/toast'

interface Values {
  name: string
  email: string
  phone: string
}

export default function ProfileSettingsDialog({
  user,
  open,
  onClose,
  onSaved,
}: {
  user: UserDto
  open: boolean
  onClose(): void
  onSaved(): void
}) {
  const [form] = Form.useForm<Values>()
  const [saving, setSaving] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const toast = useToast()

  async function save({ name, phone }: Values) {
    setSaving(true)
    setFailure(null)
    try {
      await request<UserDto>('/api/auth/profile', { method: 'PATCH', body: { name, phone: phone || null } satisfies UpdateProfileRequest })
      toast.success('Profile Updated')
      onSaved()
      onClose()
    } catch (error) {
      // docs/screens.md#avatar-menu: the server's sentence (or 'Unknown error') after the prefix; a network failure has its own sentence.
      setFailure(
        error instanceof ApiError && error.status === 0
          ? 'Failed to update profile. Please try again.'
          : `Failed to update profile: ${errorText(error, 'Unknown error')}`
      )
    } finally {
      setSaving(false)
    }
  }

  return (
    <Modal
      title="Profile Settings"
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="Save"
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={save}
        initialValues={{ name: user.name, email: user.email, phone: user.phone }}
        preserve={false}
      >
        <Form.Item label="Name" name="name" rules={[{ required: true, whitespace: true, message: 'Please enter your name' }]}>
          <Input autoComplete="name" />
        </Form.Item>
        <Form.Item label="Email" name="email">
          <Input type="email" disabled />
        </Form.Item>
        <Form.Item label="Phone" name="phone">
          <Input type="tel" autoComplete="tel" />
        </Form.Item>
        {failure && <Alert type="error" message={failure} showIcon />}
      </Form>
    </Modal>
  )
}
