/*
 * Test and seed factories with the states the specs talk about: owners in, past or without a trial, operators,
 * compliance businesses, low ratings, paid plans (`pro`, `cancelled`, `expired`), each with the paid order that
 * granted it, staff, customers, their review requests and tax invoices; team, agency and client workspaces with their
 * members; Google connections, locations and reviews. Times are relative to the app's clock, so a spec that moved
 * the clock gets rows relative to its "now".
 */
import { randomBytes, randomInt } from 'node:crypto'
import factory from '@adonisjs/lucid/factories'
import { DateTime } from 'luxon'
import User from '#models/user'
import Business from '#models/business'
import ReviewSession from '#models/review_session'
import Payment from '#models/payment'
import Subscription from '#models/subscription'
import SubscriptionPlan from '#models/subscription_plan'
import Customer from '#models/customer'
import ReviewRequest, { RequestChannel, RequestStatus } from '#models/review_request'
import Invoice, { InvoiceKind } from '#models/invoice'
import Staff from '#models/staff'
import Workspace from '#models/workspace'
import WorkspaceMember from '#models/workspace_member'
import GoogleConnection from '#models/google_connection'
import GoogleLocation from '#models/google_location'
import GoogleReview from '#models/google_review'
import MemberAlert from '#models/member_alert'
import Integration from '#models/integration'
import PushSubscription from '#models/push_subscription'
import WhatsAppTemplate from '#models/whatsapp_template'
import { createHash } from 'node:crypto'
import MemberAlertDelivery from '#models/member_alert_delivery'
import type { WorkspaceRole } from '#contract/workspace_roles'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import env from '#start/env'
import { financialYear, seller } from '#actions/billing/issue_invoice'
import { newStaffCode } from '#lib/staff_codes'
import { splitGst } from '#contract/gst'
import { PaymentStatus, PlanType, SubscriptionStatus } from '#lib/billing_enums'
import { clock } from '#lib/clock'
import { TRIAL_DAYS, googleReviewUrl } from '#lib/constants'
import { generateShortCode } from '#lib/short_code'

let sequence = 0
const next = () => ++sequence

export const DEFAULT_PASSWORD = 'correct-horse-battery'

/** A plan as seeded from database/data/plans.ts (the test bootstrap seeds them). */
export const planOf = (planType: PlanType | `${PlanType}`) => SubscriptionPlan.findByOrFail('planType', planType)

export const UserFactory = factory
  .define(User, () => {
    const n = next()
    const now = clock.now()
    return {
      email: `owner${n}-${Date.now().toString(36)}@example.in`,
      password: DEFAULT_PASSWORD,
      firstName: `Owner${n}`,
      lastName: 'Test',
      trialStartsAt: now,
      trialEndsAt: now.plus({ days: TRIAL_DAYS }),
      // Owners in tests have confirmed their address unless a test says otherwise (alerts need it).
      emailVerifiedAt: now,
    }
  })
  .state('unverified', (user) => {
    user.emailVerifiedAt = null
  })
  .state('midTrial', (user) => {
    user.trialStartsAt = clock.now().minus({ days: 2 })
    user.trialEndsAt = user.trialStartsAt.plus({ days: TRIAL_DAYS })
  })
  .state('trialExpired', (user) => {
    user.trialStartsAt = clock.now().minus({ days: TRIAL_DAYS + 3 })
    user.trialEndsAt = clock.now().minus({ days: 3 })
  })
  .state('withoutTrial', (user) => {
    user.trialStartsAt = null
    user.trialEndsAt = null
  })
  // ReviewRoute staff (docs/decisions.md D34), without TOTP until a spec merges its secret and `totpEnabledAt`.
  .state('operator', (user) => {
    user.role = 'operator'
  })
  // Every account has its personal workspace from sign-up (docs/decisions.md D42).
  .after('create', async (_, user, ctx) => {
    await Workspace.createPersonal(user, ctx.$trx)
  })
  .build()

