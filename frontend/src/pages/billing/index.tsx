export default function BillingPage() {
  return <h1>Billing</h1>
}
