/*
 * WhatsApp Business (docs/decisions.md D32): requests by `whatsapp` go out from the business's own number for the
 * owner. Owners connect it through Meta's Embedded Signup (a new number, or the one in their WhatsApp Business app),
 * or by hand under "Advanced" (only by hand where the server has no Embedded Signup configured); once connected the
 * card shows the number as Meta reports it, its templates, Update and Disconnect. What Meta last said about the
 * number (a quality change, a removed connection) is a banner on the card.
 */
import { WhatsAppOutlined } from '@ant-design/icons'
import { useCustomMutation, type HttpError } from '@refinedev/core'
import { indianMobileDigits } from '@reviewroute/backend/contract/phone'
import type { BusinessDto, WhatsAppAccountDto, WhatsAppEmbeddedSignupRequest, WhatsAppNoticeDto } from '@reviewroute/backend/types/api'
import { Alert, App, Button, Card, Flex, Skeleton, Tag, Typography } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import { useCurrentUser } from '#hooks/use-current-user'
import { usePermissions } from '#hooks/use-workspaces'
import { formatDateTime } from '#lib/dates'
import { errorText } from '#providers/http'
import { TestMessageButton } from './test-message'
import { useEmbeddedSignup } from './use-embedded-signup'
import { useRefreshRequestChannels } from './use-request-channels'
import { useWhatsAppAccount, WHATSAPP_ACCOUNT_PATH } from './use-whatsapp-account'
import { WhatsAppConnection } from './whatsapp-connection'
import { WhatsAppManualForm } from './whatsapp-manual-form'
import { WhatsAppSignupChoices, WhatsAppSignupStatus } from './whatsapp-signup'

/** The connection as it is once disconnected: nothing of the number is left; the way to connect again stays. */
const disconnected = (account: WhatsAppAccountDto): WhatsAppAccountDto => ({
  ...account,
  connected: false,
  wabaId: null,
  phoneNumberId: null,
  displayPhoneNumber: null,
  verifiedName: null,
  qualityRating: null,
  messagingLimit: null,
  coexistence: false,
  accessTokenSet: false,
  templates: [],
  notice: null,
})

/** What Meta said about the number: a quality change warns; a removed connection is an error to reconnect from. */
function NoticeBanner({ notice, onReconnect }: { notice: WhatsAppNoticeDto; onReconnect?: () => void }) {
  const lost = notice.kind === 'disconnected'
  return (
    <Alert
      type={lost ? 'error' : 'warning'}
      showIcon
      message={notice.message}
      description={`Meta told us on ${formatDateTime(notice.at)}.`}
      action={
        lost && onReconnect ? (
          <Button size="small" type="primary" onClick={onReconnect}>
            Reconnect
          </Button>
        ) : undefined
      }
    />
  )
}

function TestMessageRow({ business }: { business: Pick<BusinessDto, 'id' | 'name'> }) {
  return (
    <Flex className="test-message-row" align="center" justify="space-between" gap={8} wrap>
      <Typography.Text type="secondary">See what your customers get:</Typography.Text>
      <TestMessageButton businessId={business.id} businessName={business.name} />
    </Flex>
  )
}

