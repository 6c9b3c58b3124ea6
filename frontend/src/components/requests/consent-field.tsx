/* The owner's confirmation that a customer agreed to be contacted (docs/decisions.md D32): required to save them. */
import { Checkbox, Form } from 'antd'
import { CONSENT_LABEL } from '#lib/review-requests'

export function ConsentField() {
  return (
    <Form.Item
      name="consent"
      valuePropName="checked"
      rules={[
        {
          validator: async (_, checked: boolean) =>
            checked ? undefined : Promise.reject(new Error('Please ask them first: tick this once they agree')),
        },
      ]}
    >
      <Checkbox>{CONSENT_LABEL}</Checkbox>
    </Form.Item>
  )
}
