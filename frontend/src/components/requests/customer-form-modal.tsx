/*
 * Add a customer (with their agreement) or edit one: the `customers` resource through Refine. A mobile number, an
 * email or both: WhatsApp and SMS need the number, email the address (docs/product-rules.md#customers-and-channels).
 */
import type { CreateCustomerRequest, CustomerDto, UpdateCustomerRequest } from '@reviewroute/backend/types/api'
import { ApiError } from '@reviewroute/web-shared/api'
import { Alert, Form, Input, Select, Typography, type FormRule } from 'antd'
import { useSaveForm } from '#hooks/use-save-form'
import { mobileRules } from '#lib/review-requests'
import { errorText } from '#providers/http'
import { useToast } from '#providers/toast'
import { ConsentField } from './consent-field'
import { languageLabel, MESSAGE_LANGUAGE_LABEL } from './message-language-field'
import { REVIEW_LANGUAGES, type ReviewLanguage } from '#lib/review-languages'
import { FormModal } from '#components/form-modal'

interface Values {
  name: string
  phone?: string
  email?: string
  /** 'auto': chosen for them (the language they rated in, else the business's; docs/decisions.md D65). */
  language: ReviewLanguage | typeof AUTOMATIC
  consent?: boolean
}

const AUTOMATIC = 'auto'
const LANGUAGE_OPTIONS = [
  { value: AUTOMATIC, label: 'Automatic: the language they rate in, else your business’s' },
  ...REVIEW_LANGUAGES.map((code) => ({ value: code, label: languageLabel(code) })),
]

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
  const toast = useToast()
  const { form, formProps, saving, failure } = useSaveForm<Values, CreateCustomerRequest | UpdateCustomerRequest, CustomerDto>({
    resource: 'customers',
    ...(customer ? { action: 'edit', id: customer.id } : { action: 'create' }),
    // The customers' lists read again, as Refine's create and update do.
    invalidates: customer ? ['list', 'many', 'detail'] : ['list', 'many'],
    body: (values) => {
      const email = values.email?.trim() || null
      const phone = values.phone?.trim() || null
      const language = values.language === AUTOMATIC ? null : values.language
      if (customer) return { name: values.name.trim(), phone, email, language }
      return {
        businessId,
        name: values.name.trim(),
        ...(phone ? { phone } : {}),
        email,
        ...(language ? { language } : {}),
        consent: true,
      }
    },
    onSaved: (_, { name }) => {
      if (customer) toast.success('Customer Updated', `${name} was saved.`)
      else toast.success('Customer Added', `${name} is on your list.`)
      onClose()
    },
    onFailed: (error) => {
      // A taken number, or for a customer without one a taken address.
      if (!(error instanceof ApiError && error.status === 409)) return errorText(error, 'Could not save the customer. Please try again.')
      form.setFields([{ name: form.getFieldValue('phone')?.trim() ? 'phone' : 'email', errors: [error.message] }])
    },
  })

  return (
    <FormModal
      form={form}
      saving={saving}
      onClose={onClose}
      title={customer ? `Edit ${customer.name}` : 'Add a customer'}
      okText={customer ? 'Save' : 'Add customer'}
    >
      <Form
        {...formProps}
        layout="vertical"
        requiredMark={false}
        initialValues={
          customer
            ? { name: customer.name, phone: customer.phone ?? '', email: customer.email ?? '', language: customer.language ?? AUTOMATIC }
            : { consent: false, language: AUTOMATIC }
        }
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
        <Form.Item label={MESSAGE_LANGUAGE_LABEL} name="language">
          <Select options={LANGUAGE_OPTIONS} popupMatchSelectWidth={false} />
        </Form.Item>
        {!customer && <ConsentField />}
        {failure && <Alert type="error" showIcon message={failure} />}
      </Form>
    </FormModal>
  )
}
