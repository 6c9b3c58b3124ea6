/*
 * Removing a business (docs/screens.md#remove-business): the dialog says what goes with it (its ratings and feedback,
 * counted from GET /api/overview, and everything else the database deletes with it) and that its review link and QR
 * poster stop working, and enables Remove only once the owner has typed the business's name.
 */
import { useCustom, type HttpError } from '@refinedev/core'
import type { BusinessDto, OverviewResponse } from '@reviewroute/backend/types/api'
import { formatCount } from '@reviewroute/web-shared/format'
import { Button, Flex, Input, Modal, Typography } from 'antd'
import { useState } from 'react'

interface Props {
  business: BusinessDto
  open: boolean
  onClose(): void
  /** Resolves true when the business is gone. */
  onRemove(): Promise<boolean>
}

/** Typed names match without regard to case or surrounding spaces. */
const sameName = (typed: string, name: string) => typed.trim().toLowerCase() === name.trim().toLowerCase()

export function RemoveBusinessModal(props: Props) {
  return (
    <Modal open={props.open} title={`Remove ${props.business.name}?`} footer={null} onCancel={props.onClose} destroyOnHidden>
      <RemoveForm {...props} />
    </Modal>
  )
}

/** "its 138 ratings and their feedback", or without the count while it loads or cannot be had. */
function useRatingsText(businessId: number) {
  const overview = useCustom<OverviewResponse, HttpError>({ url: '/api/overview', method: 'get' })
  const count = overview.query.data?.data.businesses.find((entry) => entry.businessId === businessId)?.totalSessions
  if (count === undefined) return 'all its ratings and their feedback'
  return `its ${formatCount(count)} ${count === 1 ? 'rating' : 'ratings'} and their feedback`
}

/** Mounted fresh each time the dialog opens, so the name field starts empty. */
function RemoveForm({ business, onClose, onRemove }: Props) {
  const [typed, setTyped] = useState('')
  const [removing, setRemoving] = useState(false)
  const ratings = useRatingsText(business.id)
  const link = business.reviewUrl.replace(/^https?:\/\//, '')
  const confirmed = sameName(typed, business.name)

  async function remove() {
    if (!confirmed) return
    setRemoving(true)
    // On success the card, and this dialog with it, leave the list.
    if (!(await onRemove())) setRemoving(false)
  }

  return (
    <Flex vertical gap={12} style={{ paddingTop: 8 }}>
      <div>
        <Typography.Paragraph style={{ marginBottom: 4 }}>
          This deletes <strong>{business.name}</strong> from ReviewRoute for good, with:
        </Typography.Paragraph>
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          <li>{ratings}, and its analytics</li>
          <li>its customer list, review requests and staff links</li>
        </ul>
      </div>
      <Typography.Paragraph style={{ margin: 0 }}>
        Its review link <Typography.Text code>{link}</Typography.Text> and its QR poster stop working at once, also where they are printed
        or already shared. This cannot be undone.
      </Typography.Paragraph>
      <Flex vertical gap={6}>
        <Typography.Text id={`remove-name-${business.id}`}>
          Type <strong>{business.name}</strong> to confirm.
        </Typography.Text>
        <Input
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          onPressEnter={() => void remove()}
          aria-label="Business name"
          aria-describedby={`remove-name-${business.id}`}
          autoComplete="off"
          autoFocus
        />
      </Flex>
      <Flex justify="end" gap={8}>
        <Button onClick={onClose} disabled={removing}>
          Cancel
        </Button>
        <Button type="primary" danger disabled={!confirmed} loading={removing} onClick={() => void remove()}>
          Remove business
        </Button>
      </Flex>
    </Flex>
  )
}
