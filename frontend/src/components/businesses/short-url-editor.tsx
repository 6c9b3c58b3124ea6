/*
 * The short URL line of a business card (docs/screens.md#short-url-edit): view, edit, then save or cancel. The code
 * is sent as typed; the server's 409/422 sentence comes back in the 'Update Failed' toast and the input stays
 * open so the owner can try another code. The old code is not lost (docs/decisions.md D31), and the editor says so.
 */
import { CheckOutlined, CloseOutlined, EditOutlined, LinkOutlined } from '@ant-design/icons'
import type { BusinessDto } from '@reviewroute/backend/types/api'
import { Button, Flex, Input, Typography } from 'antd'
import { useState } from 'react'
import { Tip } from '#components/tip'

/** Shown while editing: a changed code keeps the old one redirecting (301) and reserved to this business. */
export const OLD_LINK_NOTE =
  'Your old link and printed QR posters keep working and lead to the new link. The old code stays reserved for this business, so no one else can take it and you can go back to it.'

interface Props {
  business: BusinessDto
  onSave(shortUrl: string): Promise<boolean>
  /** false: the link only (a viewer's). */
  editable?: boolean
}

export function ShortUrlEditor({ business, onSave, editable = true }: Props) {
  const [draft, setDraft] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)

  if (draft === null) {
    const link = business.reviewUrl
    return (
      <Flex align="center" gap={6} style={{ minWidth: 0 }}>
        <LinkOutlined style={{ color: '#6b7280' }} />
        <Typography.Text ellipsis={{ tooltip: link }} style={{ minWidth: 0 }} data-testid="short-url">
          <Typography.Text type="secondary">{link.replace(/^https?:\/\//, '').replace(/[^/]+$/, '')}</Typography.Text>
          <Typography.Text strong>{business.shortUrl}</Typography.Text>
        </Typography.Text>
        {editable && (
          <Tip title="Edit short URL">
            <Button
              type="text"
              size="small"
              icon={<EditOutlined />}
              aria-label="Edit short URL"
              onClick={() => setDraft(business.shortUrl)}
            />
          </Tip>
        )}
      </Flex>
    )
  }

  async function save() {
    if (draft === null || saving) return
    setSaving(true)
    const saved = await onSave(draft)
    setSaving(false)
    if (saved) setDraft(null)
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        void save()
      }}
    >
      <Flex vertical gap={6}>
        <Flex gap={6} align="center">
          <Input
            autoFocus
            aria-label="Short URL"
            aria-describedby={`short-url-note-${business.id}`}
            prefix={<Typography.Text type="secondary">/review/</Typography.Text>}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape' && !saving) setDraft(null)
            }}
            disabled={saving}
          />
          <Tip title="Save short URL">
            <Button type="primary" htmlType="submit" icon={<CheckOutlined />} aria-label="Save short URL" loading={saving} />
          </Tip>
          <Tip title="Cancel">
            <Button icon={<CloseOutlined />} aria-label="Cancel editing" onClick={() => setDraft(null)} disabled={saving} />
          </Tip>
        </Flex>
        <Typography.Text type="secondary" id={`short-url-note-${business.id}`} style={{ fontSize: 13 }}>
          {OLD_LINK_NOTE}
        </Typography.Text>
      </Flex>
    </form>
  )
}