/** The personal workspace of a user the factory made (for rows merged with a `userId` and no workspace). */
async function personalWorkspaceIdOf(userId: number | null | undefined, client?: TransactionClientContract) {
  if (userId === null || userId === undefined) return null
  const workspace = await Workspace.query({ client }).where('created_by_user_id', userId).where('kind', 'personal').first()
  return workspace?.id ?? null
}

export const BusinessFactory = factory
  .define(Business, () => {
    const n = next()
    const placeId = `test_place_${n}_${Date.now().toString(36)}`
    return {
      placeId,
      name: `Test Business ${n}`,
      address: `${n}, MG Road, Bengaluru, Karnataka 560001, India`,
      rating: 4.2,
      reviewCount: 120 + n,
      shortUrl: generateShortCode(),
      googleReviewUrl: googleReviewUrl(placeId),
      complianceMode: false,
      language: null,
    }
  })
  .state('compliance', (business) => {
    business.complianceMode = true
  })
  .relation('owner', () => UserFactory)
  .before('create', async (_, business, ctx) => {
    business.workspaceId ??= (await personalWorkspaceIdOf(business.userId, ctx.$trx))!
  })
  .build()

export const ReviewSessionFactory = factory
  .define(ReviewSession, () => ({
    rating: 5,
    feedback: null,
    redirected: true,
    resolvedAt: null,
    clientFingerprint: null,
  }))
  .state('negative', (session) => {
    session.rating = 2
    session.redirected = false
    session.feedback = 'The wait was too long'
  })
  .relation('business', () => BusinessFactory)
  .build()

/**
 * A Razorpay order of the Monthly plan (merge `userId`, and `planId` for another plan), opened and not paid yet;
 * `paid` is the order once Razorpay captured it.
 */
export const PaymentFactory = factory
  .define(Payment, async () => {
    const plan = await planOf(PlanType.Monthly)
    return {
      planId: plan.id,
      razorpayOrderId: `order_${randomBytes(7).toString('hex')}`,
      razorpayPaymentId: null,
      currency: 'INR',
      status: PaymentStatus.Created,
      paidAt: null,
    }
  })
  .state('paid', (payment) => {
    payment.status = PaymentStatus.Paid
    payment.razorpayPaymentId = `pay_${randomBytes(7).toString('hex')}`
    payment.paidAt ??= clock.now()
  })
  .before('create', async (_, payment, ctx) => {
    payment.workspaceId ??= await personalWorkspaceIdOf(payment.userId, ctx.$trx)
    payment.paidByWorkspaceId ??= payment.workspaceId
    // The order is for the plan's price, whichever plan was merged.
    if (payment.amount === undefined || payment.amount === null) {
      const plan = await SubscriptionPlan.findOrFail(payment.planId, { client: ctx.$trx })
      payment.amount = plan.totalPrice
    }
  })
  .build()

/**
 * A subscription to the Monthly plan (merge `userId`, and `planId` for another plan) with the paid order that
 * granted it, as the grant writes them. Its period runs a plan's length up to `currentPeriodEnd` (merge it to
 * place the period); by default it starts now.
 *   pro        active and paid, the period running
 *   cancelled  cancelled by the owner a day into the period (or now), still running until it ends
 *   expired    the period ended a day ago and the expiry job marked it
 * A `pro` or `cancelled` one merged with a past `currentPeriodEnd` is a period that ended before the job ran.
 */
