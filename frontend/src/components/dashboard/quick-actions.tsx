/*
 * The overview's shortcuts (docs/screens.md, docs/decisions.md D14, D32): ask a customer on WhatsApp, feedback inbox,
 * plain QR download, link copies, and sharing the plain link for groups.
 */
import { CopyOutlined, DownloadOutlined, GoogleOutlined, MessageOutlined, ShareAltOutlined, WhatsAppOutlined } from '@ant-design/icons'
import type { BusinessDto } from '@reviewroute/backend/types/api'
import { Button, Card } from 'antd'
import { Link } from 'react-router'
import { QR_ONLY_HINT, QR_ONLY_LABEL, useLinkActions } from '#hooks/use-link-actions'
import { Tip } from '#components/tip'
import { usePermissions } from '#hooks/use-workspaces'

export function QuickActions({ business }: { business: BusinessDto }) {
  const actions = useLinkActions()
  // Asking a customer is a write: a viewer has the links to share.
  const { edit } = usePermissions()
  return (
    <Card title="Quick Actions" style={{ height: '100%' }}>
      <div className="quick-actions-grid">
        {edit && (
          <Link to="/dashboard/send">
            <Button block type="primary" icon={<WhatsAppOutlined />}>
              Ask for a review
            </Button>
          </Link>
        )}
        <Link to="/feedbacks">
          <Button block icon={<MessageOutlined />}>
            View Feedback
          </Button>
        </Link>
        <Tip title={QR_ONLY_HINT}>
          <Button block icon={<DownloadOutlined />} onClick={() => void actions.downloadQr(business)}>
            {QR_ONLY_LABEL}
          </Button>
        </Tip>
        <Button block icon={<CopyOutlined />} onClick={() => void actions.copyReviewLink(business)}>
          Copy Review Link
        </Button>
        <Button block icon={<GoogleOutlined />} onClick={() => void actions.copyGoogleLink(business)}>
          Copy Google Review Link
        </Button>
        <Button block icon={<ShareAltOutlined />} onClick={() => void actions.shareReviewLink(business)}>
          Share the link
        </Button>
      </div>
    </Card>
  )
}
