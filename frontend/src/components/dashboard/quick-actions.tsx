/* The overview's shortcuts (docs/screens.md, docs/decisions.md D14): feedback inbox, plain QR download, link copies, WhatsApp. */
import { CopyOutlined, DownloadOutlined, GoogleOutlined, MessageOutlined, WhatsAppOutlined } from '@ant-design/icons'
import type { BusinessDto } from '@reviewroute/backend/types/api'
import { Button, Card } from 'antd'
import { Link } from 'react-router'
import { useLinkActions } from '#hooks/use-link-actions'

export function QuickActions({ business }: { business: BusinessDto }) {
  const actions = useLinkActions()
  return (
    <Card title="Quick Actions" style={{ height: '100%' }}>
      <div className="quick-actions-grid">
        <Link to="/feedbacks">
          <Button block type="primary" icon={<MessageOutlined />}>
            View Feedback
          </Button>
        </Link>
        <Button block icon={<DownloadOutlined />} onClick={() => void actions.downloadQr(business)}>
          Download QR Code
        </Button>
        <Button block icon={<CopyOutlined />} onClick={() => void actions.copyReviewLink(business)}>
          Copy Review Link
        </Button>
        <Button block icon={<GoogleOutlined />} onClick={() => void actions.copyGoogleLink(business)}>
          Copy Google Review Link
        </Button>
        <Button block icon={<WhatsAppOutlined />} onClick={() => actions.shareOnWhatsApp(business)}>
          Share on WhatsApp
        </Button>
      </div>
    </Card>
  )
}
