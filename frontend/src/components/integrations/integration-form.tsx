/*
 * Adding an integration (POST /api/businesses/{id}/integrations) and changing one (PATCH /api/integrations/{id}),
 * docs/decisions.md D72. Both forms keep the API's field names, so a 422 shows under the field it names: the wait is
 * typed in hours and kept in minutes, the minimum bill typed in rupees and kept in paise. Choosing another provider
 * chooses its first trigger; another trigger takes its default wait unless the owner typed one of their own.
 */
import {
  DEFAULT_DELAY_MINUTES,
  defaultDelayMinutes,
  DELIVERED_DELAY_MINUTES,
  INTEGRATION_PROVIDERS,
  MAX_DELAY_MINUTES,
  PROVIDER_NAMES,
  PROVIDER_TRIGGERS,
  type IntegrationChannel,
  type IntegrationProvider,
  type IntegrationTrigger,
} from '@reviewroute/backend/contract/integrations'
import type { CreateIntegrationRequest, IntegrationDto, UpdateIntegrationRequest } from '@reviewroute/backend/types/api'
import { Alert, Checkbox, Form, Input, InputNumber, Radio, Select, Switch, Typography, type FormInstance } from 'antd'
import type { ReactNode } from 'react'
import { FormModal } from '#components/form-modal'
import { useSaveForm, type SaveForm } from '#hooks/use-save-form'
import { errorText } from '#providers/http'
import { useToast } from '#providers/toast'
import { CHANNEL_OPTIONS, PROVIDER_DESCRIPTIONS, triggerLabel } from './integration-texts'

export const CONSENT_REQUIRED = 'Confirm that your customers agreed to hear from you.'
export const consentLabel = (businessName: string) => `My customers agreed at checkout to hear from ${businessName} about their visit.`
export const SIGNING_KEY_LABEL = "Shopify's signing key"
const SIGNING_KEY_HELP =
  'Shopify shows it under Settings → Notifications → Webhooks once you add the webhook. Leave empty to use ours and paste it into Shopify later.'
const SIGNING_KEY_CHANGE_HELP = 'The key Shopify shows under Settings → Notifications → Webhooks. Leave empty to keep the current key.'

const MINUTES_PER_HOUR = 60
const PAISE_PER_RUPEE = 100
/** ₹10,00,000, the API's highest minimum bill. */
const MAX_MIN_RUPEES = 1_000_000

interface SettingsValues {
  trigger: IntegrationTrigger
  delayMinutes: number | null
  channel: IntegrationChannel
  minAmountPaise: number | null
  signingSecret?: string
}

interface AddValues extends SettingsValues {
  provider: IntegrationProvider
  consent?: boolean
}

interface EditValues extends SettingsValues {
  active: boolean
}

/** What both forms send of the settings; the signing key only for Shopify, and only when one was typed. */
function settingsBody(values: SettingsValues, provider: IntegrationProvider) {
  const key = values.signingSecret?.trim()
  return {
    trigger: values.trigger,
    delayMinutes: values.delayMinutes ?? 0,
    channel: values.channel,
    minAmountPaise: values.minAmountPaise ?? 0,
    ...(provider === 'shopify' && key ? { signingSecret: key } : {}),
  }
}

/** A wait still at a trigger's default follows the trigger; one the owner typed stays. */
const followingWait = (delay: number | null | undefined, trigger: string) =>
  delay === null || delay === undefined || delay === DEFAULT_DELAY_MINUTES || delay === DELIVERED_DELAY_MINUTES
    ? defaultDelayMinutes(trigger)
    : delay

/** After another trigger was chosen (or chosen for the owner), the wait that goes with it. */
function followTrigger(form: FormInstance, trigger: string | undefined) {
  if (trigger) form.setFieldsValue({ delayMinutes: followingWait(form.getFieldValue('delayMinutes'), trigger) })
}

/** A number kept in one unit and typed in another (minutes as hours, paise as rupees). */
const scaled = (factor: number) => ({
  getValueProps: (stored: number | null | undefined) => ({ value: typeof stored === 'number' ? stored / factor : stored }),
  normalize: (typed: number | null | undefined) => (typeof typed === 'number' ? Math.round(typed * factor) : null),
})

/** Send after, the wait, the channel, the minimum bill and (Shopify) the signing key: adding and changing alike. */
function SettingsFields({ provider, adding }: { provider: IntegrationProvider; adding: boolean }) {
  return (
    <>
      <Form.Item label="Send after" name="trigger" rules={[{ required: true, message: 'Choose when to send' }]}>
        <Select options={PROVIDER_TRIGGERS[provider].map((trigger) => ({ value: trigger, label: triggerLabel(trigger) }))} />
      </Form.Item>
      <Form.Item
        label="Wait before sending (hours)"
        name="delayMinutes"
        {...scaled(MINUTES_PER_HOUR)}
        rules={[{ required: true, message: 'Say how many hours to wait: 0 sends at once' }]}
      >
        <InputNumber min={0} max={MAX_DELAY_MINUTES / MINUTES_PER_HOUR} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item label="Channel" name="channel">
        <Select options={CHANNEL_OPTIONS} />
      </Form.Item>
      <Form.Item label="Minimum bill (₹)" name="minAmountPaise" {...scaled(PAISE_PER_RUPEE)} extra="Empty: every bill.">
        <InputNumber min={0} max={MAX_MIN_RUPEES} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      {provider === 'shopify' && (
        <Form.Item label={SIGNING_KEY_LABEL} name="signingSecret" extra={adding ? SIGNING_KEY_HELP : SIGNING_KEY_CHANGE_HELP}>
          <Input autoComplete="off" maxLength={200} spellCheck={false} />
        </Form.Item>
      )}
    </>
  )
}

