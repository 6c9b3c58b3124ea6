/*
 * A business's customer-page settings (docs/decisions.md D5, D14, D51): how customers are asked (by rating, or
 * everyone may post on Google: compliance mode) and the pinned page language, saved with PATCH /api/businesses/{id}.
 * The policy is explained in one sentence with a link to it.
 */
import type { BusinessDto } from '@reviewroute/backend/types/api'
import { Button, Flex, Modal, Radio, Typography } from 'antd'
import { useState } from 'react'
import { LANGUAGE_NAMES, PHONE_LANGUAGE, REVIEW_LANGUAGES, type ReviewLanguage } from '#lib/review-languages'
import type { BusinessSettings } from './use-business-actions'
import { RoutingChoice } from './routing-choice'

const AUTOMATIC = 'auto'
/** "Customer's phone language" (sent as null), then the nine languages, each by its own name. */
const LANGUAGE_OPTIONS = [
  { value: AUTOMATIC, label: PHONE_LANGUAGE, style: { gridColumn: '1 / -1' } },
  ...REVIEW_LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] })),
]

interface Props {
  business: BusinessDto
  open: boolean
  onClose(): void
  onSave(settings: BusinessSettings): Promise<boolean>
}

export function SettingsModal(props: Props) {
  return (
    <Modal open={props.open} title={`Settings: ${props.business.name}`} footer={null} onCancel={props.onClose} destroyOnHidden>
      <SettingsForm {...props} />
    </Modal>
  )
}

/** Mounted fresh each time the dialog opens, so it starts from the business's saved values. */
function SettingsForm({ business, onClose, onSave }: Props) {
  const [complianceMode, setComplianceMode] = useState(business.complianceMode)
  const [language, setLanguage] = useState<ReviewLanguage | typeof AUTOMATIC>(business.language ?? AUTOMATIC)
  const [saving, setSaving] = useState(false)

  async function save() {
    setSaving(true)
    const saved = await onSave({ complianceMode, language: language === AUTOMATIC ? null : language })
    setSaving(false)
    if (saved) onClose()
  }

  return (
    <Flex vertical gap={20} style={{ paddingTop: 8 }}>
      <RoutingChoice value={complianceMode} onChange={setComplianceMode} />
      <Flex vertical gap={6}>
        <Typography.Text strong id={`language-${business.id}`}>
          Customer page language
        </Typography.Text>
        <div role="radiogroup" aria-labelledby={`language-${business.id}`}>
          <Radio.Group
            style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(130px, 1fr))', gap: '8px 12px' }}
            options={LANGUAGE_OPTIONS}
            value={language}
            onChange={(event) => setLanguage(event.target.value)}
          />
        </div>
        <Typography.Text type="secondary">
          The page and the printed QR poster use this language. With "{PHONE_LANGUAGE}", each customer sees the page in their phone's
          language and the poster is in English and Hindi. Customers can always switch on the page.
        </Typography.Text>
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
