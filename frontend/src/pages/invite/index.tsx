/*
 * /invite?token=… (docs/screens.md#invitation-page): where an invitation's mail leads, signed in or not. The page
 * first reads the invitation (POST /api/invitations/check, no account needed, docs/decisions.md D57) and names who
 * invites, to which workspace and as what; accepting it (POST /api/invitations/accept) is what decides. Signed out:
 * the ways to an account (sign in, create one) with the invited address filled in, both coming back here. Signed in:
 * the account it would join with and "Accept invitation", which opens the dashboard in the new workspace; another
 * address than the invited one is said before Accept. A used or expired link (400) and an invitation for another
 * address or an unverified one (403) each say what to do next. When the invitation cannot be read, the general words
 * stand in and accepting still decides.
 */
import { CheckCircleOutlined, CloseCircleOutlined, MailOutlined, UserSwitchOutlined } from '@ant-design/icons'
import type {
  AcceptInvitationRequest,
  AcceptInvitationResponse,
  InvitationCheckRequest,
  InvitationCheckResponse,
  UserDto,
} from '@reviewroute/backend/types/api'
import { ApiError } from '@reviewroute/web-shared/api'
import { signInUrl } from '@reviewroute/web-shared/redirect'
import { clearToken, getToken } from '@reviewroute/web-shared/token'
import { Alert, Button, Card, Flex, Spin, Typography } from 'antd'
import { useEffect, useState, type ReactNode } from 'react'
import { Link, useSearchParams } from 'react-router'
import { ResendVerificationButton } from '#components/account/verify-email-banner'
import { Logo } from '#components/logo'
import { useCurrentUser } from '#hooks/use-current-user'
import { ROLE_HINTS, ROLE_LABELS } from '#lib/roles'
import { needsEmailVerification } from '#lib/verification'
import { rememberWorkspace } from '#lib/workspace-store'
import { errorText, request } from '#providers/http'

export const INVITE_PATH = '/invite'

/** This page's own address, for the way back after signing in or up. */
export const invitePath = (token: string) => `${INVITE_PATH}?${new URLSearchParams({ token })}`

export const signUpUrl = (returnTo: string, email?: string) =>
  `/auth?${new URLSearchParams({ mode: 'signup', redirect: returnTo, ...(email && { email }) })}`

/** Sign-in coming back to `returnTo`, the invited address filled in when known. */
const signInWith = (returnTo: string, email?: string) =>
  email ? `${signInUrl(returnTo)}&${new URLSearchParams({ email })}` : signInUrl(returnTo)

/** The invitation as read before accepting; `unknown` when it could not be read (accepting still decides). */
type Checked =
  | { state: 'reading' }
  | { state: 'read'; invitation: InvitationCheckResponse }
  | { state: 'unusable'; message: string }
  | { state: 'unknown' }

function useInvitation(token: string): Checked {
  const [checked, setChecked] = useState<Checked>({ state: 'reading' })
  useEffect(() => {
    let current = true
    request<InvitationCheckResponse>('/api/invitations/check', {
      method: 'POST',
      body: { token } satisfies InvitationCheckRequest,
      workspace: false,
      auth: false,
    })
      .then((invitation) => current && setChecked({ state: 'read', invitation }))
      .catch((error: unknown) => {
        if (!current) return
        if (error instanceof ApiError && error.status === 400)
          setChecked({ state: 'unusable', message: errorText(error, 'This invitation link is not valid any more.') })
        else setChecked({ state: 'unknown' })
      })
    return () => {
      current = false
    }
  }, [token])
  return checked
}

type Outcome =
  | { state: 'idle' }
  | { state: 'accepting' }
  | { state: 'accepted'; name: string }
  | { state: 'unusable'; message: string }
  | { state: 'refused'; message: string }
  | { state: 'failed'; message: string }

function Page({ children }: { children: ReactNode }) {
  return (
    <Flex justify="center" align="start" style={{ minHeight: '100vh', padding: '48px 16px', background: '#f5f7fb' }}>
      <Card style={{ width: '100%', maxWidth: 480 }} styles={{ body: { padding: 28 } }}>
        <Flex vertical gap={16}>
          <Flex align="center" gap={10} style={{ fontWeight: 700, fontSize: 18 }}>
            <Logo size={32} />
            ReviewRoute
          </Flex>
          {children}
        </Flex>
      </Card>
    </Flex>
  )
}

const Title = ({ children }: { children: ReactNode }) => (
  <Typography.Title level={3} style={{ margin: 0 }}>
    {children}
  </Typography.Title>
)

