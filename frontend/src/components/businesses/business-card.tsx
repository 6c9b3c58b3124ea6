/*
 * One business on My Businesses (docs/screens.md): name, address, Google rating, time since it was added, review
 * count, the editable short URL, and its actions. On /dashboard/qr-codes the shared 'QR Code and Link' card
 * takes the place of the details. What each route shows differs (see views.ts).
 */
import {
  BarChartOutlined,
  ClockCircleOutlined,
  CopyOutlined,
  DeleteOutlined,
  GoogleOutlined,
  MessageOutlined,
  QrcodeOutlined,
  SettingOutlined,
  StarFilled,
  SwapOutlined,
} from '@ant-design/icons'
import type { BusinessDto } from '@reviewroute/backend/types/api'
import { formatCount } from '@reviewroute/web-shared/format'
import { routingLabel } from '@reviewroute/web-shared/routing'
import { Button, Card, Flex, Tag, Typography } from 'antd'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { useLinkActions } from '#hooks/use-link-actions'
import { usePermissions } from '#hooks/use-workspaces'
import { relativeTime } from '#lib/dates'
import { QrCodeCard } from '#components/qr-code-card/qr-code-card'
import { Tip } from '#components/tip'
import { QrModal } from './qr-modal'
import { QrOnlyDownload } from './qr-only-download'
import { RemoveBusinessModal } from './remove-business-modal'
import { SettingsModal } from './settings-modal'
import { ShortUrlEditor } from './short-url-editor'
import { useBusinessActions } from './use-business-actions'
import { canManage, type BusinessesView } from './views'

function RatingBadge({ rating }: { rating: number | null }) {
  if (rating === null) return <Tag>No Google rating</Tag>
  return (
    <Tip title="Google rating">
      <Tag
        color="gold"
        icon={<StarFilled />}
        style={{ marginInlineEnd: 0, fontWeight: 600 }}
        aria-label={`Google rating ${rating.toFixed(1)}`}
      >
        {rating.toFixed(1)}
      </Tag>
    </Tip>
  )
}

function addedText(createdAt: string) {
  const ago = relativeTime(createdAt)
  return ago === 'Recently' ? 'Added recently' : `Added ${ago}`
}

// Two even columns at every width: four actions read as a 2x2 block on phones and laptops alike. The buttons'
// side padding is trimmed so 'Copy Google Link' still fits a 360 px phone. On QR Codes the plain QR's download sits
// under the card with its hint instead, and Analytics takes the whole last row.
const ACTIONS_GRID = { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 8 } as const
const ACTION = { style: { paddingInline: 8 } }

export function BusinessCard({ business, view }: { business: BusinessDto; view: BusinessesView }) {
  const links = useLinkActions()
  const actions = useBusinessActions()
  const navigate = useNavigate()
  const [dialog, setDialog] = useState<'qr' | 'settings' | 'remove' | null>(null)
  const analyticsPath = `/business/${business.id}`
  // A viewer gets the links and the numbers; the short link's edit and the settings are a manager's, Remove an owner's.
  const { manageBusinesses, removeBusinesses } = usePermissions()
  const manages = canManage(view) && manageBusinesses
  const removes = manages && removeBusinesses

  return (
    <Card
      size="small"
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 12, padding: 16 } }}
      aria-label={business.name}
      role="article"
    >
      <Flex justify="space-between" align="start" gap={8}>
        <Flex vertical style={{ minWidth: 0 }}>
          <Typography.Title level={5} style={{ margin: 0 }} ellipsis={{ tooltip: business.name }}>
            {business.name}
          </Typography.Title>
          {/* The whole address: two branches of one name differ only there. */}
          <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
            {business.address}
          </Typography.Text>
        </Flex>
        <RatingBadge rating={business.rating} />
      </Flex>

      {view === 'qr-codes' ? (
        <div>
          <QrCodeCard business={business} />
          <QrOnlyDownload business={business} />
        </div>
      ) : (
        <>
          <Flex gap={16} wrap>
            <Typography.Text type="secondary">
              <ClockCircleOutlined /> {addedText(business.createdAt)}
            </Typography.Text>
            <Typography.Text type="secondary">
              <MessageOutlined /> {formatCount(business.reviewCount)} {business.reviewCount === 1 ? 'review' : 'reviews'} on Google
            </Typography.Text>
            <Typography.Text type="secondary">
              <SwapOutlined /> Customers asked: {routingLabel(business.complianceMode)}
            </Typography.Text>
          </Flex>
          <ShortUrlEditor
            business={business}
            editable={manageBusinesses}
            onSave={(shortUrl) => actions.updateShortUrl(business, shortUrl)}
          />
        </>
      )}

      <div style={ACTIONS_GRID}>
        <Button {...ACTION} icon={<CopyOutlined />} onClick={() => void links.copyReviewLink(business)}>
          Copy Review Link
        </Button>
        <Button {...ACTION} icon={<GoogleOutlined />} onClick={() => void links.copyGoogleLink(business)}>
          Copy Google Link
        </Button>
        {view !== 'qr-codes' && (
          <Button {...ACTION} icon={<QrcodeOutlined />} onClick={() => setDialog('qr')}>
            QR Code
          </Button>
        )}
        <Button
          icon={<BarChartOutlined />}
          onClick={() => navigate(analyticsPath)}
          style={{ ...ACTION.style, gridColumn: view === 'qr-codes' ? '1 / -1' : undefined }}
        >
          Analytics
        </Button>
      </div>

      {manages && (
        <Flex justify="space-between" gap={8} style={{ borderTop: '1px solid #f0f0f0', paddingTop: 8 }}>
          <Button type="text" icon={<SettingOutlined />} onClick={() => setDialog('settings')}>
            Settings
          </Button>
          {removes && (
            <Button type="text" danger icon={<DeleteOutlined />} onClick={() => setDialog('remove')}>
              Remove
            </Button>
          )}
        </Flex>
      )}

      {view !== 'qr-codes' && <QrModal business={business} open={dialog === 'qr'} onClose={() => setDialog(null)} />}
      {manages && (
        <>
          <SettingsModal
            business={business}
            open={dialog === 'settings'}
            onClose={() => setDialog(null)}
            onSave={(settings) => actions.saveSettings(business, settings)}
          />
          {removes && (
            <RemoveBusinessModal
              business={business}
              open={dialog === 'remove'}
              onClose={() => setDialog(null)}
              onRemove={() => actions.remove(business)}
            />
          )}
        </>
      )}
    </Card>
  )
}
