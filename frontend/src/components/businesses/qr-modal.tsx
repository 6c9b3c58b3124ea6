/*
 * The QR Code button's dialog: the shared 'QR Code and Link' card (on-screen QR, link, styled poster download
 * and print) plus, as docs/decisions.md D14 gives My Businesses, the plain 400 px QR ('{name}_qr_code.png'). Its QR and
 * poster are drawn only while it is open.
 */
import { QrcodeOutlined } from '@ant-design/icons'
import type { BusinessDto } from '@reviewroute/backend/types/api'
import { Button, Modal } from 'antd'
import { useLinkActions } from '#hooks/use-link-actions'
import { QrCodeCard } from '#components/qr-code-card/qr-code-card'

export function QrModal({ business, open, onClose }: { business: BusinessDto; open: boolean; onClose(): void }) {
  const { downloadQr } = useLinkActions()
  return (
    <Modal open={open} title={`QR Code: ${business.name}`} footer={null} onCancel={onClose} destroyOnHidden width={440}>
      <QrCodeCard business={business} />
      <Button block type="link" icon={<QrcodeOutlined />} onClick={() => void downloadQr(business)} style={{ marginTop: 4 }}>
        Download QR Code
      </Button>
    </Modal>
  )
}
