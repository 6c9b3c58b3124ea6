/*
 * The workspace's Google connection (docs/screens.md#google): what connecting does and "Connect Google"; once
 * connected the Google account, the last sync, where the import of the reviews is (queued, running, done, failed
 * with Google's words), a broken connection's "Connect again", Google's approval still pending, and "Disconnect"
 * (connecting and disconnecting for owners and managers of the whole workspace only). Connecting asks the API for
 * Google's consent address (`?format=json`: the browser cannot carry our bearer header on a navigation) and goes
 * there; Google sends the browser back to /dashboard/google.
 */
import { DisconnectOutlined, GoogleOutlined } from '@ant-design/icons'
import { Alert, Button, Card, Descriptions, Flex, Popconfirm, Skeleton, Typography } from 'antd'
import { useState } from 'react'
import type { GoogleConnectionDto, GoogleConnectStartResponse } from '@reviewroute/backend/types/api'
import { LoadFailed } from '#components/message-screen'
import { GOOGLE_CONNECTION_DENIED, mayConnectGoogle } from '@reviewroute/backend/contract/google_connection'
import { usePermissions, useWorkspaces } from '#hooks/use-workspaces'
import { formatDateTime, relativeTime } from '#lib/dates'
import { CONNECT_TEXT, DEMO_PROFILE_NOTE, GOOGLE_NOT_SET_UP, GOOGLE_NOT_SET_UP_NOTE, IMPORT_STATUS_TEXT, isNotApproved } from '#lib/google'
import { errorText, request } from '#providers/http'
import { useToast } from '#providers/toast'
import { NotApproved } from './not-approved'
import { CONNECTION_KEY, LOCATIONS_KEY, useGoogleConnection, useGoogleRefresh } from './use-google'

export const APPROVAL_NOTE =
  'Google opens this API to an app only after a request. Until Google approves ReviewRoute, it answers every call ' +
  'with a quota of zero: connecting works, but no reviews come in yet, and this page says so.'

/** Connecting and disconnecting reach every business: owners and managers of the whole workspace (D58). */
export const ROLE_NOTE = GOOGLE_CONNECTION_DENIED

/** Whether the member may connect, connect again or disconnect Google (the API's own rule). */
function useMayConnect() {
  const { role } = usePermissions()
  const { current } = useWorkspaces()
  return mayConnectGoogle(role, current?.businessIds ?? null)
}

/** Asks for Google's consent address and goes there; a refusal (not configured, a role) is said in a toast. */
export function useConnect() {
  const toast = useToast()
  const [starting, setStarting] = useState(false)
  async function connect() {
    setStarting(true)
    try {
      const { url } = await request<GoogleConnectStartResponse>('/api/google/connect/start?format=json')
      window.location.assign(url)
    } catch (error) {
      setStarting(false)
      toast.error('Could not connect Google', errorText(error, 'Please try again in a moment.'))
    }
  }
  return { connect, starting }
}

export function ConnectionCard() {
  const { connection, query } = useGoogleConnection()
  if (query.isLoading)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 3 }} />
      </Card>
    )
  if (query.isError || !connection)
    return (
      <Card>
        <LoadFailed title={errorText(query.error, 'Could not load the Google connection')} onRetry={query.refetch} />
      </Card>
    )
  return connection.connected ? <Connected connection={connection} /> : <NotConnected configured={connection.configured} />
}

/** `configured` false: this server has no Google OAuth client, said before any click (docs/decisions.md D59). */
function NotConnected({ configured }: { configured: boolean }) {
  const mayConnect = useMayConnect()
  const { connect, starting } = useConnect()
  return (
    <Card title="Connect Google Business Profile">
      <Flex vertical gap={12} align="flex-start">
        {!configured && <Alert type="info" showIcon message={GOOGLE_NOT_SET_UP} description={GOOGLE_NOT_SET_UP_NOTE} />}
        <Typography.Paragraph style={{ margin: 0 }}>{CONNECT_TEXT}</Typography.Paragraph>
        {configured && (
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {APPROVAL_NOTE}
          </Typography.Paragraph>
        )}
        {mayConnect ? (
          <Button
            type="primary"
            size="large"
            icon={<GoogleOutlined />}
            loading={starting}
            disabled={!configured}
            onClick={() => void connect()}
          >
            Connect Google
          </Button>
        ) : (
          <Alert type="info" showIcon message={ROLE_NOTE} />
        )}
      </Flex>
    </Card>
  )
}

function Connected({ connection }: { connection: GoogleConnectionDto }) {
  const mayConnect = useMayConnect()
  const toast = useToast()
  const refresh = useGoogleRefresh()
  const { connect, starting } = useConnect()
  const [leaving, setLeaving] = useState(false)
  const notApproved = connection.error !== null && isNotApproved(connection.error)

  async function disconnect() {
    setLeaving(true)
    try {
      await request('/api/google/connection', { method: 'DELETE' })
      toast.success('Google Disconnected', 'ReviewRoute no longer reads or answers your Google reviews.')
      await refresh(CONNECTION_KEY, LOCATIONS_KEY)
    } catch (error) {
      toast.error('Disconnect Failed', errorText(error, 'Please try again.'))
    } finally {
      setLeaving(false)
    }
  }

  return (
    <Card
      title="Google connection"
      extra={
        mayConnect && (
          <Popconfirm
            title="Disconnect Google?"
            description="Your Google reviews stay on Google; ReviewRoute stops reading and answering them."
            okText="Disconnect"
            okButtonProps={{ danger: true }}
            onConfirm={() => void disconnect()}
          >
            <Button danger icon={<DisconnectOutlined />} loading={leaving}>
              Disconnect
            </Button>
          </Popconfirm>
        )
      }
    >
      <Flex vertical gap={12}>
        {connection.demo && <Alert type="info" showIcon message="Demo Business Profile" description={DEMO_PROFILE_NOTE} />}
        {notApproved ? (
          <NotApproved />
        ) : (
          connection.error && (
            <Alert
              type="error"
              showIcon
              message="The Google connection is broken"
              description={connection.error}
              action={
                mayConnect && (
                  <Button size="small" loading={starting} onClick={() => void connect()}>
                    Connect again
                  </Button>
                )
              }
            />
          )
        )}
        {connection.importStatus === 'failed' && (
          <Alert type="error" showIcon message="The import of your Google reviews failed" description={connection.importError} />
        )}
        <Descriptions
          column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 4 }}
          size="small"
          items={[
            { key: 'email', label: 'Google account', children: connection.email ?? 'Unknown' },
            {
              key: 'sync',
              label: 'Last sync',
              children: connection.lastSyncAt ? (
                <span title={formatDateTime(connection.lastSyncAt)}>{relativeTime(connection.lastSyncAt)}</span>
              ) : (
                'Not yet'
              ),
            },
            { key: 'locations', label: 'Locations', children: connection.locations },
            ...(connection.importStatus
              ? [{ key: 'import', label: 'Import of reviews', children: IMPORT_STATUS_TEXT[connection.importStatus] }]
              : []),
          ]}
        />
      </Flex>
    </Card>
  )
}
