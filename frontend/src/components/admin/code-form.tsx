/*
 * The one-field form of the TOTP step: a 6-digit code from the authenticator app (or a recovery code). A wrong code
 * (422 `{errors: [{field: 'code'}]}`) shows under the field; any other refusal above the button, in the server's words.
 */
import type { BaseRecord } from '@refinedev/core'
import type { TwoFactorVerifyRequest } from '@reviewroute/backend/types/api'
import { Alert, Button, Form, Input } from 'antd'
import { useSaveForm } from '#hooks/use-save-form'
import { TWO_FACTOR_API } from '#lib/admin'
import { errorText } from '#providers/http'

interface Props<TAnswer> {
  label: string
  /** A recovery code is letters and digits; an app's code is 6 digits. */
  recovery?: boolean
  submitText: string
  /** The step the code is posted to: `${TWO_FACTOR_API}/{step}` `{code}`. */
  step: 'activate' | 'verify'
  /** The server's answer, once it took the code. */
  onDone(answer: TAnswer): void
}

export function CodeForm<TAnswer extends BaseRecord>({ label, recovery = false, submitText, step, onDone }: Props<TAnswer>) {
  const { formProps, saving, failure } = useSaveForm<TwoFactorVerifyRequest, TwoFactorVerifyRequest, TAnswer>({
    path: `${TWO_FACTOR_API}/${step}`,
    body: ({ code }) => ({ code: code.trim() }),
    onSaved: onDone,
    busyAfterSave: true,
    onFailed: (error) => errorText(error, 'That did not work. Please try again.'),
  })

  return (
    <Form {...formProps} layout="vertical" requiredMark={false}>
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
      <Button type="primary" htmlType="submit" block loading={saving}>
        {submitText}
      </Button>
    </Form>
  )
}
