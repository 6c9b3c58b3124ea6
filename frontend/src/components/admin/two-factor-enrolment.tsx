/*
 * Setting up the authenticator app (POST /api/admin/2fa/enroll, then /activate `{code}`): the QR code and the key to
 * type by hand, a first code to prove it works, then the recovery codes, shown once.
 */
import type { TwoFactorActivatedDto, TwoFactorEnrollmentDto, TwoFactorStatusDto } from '@reviewroute/backend/types/api'
import { Alert, Button, Flex, Skeleton, Typography } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { TWO_FACTOR_API } from '#lib/admin'
import { errorText, request } from '#providers/http'
import { CodeForm } from './code-form'
import { RecoveryCodes } from './recovery-codes'

/** "JBSWY3DPEHPK3PXP" → "JBSW Y3DP EHPK 3PXP": easier to type from the screen. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ')

export function TwoFactorEnrolment({ email, onDone }: { email?: string; onDone(status: TwoFactorStatusDto): void }) {
  const [enrolment, setEnrolment] = useState<TwoFactorEnrollmentDto | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [activated, setActivated] = useState<TwoFactorActivatedDto | null>(null)
  // Each enrolment makes a new secret: React's development double effect must not start a second one.
  const started = useRef(false)

  function start() {
    setFailure(null)
    request<TwoFactorEnrollmentDto>(`${TWO_FACTOR_API}/enroll`, { method: 'POST' })
      .then(setEnrolment)
      .catch((error) => setFailure(errorText(error, 'Could not start the set-up. Please try again.')))
  }

  useEffect(() => {
    if (started.current) return
    started.current = true
    start()
  }, [])

  if (activated) {
    const { recoveryCodes, ...status } = activated
    return <RecoveryCodes codes={recoveryCodes} email={email} onContinue={() => onDone(status)} />
  }
  if (failure) {
    return (
      <Flex vertical gap={12}>
        <Alert type="error" showIcon message={failure} />
        <Button onClick={start}>Try again</Button>
      </Flex>
    )
  }
  if (!enrolment) return <Skeleton active paragraph={{ rows: 5 }} />

  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph style={{ margin: 0 }}>
        Scan this QR code with your authenticator app (Google Authenticator, 1Password, Authy…), then enter the 6-digit code it shows.
      </Typography.Paragraph>
      <img className="admin-qr" src={enrolment.qrDataUrl} alt="QR code for your authenticator app" width={200} height={200} />
      <div>
        <Typography.Text type="secondary">Cannot scan it? Enter this key in the app:</Typography.Text>
        <Typography.Paragraph copyable={{ text: enrolment.secret }} className="admin-secret" style={{ margin: 0 }}>
          <Typography.Text code>{grouped(enrolment.secret)}</Typography.Text>
        </Typography.Paragraph>
      </div>
      <CodeForm
        label="6-digit code"
        submitText="Turn on two-factor"
        step="activate"
        onDone={(answer: TwoFactorActivatedDto) => setActivated(answer)}
      />
    </Flex>
  )
}
