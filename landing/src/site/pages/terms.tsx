import { TextPage } from '#site/components/layout'
import { planDisplayName } from '@reviewroute/backend/contract/product_rules'
import { INCL_GST } from '@reviewroute/backend/contract/gst'
import { usePlans } from '#site/components/pricing'
import { SectionIndex, TextSections } from '#site/components/text-sections'
import { TERMS_INTRO, TERMS_PLANS_SECTION, TERMS_SECTIONS, TERMS_UPDATED } from '#site/content/terms'
import { rupees } from '@reviewroute/web-shared/format'
import { useSession } from '#site/session'

/** Prices as the server lists them (docs/decisions.md D8), GST included (D33): the terms never type a price. */
function PriceTable() {
  const { plans, failed } = usePlans()
  if (failed) {
    return (
      <p className="muted" role="alert">
        Prices could not be loaded right now. Please refresh the page; they are also shown at checkout.
      </p>
    )
  }
  if (!plans)
    return (
      <p className="muted" aria-busy="true">
        Loading prices…
      </p>
    )
  return (
    <div className="table-scroll">
      <table className="simple price-table">
        <thead>
          <tr>
            <th scope="col">Plan</th>
            <th scope="col">
              Price <small className="muted">{INCL_GST}</small>
            </th>
            <th scope="col">Per month</th>
          </tr>
        </thead>
        <tbody>
          {plans.map((plan) => (
            <tr key={plan.id}>
              <th scope="row">{planDisplayName(plan.name)}</th>
              <td>{rupees(plan.totalPrice)}</td>
              <td>{rupees(plan.pricePerMonth)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

export default function TermsPage() {
  const { user } = useSession()
  return (
    <TextPage user={user} title="Terms of Service" updated={TERMS_UPDATED}>
      <p className="lead">{TERMS_INTRO}</p>
      <SectionIndex sections={TERMS_SECTIONS} />
      <TextSections sections={TERMS_SECTIONS} extras={{ [TERMS_PLANS_SECTION]: <PriceTable /> }} />
    </TextPage>
  )
}
