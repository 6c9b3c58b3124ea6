/*
 * A business's QR code with its downloads: the shared 'QR Code and Link' card (on-screen QR, link, styled
 * poster download and print) plus, as DECISIONS 11 gives My Businesses, the plain 400 px QR
 * ('{name}_qr_code.png'). Shown in the QR Code dialog and, on /dashboard/qr-codes, on every card.
 */
import { QrcodeOutlined } from '@ant-design/icons'
import type { BusinessDto } from '@reviewroute/backend/types/api'
import { Button } from 'antd'
import { useLinkActions } from '../../hooks/use-link-actions'
import { QrCodeCard } from '../qr-code-card/qr-code-card'

export function QrPanel({ business }: { business: Pick<BusinessDto, 'name' | 'shortUrl' | 'googleReviewUrl'> }) {
  const { downloadQr } = useLinkActions()
  return (
    <div>
      <QrCodeCard business={business} />
      <Button block type="link" icon={<QrcodeOutlined />} onClick={() => void downloadQr(business)} style={{ marginTop: 4 }}>
        Download QR Code
      </Button>
    </div>
  )
}
