/*
 * /admin/2fa: the TOTP step before the console opens (docs/decisions.md D34). An operator without an authenticator
 * app sets one up; one with it enters a code. Then back to where they were going.
 */
import { SafetyCertificateOutlined } from '@ant-design/icons'
import { useLogout } from '@refinedev/core'
import { Button, Card, Flex, Typography } from 'antd'
import { Navigate } from 'react-router'
import { TwoFactorEnrolment } from '#components/admin/two-factor-enrolment'
import { useReturnPath, useTwoFactor } from '#components/admin/two-factor-session'
import { TwoFactorVerification } from '#components/admin/two-factor-verification'
import { Logo } from '#components/logo'
import { useCurrentUser } from '#hooks/use-current-user'

export default function TwoFactorPage() {
  const { status, passed } = useTwoFactor()
  const back = useReturnPath()
  const { user } = useCurrentUser()
  const { mutate: logout } = useLogout()

  if (status?.verified) return <Navigate to={back} replace />
  const enrolling = !status?.enrolled

  return (
    <Flex justify="center" align="center" className="admin-step">
      <Card className="admin-step__card">
        <Flex vertical gap={16}>
          <Flex align="center" gap={10}>
            <Logo size={32} />
            <Typography.Text strong>ReviewRoute operator console</Typography.Text>
          </Flex>
          <Typography.Title level={3} style={{ margin: 0 }}>
            <SafetyCertificateOutlined /> {enrolling ? 'Set up two-factor sign-in' : 'Two-factor sign-in'}
          </Typography.Title>
          {enrolling ? <TwoFactorEnrolment email={user?.email} onDone={passed} /> : <TwoFactorVerification onDone={passed} />}
          <Flex justify="space-between" align="center" gap={8} wrap>
            <Typography.Text type="secondary">{user?.email}</Typography.Text>
            <Button type="link" onClick={() => logout()} style={{ padding: 0 }}>
              Sign out
            </Button>
          </Flex>
        </Flex>
      </Card>
    </Flex>
  )
}
