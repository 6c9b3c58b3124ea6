import { CheckCircleFilled } from '@ant-design/icons'
import { Button, Flex, Form, Input, Modal, Typography } from 'antd'
import { useRef, useState, type Ref } from 'react'
import type { InputRef } from 'antd'
import { useNavigate } from 'react-router'
import type { UpdatePhoneRequest, UpdatePhoneResponse } from '@reviewroute/backend/types/api'
import { PHONE_PREFIX } from '#config/constants'
import { TRIAL_DAYS } from '@reviewroute/backend/contract/product_rules'
import {
  isValidPhone,
  mobileNumberProblem,
  PHONE_SAVE_FAILED,
  phoneDigits,
  phoneFieldText,
  phoneForApi,
  typedPhoneProblem,
} from '#lib/phone'
import { errorText, request } from '#providers/http'
import { useToast } from '#providers/toast'

/**
 * The phone number being typed and saved: digits only (pasted +91/0091/0 forms keep their 10), a mobile number
 * (first digit 6-9, said as soon as another is typed), POST /api/user/update-phone with +91, the spec's 'Phone Number Saved' toast. Used by the dialog below and by the
 * dashboard's onboarding, which asks for it as its first step (docs/decisions.md D39).
 */
export function usePhoneEntry(onSaved: () => void) {
  const [digits, setDigits] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const [saved, setSaved] = useState(false)
  const toast = useToast()

  async function save() {
    if (!isValidPhone(digits)) return setError(mobileNumberProblem(digits))
    setSaving(true)
    setError(null)
    try {
      await request<UpdatePhoneResponse>('/api/user/update-phone', {
        method: 'POST',
        body: { phone: phoneForApi(digits) } satisfies UpdatePhoneRequest,
      })
      setSaved(true)
      toast.success('Phone Number Saved', `We'll reach you on ${PHONE_PREFIX} ${digits} about your account.`)
      onSaved()
    } catch (failure) {
      setError(errorText(failure, PHONE_SAVE_FAILED))
    } finally {
      setSaving(false)
    }
  }

  const type = (value: string) => {
    setDigits(phoneFieldText(value))
    setError(null)
  }
  return { digits, error: error ?? typedPhoneProblem(phoneDigits(digits)), saving, saved, valid: isValidPhone(digits), type, save }
}

export type PhoneEntry = ReturnType<typeof usePhoneEntry>

/** The +91 field with its label and inline error; Enter saves. */
export function PhoneField({ entry, inputRef, autoFocus }: { entry: PhoneEntry; inputRef?: Ref<InputRef>; autoFocus?: boolean }) {
  return (
    <Form layout="vertical" component="div">
      <Form.Item label="Mobile number" validateStatus={entry.error ? 'error' : undefined} help={entry.error} style={{ marginBottom: 8 }}>
        <Input
          size="large"
          addonBefore={PHONE_PREFIX}
          value={entry.digits}
          onChange={(event) => entry.type(event.target.value)}
          onPressEnter={() => void entry.save()}
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="9876543210"
          aria-label="Mobile number"
          autoFocus={autoFocus}
          ref={inputRef}
        />
      </Form.Item>
    </Form>
  )
}

/**
 * The phone number asked for when the trial starts (docs/product-rules.md#trial, docs/product-rules.md): it cannot be closed until a number is
 * saved; then its button becomes 'Go to Dashboard'. Opens on /billing?source=signup|clerk (sign-up itself now lands
 * on the dashboard's onboarding, which asks in the page).
 */
export function PhoneModal({ open, onSaved, onClose }: { open: boolean; onSaved(): void; onClose(): void }) {
  const entry = usePhoneEntry(onSaved)
  const { saved, saving } = entry
  const navigate = useNavigate()
  const input = useRef<InputRef>(null)

  return (
    <Modal
      open={open}
      title={saved ? null : 'Add your phone number'}
      closable={saved}
      maskClosable={false}
      keyboard={saved}
      onCancel={onClose}
      // antd focuses the dialog itself; the owner should be able to type straight away.
      afterOpenChange={(visible) => visible && input.current?.focus()}
      footer={
        saved ? (
          <Button key="go" type="primary" block size="large" onClick={() => navigate('/dashboard')}>
            Go to Dashboard
          </Button>
        ) : (
          <Button key="save" type="primary" block size="large" disabled={!entry.valid} loading={saving} onClick={() => void entry.save()}>
            Save Phone Number
          </Button>
        )
      }
    >
      {saved ? (
        <Flex vertical align="center" gap={8} style={{ textAlign: 'center', paddingTop: 16 }}>
          <CheckCircleFilled style={{ fontSize: 44, color: '#16a34a' }} />
          <Typography.Title level={4} style={{ margin: 0 }}>
            You're all set
          </Typography.Title>
          <Typography.Text type="secondary">
            Your {TRIAL_DAYS}-day free trial is running. Add your business on the dashboard to get your review link and QR code.
          </Typography.Text>
        </Flex>
      ) : (
        <>
          <Typography.Paragraph type="secondary">
            Your {TRIAL_DAYS}-day free trial has started. Add your mobile number so we can reach you about your account and plan. We never
            share it.
          </Typography.Paragraph>
          <PhoneField entry={entry} inputRef={input} />
        </>
      )}
    </Modal>
  )
}
