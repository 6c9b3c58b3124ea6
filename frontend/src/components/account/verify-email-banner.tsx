/*
 * Asks the owner to verify their address (docs/decisions.md D29: alerts and digests go only to verified addresses) on every
 * screen until they do (lib/verification.ts says when).
 */
import { Alert, Button } from 'antd'
import type { AcceptedMessageResponse } from '@reviewroute/backend/types/api'
import { useState } from 'react'
import { useCurrentUser } from '#hooks/use-current-user'
import { needsEmailVerification } from '#lib/verification'
import { errorText, request } from '#providers/http'
import { useToast } from '#providers/toast'

/** "Resend verification email": 202 → a success toast naming the address; a refusal (429) → the server's sentence. */
export function ResendVerificationButton({ email }: { email: string }) {
  const toast = useToast()
  const [sending, setSending] = useState(false)

  async function resend() {
    setSending(true)
    try {
      await request<AcceptedMessageResponse>('/api/auth/resend-verification', { method: 'POST' })
      toast.success('Verification Email Sent', `Check ${email} for the link.`)
    } catch (error) {
      toast.error('Resend Failed', errorText(error, 'Failed to send the verification email. Please try again.'))
    } finally {
      setSending(false)
    }
  }

  return (
    <Button size="small" onClick={resend} loading={sending}>
      Resend verification email
    </Button>
  )
}

export function VerifyEmailBanner() {
  const { user } = useCurrentUser()
  if (!user || !needsEmailVerification(user)) return null
  return <VerifyEmailAlert email={user.email} />
}

/** The banner for `email` (also rendered at build time for the first paint, first-paint/prerender.tsx). */
export function VerifyEmailAlert({ email }: { email: string }) {
  return (
    <Alert
      className="verify-email-banner"
      type="warning"
      showIcon
      message="Please verify your email address"
      description={`We sent a link to ${email}. Until you open it, feedback alerts and summaries are not mailed to you.`}
      action={<ResendVerificationButton email={email} />}
    />
  )
}
