/*
 * The policies, registered by name with each request's Bouncer (app/middleware/initialize_bouncer_middleware.ts).
 * Controllers use them as `ctx.bouncer.with(BusinessPolicy).authorize('view', business)`.
 */
export const policies = {
  BusinessPolicy: () => import('#policies/business_policy'),
  CustomerPolicy: () => import('#policies/customer_policy'),
  InvoicePolicy: () => import('#policies/invoice_policy'),
  PaymentPolicy: () => import('#policies/payment_policy'),
  ReviewRequestPolicy: () => import('#policies/review_request_policy'),
  ReviewSessionPolicy: () => import('#policies/review_session_policy'),
  StaffPolicy: () => import('#policies/staff_policy'),
  WorkspacePolicy: () => import('#policies/workspace_policy'),
}
