/*
 * The billing details form (docs/decisions.md D33): legal name, address, state or union territory, optional GSTIN.
 * One form for the billing page's card and the payment dialog. The GSTIN is upper-cased as typed and checked here
 * at once (backend/contract/gst.ts); the server's 422 field errors show under their fields.
 */
import { Alert, Button, Flex, Form, Input, Select } from 'antd'
import type { BillingProfileDto } from '@reviewroute/backend/types/api'
import { gstinProblem } from '@reviewroute/backend/contract/gst'
import type { BillingProfileRequest } from '@reviewroute/backend/types/api'
import { useId } from 'react'
import { useSaveForm } from '#hooks/use-save-form'
import { BILLING_PROFILE_PATH, billingProfileRequest, STATE_OPTIONS } from '#lib/billing-profile'
import { errorText } from '#providers/http'

const SAVE_FAILED = 'Could not save your billing details. Please try again.'
const GSTIN_LENGTH = 15

interface Values {
  legalName: string
  address: string
  stateCode: string
  gstin: string
}

interface Props {
  profile: BillingProfileDto | null
  submitText: string
  onSaved(profile: BillingProfileDto): void
  onCancel?(): void
}

const upperCase = (value: string | undefined) => (value ?? '').toUpperCase().replace(/\s+/g, '')

export function BillingDetailsForm({ profile, submitText, onSaved, onCancel }: Props) {
  const {
    form,
    formProps,
    saving,
    failure: problem,
  } = useSaveForm<Values, BillingProfileRequest, BillingProfileDto>({
    path: BILLING_PROFILE_PATH,
    method: 'put',
    body: billingProfileRequest,
    onSaved: (answer, body) => onSaved(answer ?? { ...body, gstin: body.gstin ?? null }),
    // A 422 on a field the form does not have: its sentence.
    onFailed: (error) => {
      const first = Object.values(error.errors ?? {})[0]
      return typeof first === 'string' ? first : errorText(error, SAVE_FAILED)
    },
  })
  // The card and the payment dialog can both be open: the form's name keeps their field ids (and labels) apart.
  const formName = `billing-details-${useId().replace(/[^a-zA-Z0-9]/g, '')}`
  const checkGstin = (value: string | undefined) => {
    const found = value ? gstinProblem(value, form.getFieldValue('stateCode') ?? '') : null
    return found ? Promise.reject(new Error(found)) : Promise.resolve()
  }

  return (
    <Form
      {...formProps}
      name={formName}
      layout="vertical"
      requiredMark={false}
      initialValues={{
        legalName: profile?.legalName ?? '',
        address: profile?.address ?? '',
        stateCode: profile?.stateCode ?? undefined,
        gstin: profile?.gstin ?? '',
      }}
    >
      <Form.Item
        label="Legal name"
        name="legalName"
        extra="Your business's registered name, or your own."
        rules={[{ required: true, whitespace: true, message: 'Enter the name for your invoices.' }]}
      >
        <Input autoComplete="organization" />
      </Form.Item>
      <Form.Item label="Address" name="address" rules={[{ required: true, whitespace: true, message: 'Enter your billing address.' }]}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} autoComplete="street-address" />
      </Form.Item>
      <Flex wrap style={{ columnGap: 16 }}>
        <Form.Item
          label="State or union territory"
          name="stateCode"
          style={{ flex: '1 1 220px' }}
          rules={[{ required: true, message: 'Choose your state or union territory.' }]}
        >
          <Select showSearch options={STATE_OPTIONS} optionFilterProp="label" placeholder="Type to search" />
        </Form.Item>
        <Form.Item
          label="GSTIN (optional)"
          name="gstin"
          style={{ flex: '1 1 220px' }}
          extra="If your business is GST-registered, to claim the tax."
          normalize={upperCase}
          dependencies={['stateCode']}
          validateTrigger={['onChange', 'onBlur']}
          // Saving or a change of state runs both rules: one message is enough.
          validateFirst
          rules={[
            // While typing: only once all 15 characters are in; on leaving the field or saving: always.
            {
              validateTrigger: 'onChange',
              validator: (_, value?: string) => (value && value.length < GSTIN_LENGTH ? Promise.resolve() : checkGstin(value)),
            },
            { validateTrigger: 'onBlur', validator: (_, value?: string) => checkGstin(value) },
          ]}
        >
          <Input maxLength={GSTIN_LENGTH} autoComplete="off" spellCheck={false} placeholder="29AAGCR4375J1ZU" />
        </Form.Item>
      </Flex>
      {problem && <Alert type="error" showIcon message={problem} style={{ marginBottom: 16 }} />}
      <Flex gap={8} justify="end" wrap>
        {onCancel && (
          <Button onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
        )}
        <Button type="primary" htmlType="submit" loading={saving}>
          {submitText}
        </Button>
      </Flex>
    </Form>
  )
}
