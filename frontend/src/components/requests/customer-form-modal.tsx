/*
 * Add a customer (with their agreement) or edit one: the `customers` resource through Refine. A mobile number, an
 * email or both: WhatsApp and SMS need the number, email the address (docs/product-rules.md#customers-and-channels).
 */
import { useCreate, useUpdate, type HttpError } from '@refinedev/core'
import type { CreateCustomerRequest, CustomerDto, UpdateCustomerRequest } from '@reviewroute/backend/types/api'
import { ApiError, fieldErrors } from '@reviewroute/web-shared/api'
import { Alert, Form, Input, Modal, Typography, type FormRule } from 'antd'
import { useState } from 'react'
import { mobileRules } from '#lib/review-requests'
import { errorText } from '#providers/http'
import { useToast } from '#providers/toast'
import { ConsentField } from './consent-field'

interface Values {
  name: string
  phone?: string
  email?: string
  consent?: boolean
}

export const CONTACT_HELP = 'A mobile number, an email or both: WhatsApp and SMS need the number, email needs the address.'
export const PHONE_OR_EMAIL = 'Enter their mobile number or their email address'

/** A rule that passes when this field or `other` has a value. */
const oneOfThem =
  (other: keyof Values): FormRule =>
  ({ getFieldValue }) => ({
    validator: async (_: unknown, value?: string) =>
      value?.trim() || String(getFieldValue(other) ?? '').trim() ? undefined : Promise.reject(new Error(PHONE_OR_EMAIL)),
  })

/** `customer` to edit, or none to add one to `businessId`. */
export function CustomerFormModal({
  businessId,
  customer,
  onClose,
}: {
  businessId: number
  customer: CustomerDto | null
  onClose(): void
}) {
  const [form] = Form.useForm<Values>()
  const toast = useToast()
  const { mutateAsync: create } = useCreate<CustomerDto, HttpError, CreateCustomerRequest>()
  const { mutateAsync: update } = useUpdate<CustomerDto, HttpError, UpdateCustomerRequest>()
  const [saving, setSaving] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)

  async function save(values: Values) {
    setSaving(true)
    setFailure(null)
    const email = values.email?.trim() || null
    const phone = values.phone?.trim() || null
    try {
      if (customer) {
        await update({ resource: 'customers', id: customer.id, values: { name: values.name.trim(), phone, email } })
        toast.success('Customer Updated', `${values.name.trim()} was saved.`)
      } else {
        await create({
          resource: 'customers',
          values: { businessId, name: values.name.trim(), ...(phone ? { phone } : {}), email, consent: true },
        })
        toast.success('Customer Added', `${values.name.trim()} is on your list.`)
      }
      onClose()
    } catch (error) {
      const byField = Object.entries(fieldErrors(error)).filter(([field]) => ['name', 'phone', 'email'].includes(field))
      // A taken number, or for a customer without one a taken address.
      if (error instanceof ApiError && error.status === 409) form.setFields([{ name: phone ? 'phone' : 'email', errors: [error.message] }])
      else if (byField.length) form.setFields(byField.map(([field, message]) => ({ name: field as keyof Values, errors: [message] })))
      else setFailure(errorText(error, 'Could not save the customer. Please try again.'))
    } finally {
      setSaving(false)
    }
  }

  return (
    <Modal
      open
      title={customer ? `Edit ${customer.name}` : 'Add a customer'}
      okText={customer ? 'Save' : 'Add customer'}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={customer ? { name: customer.name, phone: customer.phone ?? '', email: customer.email ?? '' } : { consent: false }}
        onFinish={(values) => void save(values)}
      >
        <Form.Item label="Name" name="name" rules={[{ required: true, whitespace: true, message: 'Please enter their name' }]}>
          <Input maxLength={100} autoComplete="off" />
        </Form.Item>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
          {CONTACT_HELP}
        </Typography.Paragraph>
        <Form.Item label="Mobile number" name="phone" dependencies={['email']} rules={[...mobileRules(null), oneOfThem('email')]}>
          <Input inputMode="tel" placeholder="98765 43210" maxLength={25} autoComplete="off" />
        </Form.Item>
        <Form.Item
          label="Email"
          name="email"
          dependencies={['phone']}
          rules={[{ type: 'email', message: 'Please enter a valid email' }, oneOfThem('phone')]}
        >
          <Input inputMode="email" maxLength={254} autoComplete="off" placeholder="priya@example.com" />
        </Form.Item>
        {!customer && <ConsentField />}
        {failure && <Alert type="error" showIcon message={failure} />}
      </Form>
    </Modal>
  )
}
