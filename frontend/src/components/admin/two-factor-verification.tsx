/*
 * The TOTP step for this sign-in (POST /api/admin/2fa/verify `{code}`): the app's 6-digit code, or one of the
 * recovery codes when the phone is not at hand. Passing it opens the console on this token for 12 hours.
 */
import type { TwoFactorStatusDto } from '@reviewroute/backend/types/api'
import { Button, Flex, Typography } from 'antd'
import { useState } from 'react'
import { CodeForm } from './code-form'

export function TwoFactorVerification({ onDone }: { onDone(status: TwoFactorStatusDto): void }) {
  const [recovery, setRecovery] = useState(false)

  return (
    <Flex vertical gap={12}>
      <Typography.Paragraph style={{ margin: 0 }}>
        {recovery
          ? 'Enter one of the recovery codes you saved when you set up two-factor. Each code works once.'
          : 'Enter the 6-digit code your authenticator app shows for ReviewRoute.'}
      </Typography.Paragraph>
      <CodeForm
        key={recovery ? 'recovery' : 'app'}
        label={recovery ? 'Recovery code' : '6-digit code'}
        recovery={recovery}
        submitText="Verify"
        step="verify"
        onDone={(status: TwoFactorStatusDto) => onDone(status)}
      />
      <Button type="link" onClick={() => setRecovery((value) => !value)} style={{ alignSelf: 'center' }}>
        {recovery ? 'Use the code from your app' : 'Use a recovery code'}
      </Button>
    </Flex>
  )
}