export const SubscriptionFactory = factory
  .define(Subscription, async () => {
    const plan = await planOf(PlanType.Monthly)
    return { planId: plan.id, status: SubscriptionStatus.Active, cancelledAt: null, reminderSentAt: null }
  })
  .state('pro', (subscription) => {
    subscription.status = SubscriptionStatus.Active
  })
  .state('cancelled', (subscription) => {
    subscription.status = SubscriptionStatus.Cancelled
  })
  .state('expired', (subscription) => {
    subscription.status = SubscriptionStatus.Expired
    subscription.currentPeriodEnd ??= clock.now().minus({ days: 1 })
  })
  .before('create', async (_, subscription, ctx) => {
    subscription.workspaceId ??= (await personalWorkspaceIdOf(subscription.userId, ctx.$trx))!
    const plan = await SubscriptionPlan.findOrFail(subscription.planId, { client: ctx.$trx })
    // The table keeps whole seconds: the row as read back equals the one returned here.
    const end = (subscription.currentPeriodEnd ?? clock.now().plus({ months: plan.durationMonths })).startOf('second')
    subscription.currentPeriodEnd = end
    subscription.currentPeriodStart ??= end.minus({ months: plan.durationMonths })
    if (subscription.status === SubscriptionStatus.Cancelled) {
      subscription.cancelledAt ??= DateTime.min(clock.now(), subscription.currentPeriodStart.plus({ days: 1 }))
    }
    if (subscription.paymentId === undefined) {
      const payment = await PaymentFactory.merge({
        userId: subscription.userId,
        workspaceId: subscription.workspaceId,
        planId: plan.id,
        paidAt: subscription.currentPeriodStart,
      })
        .apply('paid')
        .client(ctx.$trx!)
        .create()
      subscription.paymentId = payment.id
    }
  })
  .build()

/** A staff member of a business (merge `businessId`) with a code for their own link, as the owner adds one. */
export const StaffFactory = factory.define(Staff, () => ({ name: `Staff ${next()}`, code: newStaffCode() })).build()

/** A customer of a business (merge `businessId`) who consented now; `optedOut` used a stop link since. */
export const CustomerFactory = factory
  .define(Customer, () => {
    const n = next()
    return {
      name: `Customer ${n}`,
      // '+91' and 10 digits, unique per business.
      phone: `+919${String(n).padStart(9, '0')}`,
      email: null,
      consentAt: clock.now(),
      optedOutAt: null,
    }
  })
  .state('optedOut', (customer) => {
    customer.optedOutAt = clock.now()
  })
  .build()

/**
 * A personal request for a review on the owner's own WhatsApp, created and not sent yet. Merge `customerId` (its
 * business follows), or `businessId` for a new customer of that business; `sent` has gone out now.
 */
export const ReviewRequestFactory = factory
  .define(ReviewRequest, () => ({
    channel: RequestChannel.WhatsappLink,
    status: RequestStatus.Created,
    token: randomBytes(16).toString('base64url'),
    staffId: null,
    sentAt: null,
    openedAt: null,
    ratedAt: null,
    remindedAt: null,
    failureReason: null,
  }))
  .state('sent', (request) => {
    request.status = RequestStatus.Sent
    request.sentAt ??= clock.now()
  })
  .before('create', async (_, request, ctx) => {
    if (request.customerId !== undefined && request.businessId !== undefined) return
    const customer =
      request.customerId === undefined
        ? await CustomerFactory.merge({ businessId: request.businessId }).client(ctx.$trx!).create()
        : await Customer.findOrFail(request.customerId, { client: ctx.$trx })
    request.customerId = customer.id
    request.businessId = customer.businessId
  })
  .build()

/**
 * The tax invoice of a paid order (merge `paymentId`, or `userId` for a new paid Monthly order of theirs), as the
 * grant issues it: today's seller, a buyer in the seller's state unless merged, the order's amount with the tax split
 * by where the buyer is. Numbered in a series of its own, so it takes no number of the grants' series.
 */
export const InvoiceFactory = factory
  .define(Invoice, () => {
    const serial = randomInt(1, 2 ** 31)
    const party = seller()
    return {
      kind: InvoiceKind.Invoice,
      series: 'test',
      financialYear: financialYear(clock.now()),
      sequence: serial,
      number: `TEST/${serial}`,
      issuedAt: clock.now(),
      seller: party,
      buyer: { ...party, legalName: `Buyer ${next()} LLP`, address: '1, MG Road, Bengaluru 560001', gstin: null },
      sac: env.get('INVOICE_SAC'),
      description: 'ReviewRoute Pro (Monthly), 1 month',
      refersToInvoiceId: null,
      refundId: null,
      mailedAt: null,
    }
  })
  .before('create', async (_, invoice, ctx) => {
    const payment =
      invoice.paymentId === undefined
        ? await PaymentFactory.merge({ userId: invoice.userId! }).apply('paid').client(ctx.$trx!).create()
        : await Payment.findOrFail(invoice.paymentId, { client: ctx.$trx })
    invoice.paymentId = payment.id
    invoice.userId ??= payment.userId
    invoice.workspaceId ??= payment.paidByWorkspaceId
    invoice.placeOfSupply ??= invoice.buyer.stateCode
    if (invoice.total === undefined) Object.assign(invoice, splitGst(payment.amount, invoice.buyer.stateCode === invoice.seller.stateCode))
  })
  .build()