/** `business`: the selected one, whose template and language the test message uses and whose name Meta's window shows. */
export function WhatsAppBusinessCard({ business }: { business: Pick<BusinessDto, 'id' | 'name'> }) {
  const { modal, message } = App.useApp()
  const { account, setAccount, error: loadError, loading } = useWhatsAppAccount()
  // Connecting or disconnecting changes which channels the send screens offer.
  const refreshChannels = useRefreshRequestChannels()
  const { mutateAsync: remove } = useCustomMutation<WhatsAppAccountDto, HttpError, undefined>()
  const { mutateAsync: post } = useCustomMutation<WhatsAppAccountDto, HttpError, WhatsAppEmbeddedSignupRequest>()
  const [editing, setEditing] = useState(false)
  const [advanced, setAdvanced] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  // Meta's window is prefilled with the business's name and the owner's mobile (the business has none of its own here).
  const { user } = useCurrentUser()
  const card = useRef<HTMLDivElement>(null)
  const { hash } = useLocation()
  // Managers see the connection and send test messages; its owners connect, change and disconnect it (lib/roles.ts).
  const { whatsApp: canConnect } = usePermissions()

  function connected(saved: WhatsAppAccountDto) {
    setAccount(saved)
    void refreshChannels()
    setEditing(false)
    setFailure(null)
    message.success('WhatsApp Business connected')
  }

  const signup = useEmbeddedSignup({
    config: account?.embeddedSignup ?? null,
    business: { name: business.name, phone: user?.phone ? indianMobileDigits(user.phone) : null },
    connect: async (request) =>
      connected((await post({ url: `${WHATSAPP_ACCOUNT_PATH}/embedded-signup`, method: 'post', values: request })).data),
  })

  // The quick send's "Connect it" link lands here.
  useEffect(() => {
    if (hash === '#whatsapp-business' && !loading) card.current?.scrollIntoView?.({ block: 'start' })
  }, [hash, loading])

  function disconnect() {
    modal.confirm({
      title: 'Disconnect WhatsApp Business?',
      content: 'Requests will no longer be sent from your business number. Sending with your own WhatsApp or by email still works.',
      okText: 'Disconnect',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await remove({ url: WHATSAPP_ACCOUNT_PATH, method: 'delete', values: undefined })
          if (account) setAccount(disconnected(account))
          void refreshChannels()
          setEditing(false)
          setFailure(null)
          signup.reset()
        } catch (error) {
          setFailure(errorText(error, 'Could not disconnect. Please try again.'))
        }
      },
    })
  }

  const isConnected = account?.connected === true
  const title = (
    <Flex align="center" gap={8} wrap>
      <WhatsAppOutlined style={{ color: '#16a34a' }} />
      <span>WhatsApp Business</span>
      {isConnected && <Tag color="green">Connected</Tag>}
    </Flex>
  )

  let body
  if (loading) body = <Skeleton active paragraph={{ rows: 2 }} />
  else if (loadError && !account)
    body = <Alert type="error" showIcon message={errorText(loadError, 'Could not load your WhatsApp Business connection.')} />
  else if (!account) body = null
  else if (isConnected && !editing)
    body = (
      <WhatsAppConnection
        account={account}
        business={business}
        failure={failure}
        onUpdate={
          canConnect
            ? () => {
                setFailure(null)
                setEditing(true)
              }
            : undefined
        }
        onDisconnect={canConnect ? disconnect : undefined}
      />
    )
  else if (!canConnect)
    body = (
      <Flex vertical gap={12}>
        <Typography.Text>
          Not connected. An owner of this workspace can connect its WhatsApp Business number here, so requests go out from it for you.
        </Typography.Text>
        <TestMessageRow business={business} />
      </Flex>
    )
  else if (isConnected) body = <WhatsAppManualForm account={account} onSaved={connected} onCancel={() => setEditing(false)} />
  else
    body = (
      <Flex vertical gap={12}>
        <Typography.Text>
          Send review requests from your business&apos;s WhatsApp number, for you, without opening your phone.
        </Typography.Text>
        {signup.available ? (
          <>
            <WhatsAppSignupChoices signup={signup} />
            {/* Folded (a native details, no antd Collapse in the bundle); the form is made only once opened. */}
            <details className="whatsapp-advanced" onToggle={(event) => setAdvanced(event.currentTarget.open)}>
              <summary>Advanced: connect with a phone number ID and an access token</summary>
              {advanced && <WhatsAppManualForm account={account} onSaved={connected} />}
            </details>
          </>
        ) : (
          <WhatsAppManualForm account={account} onSaved={connected} />
        )}
        <TestMessageRow business={business} />
      </Flex>
    )

  // A lost connection is reconnected the way it was made: Meta's window (for the same kind of number), else by hand.
  const reconnect = () => {
    if (signup.available && account) void signup.open(account.coexistence)
    else setEditing(true)
  }

  return (
    <Card ref={card} id="whatsapp-business" title={title} className="requests-card">
      <Flex vertical gap={12}>
        {account?.notice && <NoticeBanner notice={account.notice} onReconnect={canConnect ? reconnect : undefined} />}
        {canConnect && <WhatsAppSignupStatus state={signup.state} onDismiss={signup.reset} />}
        {body}
      </Flex>
    </Card>
  )
}