export default function InvitePage() {
  const [params] = useSearchParams()
  const token = params.get('token')?.trim() ?? ''
  const signedIn = getToken() !== null

  if (!token)
    return (
      <Page>
        <Title>This invitation link is incomplete</Title>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          Open the link in the invitation email again; if your email app split it over two lines, copy all of it.
        </Typography.Paragraph>
        <a href="/">
          <Button>Go to ReviewRoute</Button>
        </a>
      </Page>
    )
  return (
    <Page>
      <Invitation token={token} signedIn={signedIn} />
    </Page>
  )
}

function Invitation({ token, signedIn }: { token: string; signedIn: boolean }) {
  const checked = useInvitation(token)
  if (checked.state === 'reading')
    return (
      <Flex vertical align="center" gap={12} role="status" style={{ padding: 24 }}>
        <Spin />
        <Typography.Text type="secondary">Reading your invitation...</Typography.Text>
      </Flex>
    )
  if (checked.state === 'unusable') return <Unusable message={checked.message} signedIn={signedIn} />
  const invitation = checked.state === 'read' ? checked.invitation : null
  return signedIn ? <SignedIn token={token} invitation={invitation} /> : <SignedOut token={token} invitation={invitation} />
}

/** Who invites, to which workspace, as what and for which address; the general words when it could not be read. */
function WhatItIs({ invitation }: { invitation: InvitationCheckResponse | null }) {
  if (!invitation)
    return (
      <>
        <Title>You are invited to a ReviewRoute workspace</Title>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          Someone asked you to work with them in their ReviewRoute workspace: their businesses, ratings and feedback, with the role they
          chose for you. The invitation email says who and which workspace.
        </Typography.Paragraph>
      </>
    )
  const { workspace, inviterName, role, email } = invitation
  return (
    <>
      <Title>{inviterName ? `${inviterName} invited you to ${workspace.name}` : `You are invited to ${workspace.name}`}</Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        Work with them in their ReviewRoute workspace: its businesses, ratings and feedback, with the role they chose for you.
      </Typography.Paragraph>
      <dl aria-label="The invitation" role="list" style={DETAILS}>
        <Detail term="Workspace">{workspace.name}</Detail>
        {inviterName && <Detail term="Invited by">{inviterName}</Detail>}
        <Detail term="Your role">
          <strong>{ROLE_LABELS[role]}</strong>
          <Typography.Text type="secondary">{ROLE_HINTS[role]}</Typography.Text>
        </Detail>
        <Detail term="Sent to">{email}</Detail>
      </dl>
    </>
  )
}

const DETAILS = { display: 'grid', gap: 10, margin: 0, padding: 12, background: '#f8fafc', borderRadius: 8 } as const

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div role="listitem">
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        <dt>{term}</dt>
      </Typography.Text>
      <dd style={{ margin: 0, display: 'flex', flexDirection: 'column', overflowWrap: 'anywhere' }}>{children}</dd>
    </div>
  )
}

function Unusable({ message, signedIn }: { message: string; signedIn: boolean }) {
  return (
    <>
      <Flex align="center" gap={10}>
        <CloseCircleOutlined style={{ fontSize: 28, color: '#dc2626' }} />
        <Title>This invitation can no longer be used</Title>
      </Flex>
      <Alert type="error" showIcon message={message} />
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        An invitation works once, for 7 days. Ask the person who invited you to send a new one.
      </Typography.Paragraph>
      {signedIn ? (
        <Link to="/dashboard">
          <Button>Go to your dashboard</Button>
        </Link>
      ) : (
        <a href="/">
          <Button>Go to ReviewRoute</Button>
        </a>
      )}
    </>
  )
}

function SignedOut({ token, invitation }: { token: string; invitation: InvitationCheckResponse | null }) {
  const back = invitePath(token)
  const email = invitation?.email
  return (
    <>
      <WhatItIs invitation={invitation} />
      <Alert
        type="info"
        showIcon
        icon={<MailOutlined />}
        message={
          email
            ? `Sign in or create an account with ${email}, the address the invitation was sent to.`
            : 'Use the email address the invitation was sent to.'
        }
        description="You come back here to accept. The link works once, for 7 days."
      />
      <Flex gap={8} wrap>
        <a href={signInWith(back, email)}>
          <Button type="primary" size="large">
            Sign in to accept
          </Button>
        </a>
        <a href={signUpUrl(back, email)}>
          <Button size="large">Create an account</Button>
        </a>
      </Flex>
    </>
  )
}

/** Out of this account and to sign-in, coming back to the invitation. */
async function switchAccount(token: string) {
  await request('/api/auth/logout', { method: 'POST', workspace: false }).catch(() => undefined)
  clearToken()
  window.location.assign(signInUrl(invitePath(token)))
}

