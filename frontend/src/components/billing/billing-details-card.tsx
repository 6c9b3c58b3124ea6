/* The billing page's 'Billing details' card: who the tax invoices are made out to, saved with PUT /api/billing/profile. */
import { Alert, Button, Card, Typography } from 'antd'
import { useToast } from '#providers/toast'
import { BillingDetailsForm } from './billing-details-form'
import type { BillingProfile } from './use-billing-profile'

export function BillingDetailsCard({ billing }: { billing: BillingProfile }) {
  const toast = useToast()
  return (
    <Card title="Billing details" loading={billing.loading}>
      <Typography.Paragraph type="secondary">
        Your tax invoices are made out to these details. Add your GSTIN to claim the GST on them.
      </Typography.Paragraph>
      {billing.failed ? (
        <Alert
          type="error"
          showIcon
          message="Could not load your billing details."
          action={<Button onClick={billing.retry}>Reload</Button>}
        />
      ) : (
        <BillingDetailsForm
          // The form reads its values once: a save in the payment dialog starts it afresh.
          key={JSON.stringify(billing.profile)}
          profile={billing.profile}
          submitText="Save billing details"
          onSaved={(profile) => {
            billing.saved(profile)
            toast.success('Billing Details Saved', 'Your next tax invoice will carry them.')
          }}
        />
      )}
    </Card>
  )
}
