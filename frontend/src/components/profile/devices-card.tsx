import { DesktopOutlined, MobileOutlined } from '@ant-design/icons'
import { useCustomMutation, type BaseRecord, type HttpError } from '@refinedev/core'
import { Button, Card, Flex, Popconfirm, Tag, Typography } from 'antd'
import type { DeviceDto } from '@reviewroute/backend/types/api'
import { isMobileUserAgent } from '@reviewroute/web-shared/user-agent'
import { useState } from 'react'
import { Tip } from '#components/tip'
import { formatDate, relativeTime } from '#lib/dates'
import { deviceName } from '#lib/devices'
import { errorText, sendToSignIn } from '#providers/http'
import { useToast } from '#providers/toast'

interface Props {
  devices: DeviceDto[] | undefined
  loading: boolean
  failed: boolean
  onChanged(): Promise<unknown> | void
}

function DeviceRow({ device, signingOut, onSignOut }: { device: DeviceDto; signingOut: boolean; onSignOut(): void }) {
  const name = deviceName(device.userAgent)
  const Icon = device.userAgent && isMobileUserAgent(device.userAgent) ? MobileOutlined : DesktopOutlined
  return (
    <li className="device">
      <Icon className="device-icon" aria-hidden />
      <div className="device-body">
        <Flex wrap align="center" gap={8}>
          <Tip title={device.userAgent}>
            <Typography.Text strong tabIndex={device.userAgent ? 0 : undefined}>
              {name}
            </Typography.Text>
          </Tip>
          {device.current && <Tag color="blue">This device</Tag>}
        </Flex>
        <Flex wrap className="device-times">
          <span>{device.lastUsedAt ? `Last used ${relativeTime(device.lastUsedAt)}` : 'Not used since signing in'}</span>
          <span>Signed in {formatDate(device.createdAt)}</span>
        </Flex>
      </div>
      {!device.current && (
        <Popconfirm
          title="Sign out this device?"
          description={`${name} will have to sign in again.`}
          okText="Sign out"
          okButtonProps={{ danger: true }}
          classNames={{ root: 'device-confirm' }}
          onConfirm={onSignOut}
        >
          <Button loading={signingOut}>Sign out</Button>
        </Popconfirm>
      )}
    </li>
  )
}

/** The owner's signed-in devices (GET /api/auth/sessions, docs/decisions.md D29): sign one out, or all of them. */
export function DevicesCard({ devices, loading, failed, onChanged }: Props) {
  const [signingOut, setSigningOut] = useState<number | 'all' | null>(null)
  const toast = useToast()
  const { mutateAsync: send } = useCustomMutation<BaseRecord, HttpError, undefined>()
  // The current device first, then as the server ordered them (most recently used first).
  const rows = [...(devices ?? [])].sort((a, b) => Number(b.current) - Number(a.current))

  async function signOut(device: DeviceDto) {
    setSigningOut(device.id)
    try {
      await send({ url: `/api/auth/sessions/${device.id}`, method: 'delete', values: undefined })
      toast.success('Device Signed Out', `${deviceName(device.userAgent)} has been signed out.`)
    } catch (error) {
      toast.error('Sign Out Failed', errorText(error, 'Failed to sign out the device. Please try again.'))
    } finally {
      setSigningOut(null)
      await onChanged()
    }
  }

  async function signOutEverywhere() {
    setSigningOut('all')
    try {
      await send({ url: '/api/auth/logout-all', method: 'post', values: undefined })
      sendToSignIn()
    } catch (error) {
      toast.error('Sign Out Failed', errorText(error, 'Failed to sign out everywhere. Please try again.'))
      setSigningOut(null)
    }
  }

  return (
    <Card title="Signed-in devices" loading={loading && !devices}>
      {failed && !devices ? (
        <Typography.Text type="danger">Failed to load your devices</Typography.Text>
      ) : (
        <Flex vertical gap={16}>
          {rows.length ? (
            <ul className="devices">
              {rows.map((device) => (
                <DeviceRow key={device.id} device={device} signingOut={signingOut === device.id} onSignOut={() => void signOut(device)} />
              ))}
            </ul>
          ) : (
            <Typography.Text type="secondary">No devices are signed in with a password.</Typography.Text>
          )}
          <Flex wrap align="center" justify="space-between" gap={12}>
            <Typography.Text type="secondary">Lost a phone or used a shared computer? Sign out everywhere.</Typography.Text>
            <Popconfirm
              title="Sign out everywhere?"
              description="Every device will be signed out, this one included. You will need to sign in again here too."
              okText="Sign out everywhere"
              okButtonProps={{ danger: true }}
              classNames={{ root: 'device-confirm' }}
              onConfirm={() => void signOutEverywhere()}
            >
              <Button danger loading={signingOut === 'all'}>
                Sign out everywhere
              </Button>
            </Popconfirm>
          </Flex>
        </Flex>
      )}
    </Card>
  )
}
