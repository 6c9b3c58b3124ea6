import type { BusinessDto } from '@reviewroute/backend/types/api'
import { Modal } from 'antd'
import { QrPanel } from './qr-panel'

/** The QR Code button's dialog; its QR is drawn only while it is open. */
export function QrModal({ business, open, onClose }: { business: BusinessDto; open: boolean; onClose(): void }) {
  return (
    <Modal open={open} title={`QR Code: ${business.name}`} footer={null} onCancel={onClose} destroyOnHidden width={400}>
      <QrPanel business={business} />
    </Modal>
  )
}