interface IntegrationFormProps<TValues> {
  saveForm: SaveForm<TValues>
  title: string
  okText: string
  initialValues: Partial<TValues>
  onValuesChange(changed: Partial<TValues>): void
  onClose(): void
  children: ReactNode
}

/** A dialog around either form: the fields, then the refusal no field shows. */
function IntegrationFormModal<TValues>({
  saveForm,
  title,
  okText,
  initialValues,
  onValuesChange,
  onClose,
  children,
}: IntegrationFormProps<TValues>) {
  const { form, formProps, saving, failure } = saveForm
  return (
    <FormModal form={form} saving={saving} onClose={onClose} title={title} okText={okText}>
      <Form {...formProps} layout="vertical" requiredMark={false} initialValues={initialValues} onValuesChange={onValuesChange}>
        {children}
        {failure && <Alert type="error" showIcon message={failure} />}
      </Form>
    </FormModal>
  )
}

interface AddProps {
  businessId: number
  businessName: string
  onClose(): void
  /** The integration as created, with its secret (answered this once). */
  onAdded(created: IntegrationDto): void
}

/** A provider as the add form offers it: its name, and what it sends after. */
const PROVIDER_OPTIONS = INTEGRATION_PROVIDERS.map((value) => ({
  value,
  label: (
    <>
      <strong>{PROVIDER_NAMES[value]}</strong>
      <Typography.Text type="secondary" style={{ display: 'block' }}>
        {PROVIDER_DESCRIPTIONS[value]}
      </Typography.Text>
    </>
  ),
}))

const FIRST_PROVIDER = INTEGRATION_PROVIDERS[0]

/** An integration's settings as the form holds them: no minimum bill is an empty field. */
const settingsOf = (integration: Pick<IntegrationDto, 'trigger' | 'delayMinutes' | 'channel' | 'minAmountPaise'>): SettingsValues => ({
  trigger: integration.trigger as IntegrationTrigger,
  delayMinutes: integration.delayMinutes,
  channel: integration.channel,
  minAmountPaise: integration.minAmountPaise || null,
})

/** A new integration's: the first provider's first trigger, its wait, the best channel, every bill. */
const NEW_SETTINGS = settingsOf({
  trigger: PROVIDER_TRIGGERS[FIRST_PROVIDER][0],
  delayMinutes: DEFAULT_DELAY_MINUTES,
  channel: 'auto',
  minAmountPaise: 0,
})

export function AddIntegrationModal({ businessId, businessName, onClose, onAdded }: AddProps) {
  const saveForm = useSaveForm<AddValues, CreateIntegrationRequest, IntegrationDto>({
    path: `/api/businesses/${businessId}/integrations`,
    body: (values) => ({ provider: values.provider, ...settingsBody(values, values.provider), consent: true }),
    onSaved: (created) => onAdded(created),
    onFailed: (error) => errorText(error, 'Could not add the integration. Please try again.'),
  })
  const { form } = saveForm
  const provider = Form.useWatch('provider', form) ?? FIRST_PROVIDER

  return (
    <IntegrationFormModal<AddValues>
      saveForm={saveForm}
      title="Add an integration"
      okText="Add integration"
      onClose={onClose}
      initialValues={{ provider: FIRST_PROVIDER, ...NEW_SETTINGS, consent: false }}
      onValuesChange={(changed) => {
        // Another provider: its first trigger.
        const trigger = changed.provider ? PROVIDER_TRIGGERS[changed.provider][0] : changed.trigger
        if (changed.provider) form.setFieldsValue({ trigger })
        followTrigger(form, trigger)
      }}
    >
      <Form.Item label="Provider" name="provider">
        <Radio.Group
          options={PROVIDER_OPTIONS}
          style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
          // antd's group is a plain div: the role and name make it one choice for a screen reader.
          {...{ 'role': 'radiogroup', 'aria-label': 'Provider' }}
        />
      </Form.Item>
      <SettingsFields provider={provider} adding />
      <Form.Item
        name="consent"
        valuePropName="checked"
        rules={[{ validator: async (_, checked: boolean) => (checked ? undefined : Promise.reject(new Error(CONSENT_REQUIRED))) }]}
      >
        <Checkbox>{consentLabel(businessName)}</Checkbox>
      </Form.Item>
    </IntegrationFormModal>
  )
}

export function SettingsModal({ integration, onClose, onSaved }: { integration: IntegrationDto; onClose(): void; onSaved(): void }) {
  const toast = useToast()
  const saveForm = useSaveForm<EditValues, UpdateIntegrationRequest, IntegrationDto>({
    resource: 'integrations',
    action: 'edit',
    id: integration.id,
    body: (values) => ({ ...settingsBody(values, integration.provider), active: values.active }),
    onSaved: () => {
      toast.success('Settings Saved', `${PROVIDER_NAMES[integration.provider]} sends with these settings from now on.`)
      onSaved()
      onClose()
    },
    onFailed: (error) => errorText(error, 'Could not save the settings. Please try again.'),
  })

  return (
    <IntegrationFormModal<EditValues>
      saveForm={saveForm}
      title="Integration settings"
      okText="Save"
      onClose={onClose}
      initialValues={{ ...settingsOf(integration), active: integration.active }}
      onValuesChange={(changed) => followTrigger(saveForm.form, changed.trigger)}
    >
      <SettingsFields provider={integration.provider} adding={false} />
      <Form.Item label="On" name="active" valuePropName="checked" extra="Off: events are logged but send no request.">
        <Switch />
      </Form.Item>
    </IntegrationFormModal>
  )
}
