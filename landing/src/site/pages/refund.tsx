import { TextPage } from '#site/components/layout'
import { TextSections } from '#site/components/text-sections'
import { REFUND_INTRO, REFUND_SECTIONS, REFUND_TIMING_SECTION, REFUND_TIMINGS, REFUND_UPDATED } from '#site/content/refund'
import { useSession } from '#site/session'

function TimingTable() {
  return (
    <div className="table-scroll">
      <table className="simple">
        <thead>
          <tr>
            <th scope="col">You paid with</th>
            <th scope="col">Refund reaches you in</th>
          </tr>
        </thead>
        <tbody>
          {REFUND_TIMINGS.map(([method, time]) => (
            <tr key={method}>
              <th scope="row">{method}</th>
              <td>{time}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted fine-print">
        Business days do not count weekends and bank holidays. Your bank may take longer to show the credit on your statement.
      </p>
    </div>
  )
}

export default function RefundPage() {
  const { user } = useSession()
  return (
    <TextPage user={user} title="Cancellation & Refund Policy" updated={REFUND_UPDATED}>
      <p className="lead">{REFUND_INTRO}</p>
      <TextSections sections={REFUND_SECTIONS} extras={{ [REFUND_TIMING_SECTION]: <TimingTable /> }} />
    </TextPage>
  )
}
