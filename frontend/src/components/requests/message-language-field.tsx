/*
 * Which language a review request goes out in, on the send forms (docs/decisions.md D65): the language and why
 * (chosen for the customer, the one they rated in, the business's), a select of the customer page's nine languages to
 * choose another for this customer (Automatic: chosen for them), and, for WhatsApp Business, that a language without
 * an approved template goes out in English. The rule is the server's (backend/contract/message_language.ts).
 */
import type { RequestChannelName, RequestChannelsDto } from '@reviewroute/backend/types/api'
import {
  LANGUAGE_ENGLISH_NAMES,
  MESSAGE_LANGUAGE_REASONS,
  messageLanguage,
  whatsappFallbackNote,
  whatsappTemplateLanguage,
} from '@reviewroute/backend/contract/message_language'
import { Alert, Flex, Select, Typography } from 'antd'
import { useId } from 'react'
import { LANGUAGE_NAMES, REVIEW_LANGUAGES, type ReviewLanguage } from '#lib/review-languages'

/** 'हिंदी (Hindi)'; English alone. */
export const languageLabel = (language: ReviewLanguage) =>
  language === 'en' ? 'English' : `${LANGUAGE_NAMES[language]} (${LANGUAGE_ENGLISH_NAMES[language]})`

export const MESSAGE_LANGUAGE_LABEL = 'Language of the message'
const AUTOMATIC = 'auto'

interface Props {
  /** The owner's choice for this customer; null: chosen for them. */
  value: ReviewLanguage | null
  /** The language the customer last rated in, when known. */
  ratedLanguage: ReviewLanguage | null
  /** The business's language and its WhatsApp Business templates come with the channels; undefined while loading. */
  channels: RequestChannelsDto | undefined
  channel: RequestChannelName
  onChange: (language: ReviewLanguage | null) => void
  disabled?: boolean
  loading?: boolean
}

export function MessageLanguageField({ value, ratedLanguage, channels, channel, onChange, disabled, loading }: Props) {
  const id = useId()
  const business = channels?.language ?? { language: 'en' as const, source: 'english' as const }
  const automatic = messageLanguage({ language: null, ratedLanguage }, business)
  const { language, source } = messageLanguage({ language: value, ratedLanguage }, business)
  if (channel === 'sms')
    return (
      <Typography.Paragraph type="secondary" className="message-language">
        SMS goes out with its registered (DLT) template, in the template&apos;s own words.
      </Typography.Paragraph>
    )
  const sent = channel === 'whatsapp' ? whatsappTemplateLanguage(language, channels?.whatsappLanguages ?? []) : language
  return (
    <Flex vertical gap={6} className="message-language">
      <label htmlFor={id}>{MESSAGE_LANGUAGE_LABEL}</label>
      <Select<string>
        id={id}
        size="large"
        value={value ?? AUTOMATIC}
        disabled={disabled}
        loading={loading}
        onChange={(next) => onChange(next === AUTOMATIC ? null : (next as ReviewLanguage))}
        options={[
          { value: AUTOMATIC, label: `Automatic: ${languageLabel(automatic.language)}` },
          ...REVIEW_LANGUAGES.map((code) => ({ value: code, label: languageLabel(code) })),
        ]}
        popupMatchSelectWidth={false}
      />
      <Typography.Text type="secondary" role="status">
        Goes out in {languageLabel(sent)}
        {sent === language ? `: ${MESSAGE_LANGUAGE_REASONS[source]}.` : '.'}
      </Typography.Text>
      {sent !== language && <Alert type="warning" showIcon message={whatsappFallbackNote(language)} />}
    </Flex>
  )
}