function SignedIn({ token, invitation }: { token: string; invitation: InvitationCheckResponse | null }) {
  const { user, loading, refetch } = useCurrentUser()
  const [outcome, setOutcome] = useState<Outcome>({ state: 'idle' })

  async function accept(member: UserDto) {
    setOutcome({ state: 'accepting' })
    try {
      const { workspace } = await request<AcceptInvitationResponse>('/api/invitations/accept', {
        method: 'POST',
        body: { token } satisfies AcceptInvitationRequest,
        workspace: false,
      })
      setOutcome({ state: 'accepted', name: workspace.name })
      rememberWorkspace(member.id, workspace.id)
      window.location.assign('/dashboard')
    } catch (error) {
      const message = errorText(error, 'Could not accept the invitation. Please try again.')
      if (error instanceof ApiError && error.status === 400) setOutcome({ state: 'unusable', message })
      else if (error instanceof ApiError && error.status === 403) {
        setOutcome({ state: 'refused', message })
        // The address may have been verified in another tab meanwhile: the next try reads it again.
        void refetch()
      } else setOutcome({ state: 'failed', message })
    }
  }

  if (loading || !user)
    return (
      <Flex vertical align="center" gap={12} role="status" style={{ padding: 24 }}>
        <Spin />
        <Typography.Text type="secondary">Checking your account...</Typography.Text>
      </Flex>
    )

  if (outcome.state === 'accepted')
    return (
      <Flex vertical align="center" gap={12} role="status" style={{ padding: 24, textAlign: 'center' }}>
        <CheckCircleOutlined style={{ fontSize: 40, color: '#16a34a' }} />
        <Title>Welcome to {outcome.name}</Title>
        <Typography.Text type="secondary">Opening its dashboard...</Typography.Text>
      </Flex>
    )

  if (outcome.state === 'unusable') return <Unusable message={outcome.message} signedIn />

  const unverified = needsEmailVerification(user)
  const another = (
    <Button icon={<UserSwitchOutlined />} onClick={() => void switchAccount(token)}>
      Use another account
    </Button>
  )
  const acceptButton = (
    <Button type="primary" size="large" loading={outcome.state === 'accepting'} onClick={() => void accept(user)}>
      {outcome.state === 'refused' || outcome.state === 'failed' ? 'Try again' : 'Accept invitation'}
    </Button>
  )

  if (outcome.state === 'refused')
    return (
      <>
        <Title>{unverified ? 'Verify your email address first' : 'This invitation is for another address'}</Title>
        <Alert type="warning" showIcon message={outcome.message} />
        {unverified ? (
          <>
            <Typography.Paragraph style={{ margin: 0 }}>
              You are signed in as <strong>{user.email}</strong>. Open the link we sent there, then try again.
            </Typography.Paragraph>
            <Flex gap={8} wrap>
              {acceptButton}
              <ResendVerificationButton email={user.email} />
            </Flex>
          </>
        ) : (
          <>
            <Typography.Paragraph style={{ margin: 0 }}>
              You are signed in as <strong>{user.email}</strong>.
            </Typography.Paragraph>
            <Flex gap={8} wrap>
              {another}
            </Flex>
          </>
        )}
      </>
    )

  // Known before Accept: the invitation is for another address than this account's.
  if (invitation && invitation.email.toLowerCase() !== user.email.toLowerCase())
    return (
      <>
        <Title>This invitation is for another address</Title>
        <WhatItIs invitation={invitation} />
        <Alert
          type="warning"
          showIcon
          message={`It was sent to ${invitation.email}; you are signed in as ${user.email}.`}
          description="Sign in with the address it was sent to, or ask for an invitation to this one."
        />
        <Flex gap={8} wrap>
          <Button type="primary" icon={<UserSwitchOutlined />} onClick={() => void switchAccount(token)}>
            Use another account
          </Button>
        </Flex>
      </>
    )

  return (
    <>
      <WhatItIs invitation={invitation} />
      <Typography.Paragraph style={{ margin: 0 }}>
        You will join as <strong>{user.email}</strong>.
      </Typography.Paragraph>
      {unverified && (
        // The button under the sentence, not beside it: in this narrow card the action squeezed the text into a
        // one-word column on a phone.
        <Alert
          type="warning"
          showIcon
          message="Verify your email address to accept"
          description={
            <Flex vertical align="start" gap={8}>
              <span>We sent a link to {user.email}. Open it, then accept.</span>
              <ResendVerificationButton email={user.email} />
            </Flex>
          }
        />
      )}
      {outcome.state === 'failed' && <Alert type="error" showIcon message={outcome.message} />}
      <Flex gap={8} wrap>
        {acceptButton}
        {another}
      </Flex>
    </>
  )
}
