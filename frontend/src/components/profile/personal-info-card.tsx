import { EditOutlined } from '@ant-design/icons'
import { Button, Card, Flex, Form, Input, Typography } from 'antd'
import type { UpdateProfileRequest, UserDto } from '@reviewroute/backend/types/api'
import { getToken } from '@reviewroute/web-shared/token'
import { useState } from 'react'
import { PHONE_PREFIX } from '#config/constants'
import { useSaveForm } from '#hooks/use-save-form'
import { formatIndianMobile, isValidPhone, mobileNumberProblem, phoneDigits, phoneFieldText, phoneForApi } from '#lib/phone'
import { errorText } from '#providers/http'
import { useToast } from '#providers/toast'
import { ChangeEmailModal } from './change-email-modal'
import { Facts } from './facts'

interface Values {
  firstName: string
  lastName: string
  /** The 10 digits after +91; empty removes the number. */
  phone: string
}

/** Without a first name the header would greet the owner by their email's local part. */
const FIRST_NAME_REQUIRED = 'Please enter your first name'

/**
 * The number may be left empty (removed); anything else typed must be a mobile number, by the server's own rule. A
 * number kept as it was is not checked again, so an older one never blocks a change of name.
 */
const mobileNumberRule = (saved: string) => ({
  validator: (_: unknown, digits?: string) =>
    !digits || digits === saved || isValidPhone(digits)
      ? Promise.resolve()
      : Promise.reject(new Error(mobileNumberProblem(digits) ?? undefined)),
})

const notSet = <Typography.Text type="secondary">Not set</Typography.Text>

/**
 * First and last name and the mobile number asked for at sign-up, edited in place (docs/screens.md); the email
 * changes through its own dialog (docs/decisions.md D29).
 */
export function PersonalInfoCard({
  user,
  loading,
  onSaved,
}: {
  user: UserDto | null
  loading: boolean
  onSaved(): Promise<unknown> | void
}) {
  const [editing, setEditing] = useState(false)
  const [changingEmail, setChangingEmail] = useState(false)
  const toast = useToast()
  const savedPhone = phoneDigits(user?.phone ?? '')
  const { formProps, saving } = useSaveForm<Values, UpdateProfileRequest, UserDto>({
    path: '/api/auth/profile',
    method: 'patch',
    body: ({ firstName, lastName, phone }) => ({
      firstName: firstName.trim(),
      lastName: (lastName ?? '').trim(),
      ...(phone === savedPhone ? {} : { phone: phone ? phoneForApi(phone) : null }),
    }),
    onSaved: async () => {
      await onSaved()
      setEditing(false)
      toast.success('Profile Updated', 'Your details have been saved.')
    },
    // The server's word on the number goes under its field (the browser's rule is the same, so rarely needed).
    onFailed: (error) => toast.error(errorText(error, 'Failed to update profile. Please try again.')),
  })

  const edit = editing ? null : (
    <Button icon={<EditOutlined />} onClick={() => setEditing(true)} disabled={!user}>
      Edit Profile
    </Button>
  )

  return (
    <Card title="Personal Information" extra={edit} loading={loading && !user}>
      {editing && user ? (
        <Form
          {...formProps}
          // Signed out in another tab meanwhile: nothing is sent.
          onFinish={(values) => (getToken() ? formProps.onFinish?.(values) : toast.error('You must be logged in to update your profile.'))}
          layout="vertical"
          initialValues={{ firstName: user.firstName, lastName: user.lastName, phone: savedPhone }}
          requiredMark={false}
        >
          <Flex wrap style={{ columnGap: 16 }}>
            <Form.Item
              label="First name"
              name="firstName"
              rules={[{ required: true, whitespace: true, message: FIRST_NAME_REQUIRED }]}
              style={{ flex: '1 1 200px' }}
            >
              <Input autoComplete="given-name" autoFocus />
            </Form.Item>
            <Form.Item label="Last name" name="lastName" style={{ flex: '1 1 200px' }}>
              <Input autoComplete="family-name" />
            </Form.Item>
          </Flex>
          <Form.Item
            label="Mobile number"
            name="phone"
            rules={[mobileNumberRule(savedPhone)]}
            getValueFromEvent={(event: { target: { value: string } }) => phoneFieldText(event.target.value)}
            extra="For messages about your account and plan; we never share it. Leave it empty to remove it."
          >
            <Input addonBefore={PHONE_PREFIX} inputMode="tel" autoComplete="tel-national" placeholder="9876543210" />
          </Form.Item>
          <Form.Item
            label="Email"
            extra="Your email is your sign-in: changing it needs your password and a link mailed to the new address."
          >
            <Flex gap={8}>
              <Input value={user.email} readOnly disabled aria-label="Email" />
              <Button onClick={() => setChangingEmail(true)}>Change</Button>
            </Flex>
          </Form.Item>
          <Flex gap={8} justify="end">
            <Button onClick={() => setEditing(false)} disabled={saving}>
              Cancel
            </Button>
            <Button type="primary" htmlType="submit" loading={saving}>
              Save Changes
            </Button>
          </Flex>
        </Form>
      ) : (
        <Facts
          rows={[
            ['First name', user?.firstName || notSet],
            ['Last name', user?.lastName || notSet],
            ['Mobile number', savedPhone ? formatIndianMobile(savedPhone) : notSet],
            [
              'Email',
              <span className="email-value">
                <span>{user?.email}</span>
                <Button size="small" onClick={() => setChangingEmail(true)} disabled={!user}>
                  Change
                </Button>
              </span>,
            ],
          ]}
        />
      )}
      {user && changingEmail && <ChangeEmailModal open currentEmail={user.email} onClose={() => setChangingEmail(false)} />}
    </Card>
  )
}
