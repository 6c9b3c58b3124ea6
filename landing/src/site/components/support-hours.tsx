import { SUPPORT_HOURS } from '@reviewroute/web-shared/constants'

/** Support hours (docs/decisions.md D14), as a small definition list. */
export function SupportHours() {
  return (
    <dl className="hours">
      {SUPPORT_HOURS.map(([days, hours]) => (
        <div key={days} className="hours__row">
          <dt>{days}</dt>
          <dd>{hours}</dd>
        </div>
      ))}
    </dl>
  )
}
