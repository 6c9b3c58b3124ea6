import { Modal, type FormInstance, type ModalProps } from 'antd'
import type { ReactNode } from 'react'

type Props = Omit<ModalProps, 'onOk' | 'onCancel' | 'confirmLoading' | 'destroyOnHidden'> & {
  /** The dialog's form: OK submits it (its own validation and save run as on Enter). */
  form: FormInstance
  /** While the save is on its way: OK shows it and waits. */
  saving: boolean
  onClose(): void
  children: ReactNode
}

/** A dialog around one dashboard form (add a customer, a template, a client...): open unless told, emptied on close. */
export function FormModal({ form, saving, onClose, open = true, children, ...modal }: Props) {
  return (
    <Modal open={open} confirmLoading={saving} onOk={() => form.submit()} onCancel={onClose} destroyOnHidden {...modal}>
      {children}
    </Modal>
  )
}
