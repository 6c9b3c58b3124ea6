/*
 * A business's customer-page settings (docs/decisions.md D5, D14): compliance mode and the pinned page language,
 * saved with PATCH /api/businesses/{id}. The policy is explained in one sentence, as docs/decisions.md D14 asks.
 */
import type { BusinessDto } from '@reviewroute/backend/types/api'
import { Button, Flex, Modal, Radio, Switch, Typography } from 'antd'
import { useState } from 'react'
import type { BusinessSettings } from './use-business-actions'

export const POLICY_SENTENCE =
  'Google\'s policy does not allow asking only happy customers for reviews ("review gating"); compliance mode also offers every customer a "Post on Google instead" link.'

const AUTOMATIC = 'auto'
const LANGUAGES = [
  { value: AUTOMATIC, label: 'Automatic' },
  { value: 'en', label: 'English' },
  { value: 'hi', label: 'हिन्दी' },
]

interface Props {
  business: BusinessDto
  open: boolean
  onClose(): void
  onSave(settings: BusinessSettings): Promise<boolean>
}

export function SettingsModal(props: Props) {
  return (
    <Modal
      open={props.open}
      title={`Settings: ${props.business.name}`}
      footer={null}
      onCancel={props.onClose}
      destroyOnHidden
    >
      <SettingsForm {...props} />
    </Modal>
  )
}

/** Mounted fresh each time the dialog opens, so it starts from the business's saved values. */
function SettingsForm({ business, onClose, onSave }: Props) {
  const [complianceMode, setComplianceMode] = useState(business.complianceMode)
  const [language, setLanguage] = useState<string>(business.language ?? AUTOMATIC)
  const [saving, setSaving] = useState(false)

  async function save() {
    setSaving(true)
    const saved = await onSave({ complianceMode, language: language === AUTOMATIC ? null : (language as 'en' | 'hi') })
    setSaving(false)
    if (saved) onClose()
  }

  return (
    <Flex vertical gap={20} style={{ paddingTop: 8 }}>
      <Flex vertical gap={6}>
        <Flex justify="space-between" align="center" gap={12}>
          <Typography.Text strong id={`compliance-${business.id}`}>
            Compliance mode
          </Typography.Text>
          <Switch checked={complianceMode} onChange={setComplianceMode} aria-labelledby={`compliance-${business.id}`} />
        </Flex>
        <Typography.Text type="secondary">{POLICY_SENTENCE}</Typography.Text>
      </Flex>
      <Flex vertical gap={6}>
        <Typography.Text strong id={`language-${business.id}`}>
          Customer page language
        </Typography.Text>
        <Radio.Group
          aria-labelledby={`language-${business.id}`}
          optionType="button"
          options={LANGUAGES}
          value={language}
          onChange={(event) => setLanguage(event.target.value)}
        />
        <Typography.Text type="secondary">Automatic uses each customer's browser language. Customers can always switch on the page.</Typography.Text>
      </Flex>
      <Flex justify="end" gap={8}>
        <Button onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button type="primary" loading={saving} onClick={() => void save()}>
          Save Settings
        </Button>
      </Flex>
    </Flex>
  )
}
