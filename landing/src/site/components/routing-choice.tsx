import { useId } from 'react'
import { GOOGLE_POLICY_URL, POLICY_SENTENCE, ROUTING, ROUTING_QUESTION } from '@reviewroute/web-shared/routing'

/**
 * How the business's customers are asked (docs/decisions.md D51), chosen while adding it: "By rating" preselected,
 * or "Everyone may post on Google" (compliance mode), with Google's policy in one sentence and a link to it.
 */
export function RoutingChoice({ value, onChange }: { value: boolean; onChange(complianceMode: boolean): void }) {
  const id = useId()
  return (
    <fieldset className="routing-choice">
      <legend>{ROUTING_QUESTION}</legend>
      <div className="routing-choice__options">
        {(['byRating', 'everyone'] as const).map((key) => (
          <label key={key} className="routing-choice__option">
            <input
              type="radio"
              name={`${id}-routing`}
              value={key}
              checked={value === (key === 'everyone')}
              onChange={() => onChange(key === 'everyone')}
            />
            <span>
              <strong>{ROUTING[key].label}</strong>
              <span className="muted">{ROUTING[key].text}</span>
            </span>
          </label>
        ))}
      </div>
      <p className="muted routing-choice__policy">
        {POLICY_SENTENCE}{' '}
        <a href={GOOGLE_POLICY_URL} target="_blank" rel="noopener noreferrer">
          Read Google’s policy
        </a>
      </p>
    </fieldset>
  )
}
