/*
 * How a business's customers are asked (docs/decisions.md D51): "By rating" (4-5 stars on to Google, 1-3 private
 * feedback: the product as first specified) or "Everyone may post on Google" (compliance mode). Adding a business
 * asks it, with Google's policy in one sentence and a link to it; the business card shows it; Settings change it.
 */
import { Flex, Radio, Typography } from 'antd'
import { useId } from 'react'
import { GOOGLE_POLICY_URL, POLICY_SENTENCE, ROUTING, ROUTING_QUESTION } from '@reviewroute/web-shared/routing'
import './routing-choice.css'

export function PolicyNote() {
  return (
    <Typography.Text type="secondary">
      {POLICY_SENTENCE}{' '}
      <Typography.Link href={GOOGLE_POLICY_URL} target="_blank" rel="noopener noreferrer">
        Read Google’s policy
      </Typography.Link>
    </Typography.Text>
  )
}

/** The two choices as radio cards; `value` is compliance mode. */
export function RoutingChoice({
  value,
  onChange,
  disabled,
}: {
  value: boolean
  onChange(complianceMode: boolean): void
  disabled?: boolean
}) {
  const id = useId()
  return (
    <Flex vertical gap={8} role="group" aria-labelledby={`${id}-title`}>
      <Typography.Text strong id={`${id}-title`}>
        {ROUTING_QUESTION}
      </Typography.Text>
      <Radio.Group
        className="routing-choice"
        value={value ? 'everyone' : 'byRating'}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value === 'everyone')}
      >
        {(['byRating', 'everyone'] as const).map((key) => (
          <Radio key={key} value={key} className="routing-choice__option">
            <span className="routing-choice__label">{ROUTING[key].label}</span>
            <span className="routing-choice__text">{ROUTING[key].text}</span>
          </Radio>
        ))}
      </Radio.Group>
      <PolicyNote />
    </Flex>
  )
}
