/*
 * "Connect WhatsApp Business" through Meta's Embedded Signup (use-embedded-signup.ts): the first click loads Meta's SDK
 * and asks which number sends the requests, a new one or the one in the owner's WhatsApp Business app (coexistence);
 * then Meta's window, "Connecting…" while the server takes over, and what a closed window, Meta or the server said.
 */
import { WhatsAppOutlined } from '@ant-design/icons'
import { Alert, Button, Flex, Spin, Typography } from 'antd'
import { useState } from 'react'
import { COEXISTENCE_HINT } from '#lib/whatsapp-business'
import type { SignupState, useEmbeddedSignup } from './use-embedded-signup'

type Signup = ReturnType<typeof useEmbeddedSignup>

export const CONNECT_NEW = 'Connect a new number'
export const CONNECT_APP = 'Use the number in my WhatsApp Business app'

/** The way in: one button, then the two kinds of number. */
export function WhatsAppSignupChoices({ signup }: { signup: Signup }) {
  const [choosing, setChoosing] = useState(false)
  const { state } = signup
  const busy = state.step === 'open' || state.step === 'connecting'
  if (!choosing && !busy)
    return (
      <Button
        type="primary"
        icon={<WhatsAppOutlined />}
        onClick={() => {
          signup.prepare()
          setChoosing(true)
        }}
      >
        Connect WhatsApp Business
      </Button>
    )
  const opening = (coexistence: boolean) => busy && 'coexistence' in state && state.coexistence === coexistence
  return (
    <Flex vertical gap={8} role="group" aria-label="Which number sends your requests">
      <Typography.Text strong>Which number should send your review requests?</Typography.Text>
      <Flex gap={8} wrap>
        <Button type="primary" loading={opening(false)} disabled={busy && !opening(false)} onClick={() => void signup.open(false)}>
          {CONNECT_NEW}
        </Button>
        <Button loading={opening(true)} disabled={busy && !opening(true)} onClick={() => void signup.open(true)}>
          {CONNECT_APP}
        </Button>
      </Flex>
      <Typography.Text type="secondary">{COEXISTENCE_HINT}</Typography.Text>
    </Flex>
  )
}

/** Where the attempt is: Meta's window open, connecting, or what stopped it; dismissed (but for connecting) to start again. */
export function WhatsAppSignupStatus({ state, onDismiss }: { state: SignupState; onDismiss(): void }) {
  if (state.step === 'open')
    return (
      <Alert
        type="info"
        showIcon
        closable
        onClose={onDismiss}
        message="Finish in Meta's window. It may have opened behind this one."
        role="status"
      />
    )
  if (state.step === 'connecting') return <Alert type="info" icon={<Spin size="small" />} showIcon message="Connecting…" role="status" />
  if (state.step !== 'stopped') return null
  return <Alert type={state.kind === 'cancelled' ? 'warning' : 'error'} showIcon closable onClose={onDismiss} message={state.message} />
}
