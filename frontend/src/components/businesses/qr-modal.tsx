/*
 * The QR Code button's dialog: the shared 'QR Code and Link' card (on-screen QR, link, styled poster download
 * and the A4 and A5 print PDFs) plus, as docs/decisions.md D14 gives My Businesses, the plain 400 px QR ('{name}_qr_code.png'). Its QR and
 * poster are drawn only while it is open.
 */
import type { BusinessDto } from '@reviewroute/backend/types/api'
import { Modal } from 'antd'
import { QrCodeCard } from '#components/qr-code-card/qr-code-card'
import { QrOnlyDownload } from './qr-only-download'

export function QrModal({ business, open, onClose }: { business: BusinessDto; open: boolean; onClose(): void }) {
  return (
    <Modal open={open} title={`QR Code: ${business.name}`} footer={null} onCancel={onClose} destroyOnHidden width={440}>
      <QrCodeCard business={business} />
      <QrOnlyDownload business={business} />
    </Modal>
  )
}
