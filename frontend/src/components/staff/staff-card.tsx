/*
 * Staff (docs/decisions.md D32): each person their own link and QR (`/review/{code}?s={staff code}`), and a small
 * leaderboard of what came through it (GET /api/businesses/{id}/staff, most ratings first). Add by name, copy the
 * link, download the plain QR, remove (their past ratings stay, no longer attributed).
 */
import { CopyOutlined, DeleteOutlined, QrcodeOutlined, UserAddOutlined } from '@ant-design/icons'
import { useCreate, useDelete, useList, type HttpError } from '@refinedev/core'
import type { CreateStaffRequest, StaffDto } from '@reviewroute/backend/types/api'
import { copyText } from '@reviewroute/web-shared/clipboard'
import { download, qrDataUrl, qrFileName } from '@reviewroute/web-shared/qr'
import { Alert, App, Button, Card, Flex, Form, Input, Skeleton, Space, Table, Typography } from 'antd'
import { useState } from 'react'
import { errorText } from '#providers/http'
import { useToast } from '#providers/toast'
import { usePermissions } from '#hooks/use-workspaces'

/** A business's staff as a resource of its own: adding or removing someone reads the leaderboard again. */
const staffResource = (businessId: number) => `businesses/${businessId}/staff`

export function StaffCard({ businessId, businessName }: { businessId: number; businessName: string }) {
  const { modal } = App.useApp()
  const toast = useToast()
  const resource = staffResource(businessId)
  const { query } = useList<StaffDto, HttpError>({ resource, pagination: { mode: 'off' } })
  const staff = query.data?.data ?? null
  const { mutateAsync: create, mutation: adding } = useCreate<StaffDto, HttpError, CreateStaffRequest>()
  const { mutateAsync: remove } = useDelete<StaffDto, HttpError>()
  const [form] = Form.useForm<CreateStaffRequest>()
  const [added, setAdded] = useState<StaffDto | null>(null)
  // A viewer copies links and QR codes; adding and removing people is a manager's (lib/roles.ts).
  const { edit: canEdit } = usePermissions()

  async function add({ name }: CreateStaffRequest) {
    try {
      const { data: member } = await create({ resource, values: { name: name.trim() } })
      setAdded(member)
      form.resetFields()
    } catch (failure) {
      toast.error('Could Not Add', errorText(failure, 'Could not add them. Please try again.'))
    }
  }

  async function copyLink(member: StaffDto) {
    if (await copyText(member.link)) toast.success('Link copied!', `${member.name}'s link has been copied to clipboard.`)
    else toast.error('Copy Failed', 'Please copy the link manually.')
  }

  async function downloadQr(member: StaffDto) {
    try {
      download(await qrDataUrl(member.link), qrFileName(`${businessName} ${member.name}`))
    } catch {
      toast.error('Download Failed', 'Failed to generate QR code. Please try again.')
    }
  }

  function confirmRemove(member: StaffDto) {
    modal.confirm({
      title: `Remove ${member.name}?`,
      content: `${member.name}'s past ratings stay, but are no longer attributed to them, and their link no longer counts for them.`,
      okText: 'Remove',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await remove({ resource, id: member.id })
          setAdded((shown) => (shown?.id === member.id ? null : shown))
          toast.success('Removed', `${member.name} was removed.`)
        } catch (failure) {
          toast.error('Remove Failed', errorText(failure, 'Could not remove them. Please try again.'))
        }
      },
    })
  }

  const actions = (member: StaffDto) => (
    <Flex gap={4}>
      <Button size="small" icon={<CopyOutlined />} onClick={() => void copyLink(member)} aria-label={`Copy ${member.name}'s link`} />
      <Button size="small" icon={<QrcodeOutlined />} onClick={() => void downloadQr(member)} aria-label={`Download ${member.name}'s QR`} />
      {canEdit && (
        <Button size="small" danger icon={<DeleteOutlined />} onClick={() => confirmRemove(member)} aria-label={`Remove ${member.name}`} />
      )}
    </Flex>
  )

  let body
  if (query.error && !staff) body = <Alert type="error" showIcon message={errorText(query.error, 'Could not load your staff.')} />
  else if (!staff) body = <Skeleton active paragraph={{ rows: 3 }} />
  else if (!staff.length)
    body = <Typography.Text type="secondary">{canEdit ? 'No staff yet. Add the first person below.' : 'No staff yet.'}</Typography.Text>
  else
    body = (
      <Table<StaffDto>
        aria-label="Staff leaderboard"
        size="small"
        pagination={false}
        rowKey="id"
        dataSource={staff}
        columns={[
          {
            title: 'Name',
            key: 'name',
            // Takes what the numbers leave; they keep their natural width.
            width: '100%',
            render: (_, member, index) => (
              <Flex vertical gap={6} align="flex-start">
                <Typography.Text strong style={{ overflowWrap: 'break-word' }}>
                  {index + 1}. {member.name}
                </Typography.Text>
                {actions(member)}
              </Flex>
            ),
          },
          { title: 'Ratings', dataIndex: 'ratings', key: 'ratings', align: 'right' },
          { title: 'To Google', dataIndex: 'sentToGoogle', key: 'sentToGoogle', align: 'right' },
          { title: 'Requests', dataIndex: 'requests', key: 'requests', align: 'right' },
        ]}
      />
    )

  return (
    <Card title="Staff" style={{ height: '100%' }}>
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">Give each person their own QR: see who brings in ratings.</Typography.Text>
        {body}
        {added && (
          <Alert
            type="success"
            showIcon
            closable
            onClose={() => setAdded(null)}
            message={`${added.name}'s own link`}
            description={
              <Flex vertical gap={8}>
                <Space.Compact style={{ width: '100%' }}>
                  <Input readOnly value={added.link} aria-label={`${added.name}'s link`} onFocus={(event) => event.target.select()} />
                  <Button icon={<CopyOutlined />} onClick={() => void copyLink(added)} aria-label={`Copy ${added.name}'s new link`} />
                </Space.Compact>
                <div>
                  <Button size="small" icon={<QrcodeOutlined />} onClick={() => void downloadQr(added)}>
                    Download QR
                  </Button>
                </div>
              </Flex>
            }
          />
        )}
        {canEdit && (
          <Form form={form} layout="inline" requiredMark={false} onFinish={(values) => void add(values)} style={{ rowGap: 8 }}>
            <Form.Item
              name="name"
              style={{ flex: '1 1 180px', marginInlineEnd: 8 }}
              rules={[
                { required: true, whitespace: true, message: 'Please enter their name' },
                { max: 100, message: 'At most 100 characters' },
              ]}
            >
              <Input placeholder="Their name, e.g. Ravi" aria-label="Staff name" autoComplete="off" />
            </Form.Item>
            <Form.Item style={{ marginInlineEnd: 0 }}>
              <Button type="primary" htmlType="submit" icon={<UserAddOutlined />} loading={adding.isPending}>
                Add staff
              </Button>
            </Form.Item>
          </Form>
        )}
      </Flex>
    </Card>
  )
}