/**
 * A workspace besides the personal one every account has. Merge `createdByUserId`: its creator joins it as an owner
 * of its own (`joinedVia: 'own'`), as creating one through the API does.
 *   team    (the default) a workspace of a team
 *   agency  an agency's, whose members also act in the client workspaces it manages
 *   client  a client workspace managed by the agency merged as `managedByWorkspaceId`; its creator, a member of the
 *           agency, acts in it through the agency and joins it as no member (WorkspaceMemberFactory `viaAgency`
 *           adds the people the agency brought in)
 */
export const WorkspaceFactory = factory
  .define(Workspace, () => ({ name: `Workspace ${next()}`, kind: 'team' as const, managedByWorkspaceId: null }))
  .state('team', (workspace) => {
    workspace.kind = 'team'
  })
  .state('agency', (workspace) => {
    workspace.kind = 'agency'
  })
  .state('client', (workspace) => {
    workspace.kind = 'client'
  })
  .after('create', async (_, workspace, ctx) => {
    if (workspace.kind === 'client' || !workspace.createdByUserId) return
    const owner = { workspaceId: workspace.id, userId: workspace.createdByUserId, role: 'owner' as const, businessIds: null }
    await WorkspaceMember.create(owner, { client: ctx.$trx })
  })
  .build()

/**
 * A member of a workspace (merge `workspaceId`, and `userId`, else `.with('user')` for a new account): a viewer of all
 * its businesses (merge `businessIds` to limit them) who joined on their own.
 *   owner, manager, viewer  the role
 *   viaAgency               brought in by the agency that manages the (client) workspace (docs/decisions.md D56)
 */
export const WorkspaceMemberFactory = factory
  .define(WorkspaceMember, () => ({ role: 'viewer' as WorkspaceRole, businessIds: null }))
  .state('owner', (member) => {
    member.role = 'owner'
  })
  .state('manager', (member) => {
    member.role = 'manager'
  })
  .state('viewer', (member) => {
    member.role = 'viewer'
  })
  .state('viaAgency', (member) => {
    member.joinedVia = 'agency'
  })
  .relation('user', () => UserFactory)
  .build()

/**
 * A workspace's working Google connection (merge `workspaceId`), as the OAuth callback stores it before any sync;
 * `broken` is one whose refresh token Google refused.
 */
export const GoogleConnectionFactory = factory
  .define(GoogleConnection, () => ({
    email: 'owner@gmail.example',
    refreshTokenEncrypted: GoogleConnection.seal('rt-stored-token'),
    accessTokenEncrypted: null,
    accessTokenExpiresAt: null,
    error: null,
    lastSyncAt: null,
    connectedByUserId: null,
  }))
  .state('broken', (connection) => {
    connection.error = 'invalid_grant'
  })
  .build()

/**
 * A location of a workspace's Business Profile, `accounts/1/locations/{n}` and not linked. Merge `businessId` to link
 * it (its workspace follows the business's), else `workspaceId`.
 */
export const GoogleLocationFactory = factory
  .define(GoogleLocation, () => {
    const n = next()
    return { name: `accounts/1/locations/${n}`, title: `Location ${n}`, address: null, placeId: null, businessId: null }
  })
  .before('create', async (_, location, ctx) => {
    if (location.workspaceId !== undefined || !location.businessId) return
    const business = await Business.findOrFail(location.businessId, { client: ctx.$trx })
    location.workspaceId = business.workspaceId
  })
  .build()

