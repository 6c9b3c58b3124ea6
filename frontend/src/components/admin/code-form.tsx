/*
 * The one-field form of the TOTP step: a 6-digit code from the authenticator app (or a recovery code). A wrong code
 * (422 `{errors: [{field: 'code'}]}`) shows under the field; any other refusal above the button, in the server's words.
 */
import { Alert, Button, Form, Input } from 'antd'
import { fieldErrors } from '@reviewroute/web-shared/api'
import { useState } from 'react'
import { errorText } from '#providers/http'

interface Props {
  label: string
  /** A recovery code is letters and digits; an app's code is 6 digits. */
  recovery?: boolean
  submitText: string
  /** Posts the code; rejects with the server's error. */
  onSubmit(code: string): Promise<void>
}

export function CodeForm({ label, recovery = false, submitText, onSubmit }: Props) {
  const [form] = Form.useForm<{ code: string }>()
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)

  async function submit({ code }: { code: string }) {
    setBusy(true)
    setFailure(null)
    try {
      await onSubmit(code.trim())
    } catch (error) {
      const message = fieldErrors(error).code
      if (message) form.setFields([{ name: 'code', errors: [message] }])
      else setFailure(errorText(error, 'That did not work. Please try again.'))
      setBusy(false)
    }
  }

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)}>
      <Form.Item
        label={label}
        name="code"
        rules={
          recovery
            ? [{ required: true, whitespace: true, message: 'Enter one of your recovery codes' }]
            : [
                { required: true, message: 'Enter the 6-digit code' },
                { pattern: /^\s*\d{6}\s*$/, message: 'The code is 6 digits' },
              ]
        }
      >
        <Input
          autoFocus
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          maxLength={recovery ? 40 : 6}
          className="admin-code-input"
        />
      </Form.Item>
      {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} />}
      <Button type="primary" htmlType="submit" block loading={busy}>
        {submitText}
      </Button>
    </Form>
  )
}