/**
 * A Google review of a business (merge `businessId`) as the review sync stores it: 5 stars from Ravi Kumar with a
 * few words, written now (merge `createTime`; it was last updated then unless `updateTime` is merged), unanswered.
 *   replied  answered an hour after it was written (merge `replyComment` for the words)
 *   deleted  gone from Google now
 *   hidden   hidden from the website widget now (docs/decisions.md D49)
 *   pinned   pinned to the website widget now
 */
export const GoogleReviewFactory = factory
  .define(GoogleReview, () => ({
    reviewName: `accounts/1/locations/1/reviews/r${next()}${randomBytes(3).toString('hex')}`,
    reviewerName: 'Ravi Kumar',
    reviewerPhotoUrl: null,
    reviewerAnonymous: false,
    stars: 5,
    comment: 'Great food',
    replyComment: null,
    deletedAt: null,
    pinnedAt: null,
    hiddenAt: null,
  }))
  .state('replied', (review) => {
    review.replyComment ??= 'Thank you'
  })
  .state('deleted', (review) => {
    review.deletedAt ??= clock.now()
  })
  .state('hidden', (review) => {
    review.hiddenAt ??= clock.now()
  })
  .state('pinned', (review) => {
    review.pinnedAt ??= clock.now()
  })
  .before('create', (_, review) => {
    review.createTime ??= clock.now()
    review.updateTime ??= review.createTime
    if (review.replyUpdateTime === undefined) review.replyUpdateTime = review.replyComment ? review.createTime.plus({ hours: 1 }) : null
  })
  .build()

/** A delivery of an alert on one channel (docs/decisions.md D70). */
export const MemberAlertDeliveryFactory = factory
  .define(MemberAlertDelivery, () => ({ channel: 'email' as const, status: 'sent' as const, sentAt: clock.now(), at: clock.now() }))
  .build()

/** An alert to a member about a private rating (merge `userId`, `businessId`, `reviewSessionId`), mailed. */
export const MemberAlertFactory = factory
  .define(MemberAlert, () => ({
    kind: 'feedback' as const,
    stars: 2,
    title: '2★ private rating',
    body: 'The food was cold',
    url: '/feedbacks',
    whatsappMessage: null,
  }))
  .relation('deliveries', () => MemberAlertDeliveryFactory)
  .build()

/**
 * A device a member gets alerts on (docs/decisions.md D68): an FCM address of its own, with keys of the browsers' form.
 * Merge `userId`.
 */
export const PushSubscriptionFactory = factory
  .define(PushSubscription, () => {
    const endpoint = `https://fcm.googleapis.com/fcm/send/device-${next()}-${randomBytes(4).toString('hex')}`
    return {
      endpoint,
      endpointHash: createHash('sha256').update(endpoint).digest('hex'),
      p256dh: `B${'A'.repeat(86)}`,
      auth: 'A'.repeat(22),
      label: 'Phone',
      lastSentAt: null,
      createdAt: clock.now(),
    }
  })
  .build()

/** A review template of a WhatsApp Business account (docs/decisions.md D66), approved. Merge `whatsappAccountId`. */
export const WhatsAppTemplateFactory = factory
  .define(WhatsAppTemplate, () => ({
    name: 'reviewroute_rating_request',
    language: 'en' as const,
    metaTemplateId: null,
    status: 'APPROVED' as const,
    reason: null,
    managed: true,
    createdAt: clock.now(),
    updatedAt: clock.now(),
  }))
  .build()

/** A business's integration (docs/decisions.md D72): Razorpay, signed with `factory-signing-key`. */
export const IntegrationFactory = factory
  .define(Integration, () => {
    const integration = new Integration().merge({
      provider: 'razorpay',
      token: randomBytes(32).toString('base64url'),
      trigger: 'payment.captured',
      delayMinutes: 120,
      channel: 'auto',
      minAmountPaise: 0,
      active: true,
      consentConfirmedAt: clock.now(),
      consentByUserId: null,
    })
    integration.setSigningSecret('factory-signing-key')
    return { ...integration.$attributes }
  })
  .build()
