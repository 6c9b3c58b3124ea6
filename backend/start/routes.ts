/*
 * The HTTP API. Paths and payloads are a contract outside tools depend on (README.md#api, types/api.ts); the
 * Refine-style resources (`/api/businesses`, `/api/feedbacks`, `/api/review-sessions`) follow
 * @refinedev/simple-rest conventions, and the spec's singular business routes are aliases of the same actions.
 */
import router from '@adonisjs/core/services/router'
import { clock } from '#lib/clock'
import env from '#start/env'
import { middleware } from '#start/kernel'
import {
  accountLinkByIp,
  changeEmailThrottle,
  visitHookThrottle,
  integrationHookThrottle,
  integrationTestThrottle,
  testMessageThrottle,
  twoFactorThrottle,
  contactThrottle,
  forgotPasswordByEmail,
  forgotPasswordByIp,
  invitationByAccount,
  invitationByAddress,
  newWorkspaceByAccount,
  newWorkspaceByIp,
  loginByIp,
  purchaseThrottle,
  registerThrottle,
  resendVerificationThrottle,
  searchThrottle,
  whatsappAlertCodeThrottle,
  alertOpenedByIp,
} from '#start/limiter'

const AuthController = () => import('#controllers/auth_controller')
const ProfileController = () => import('#controllers/profile_controller')
const AccountLinksController = () => import('#controllers/account_links_controller')
const PlacesController = () => import('#controllers/places_controller')
const BusinessesController = () => import('#controllers/businesses_controller')
const ReviewLinksController = () => import('#controllers/review_links_controller')
const AnalyticsController = () => import('#controllers/analytics_controller')
const OverviewController = () => import('#controllers/overview_controller')
const DevicesController = () => import('#controllers/devices_controller')
const AccountController = () => import('#controllers/account_controller')
const PasswordsController = () => import('#controllers/passwords_controller')
const FeedbacksController = () => import('#controllers/feedbacks_controller')
const ReviewSessionsController = () => import('#controllers/review_sessions_controller')
const ContactController = () => import('#controllers/contact_controller')
const SystemController = () => import('#controllers/system_controller')
const BillingController = () => import('#controllers/billing_controller')
const WebhooksController = () => import('#controllers/webhooks_controller')
const BillingProfilesController = () => import('#controllers/billing_profiles_controller')
const InvoicesController = () => import('#controllers/invoices_controller')
const TwoFactorController = () => import('#controllers/admin/two_factor_controller')
const AdminUsersController = () => import('#controllers/admin/users_controller')
const AdminBusinessesController = () => import('#controllers/admin/businesses_controller')
const AdminBillingController = () => import('#controllers/admin/billing_controller')
const AdminContactMessagesController = () => import('#controllers/admin/contact_messages_controller')
const AdminQueuesController = () => import('#controllers/admin/queues_controller')
const AdminAuditLogController = () => import('#controllers/admin/audit_log_controller')
const PagesController = () => import('#controllers/pages_controller')
const ReviewPageController = () => import('#controllers/review_page_controller')
const OidcController = () => import('#controllers/oidc_controller')
const CustomersController = () => import('#controllers/customers_controller')
const WhatsAppAccountsController = () => import('#controllers/whatsapp_accounts_controller')
const VisitHooksController = () => import('#controllers/visit_hooks_controller')
const IntegrationsController = () => import('#controllers/integrations_controller')
const StaffController = () => import('#controllers/staff_controller')
const TestMessagesController = () => import('#controllers/test_messages_controller')
const ReviewRequestsController = () => import('#controllers/review_requests_controller')
const NotificationSettingsController = () => import('#controllers/notification_settings_controller')
const PushSubscriptionsController = () => import('#controllers/push_subscriptions_controller')
const MemberAlertsController = () => import('#controllers/member_alerts_controller')
const WhatsAppAlertsController = () => import('#controllers/whatsapp_alerts_controller')
const TestClockController = () => import('#controllers/test_clock_controller')
const GoogleRatingsController = () => import('#controllers/google_ratings_controller')
const PostersController = () => import('#controllers/posters_controller')
const WorkspacesController = () => import('#controllers/workspaces_controller')
const InvitationsController = () => import('#controllers/invitations_controller')
const BrandsController = () => import('#controllers/brands_controller')
const GoogleConnectionsController = () => import('#controllers/google_connections_controller')
const GoogleWebhooksController = () => import('#controllers/google_webhooks_controller')
const GoogleReviewsController = () => import('#controllers/google_reviews_controller')
const ReviewImagesController = () => import('#controllers/review_images_controller')
const GoogleAutoReplyController = () => import('#controllers/google_auto_reply_controller')
const WidgetController = () => import('#controllers/widget_controller')
const ReplyTemplatesController = () => import('#controllers/reply_templates_controller')
const ReplyDraftsController = () => import('#controllers/reply_drafts_controller')

/** A row id: digits only, and few enough that they stay a finite number (a 400-digit id is Infinity, not a 404). */
const rowId = { match: /^[0-9]{1,16}$/, cast: (value: string) => Number(value) }

router
  .group(() => {
    router
      .group(() => {
        router.post('register', [AuthController, 'register']).as('register').use(registerThrottle)
        router.post('login', [AuthController, 'login']).as('login').use(loginByIp)
        router
          .post('forgot-password', [AccountLinksController, 'forgotPassword'])
          .as('forgot_password')
          .use([forgotPasswordByIp, forgotPasswordByEmail])
        router.post('reset-password', [AccountLinksController, 'resetPassword']).as('reset_password').use(accountLinkByIp)
        router.post('reset-password/check', [AccountLinksController, 'checkResetToken']).as('reset_password.check').use(accountLinkByIp)
        router.post('verify-email', [AccountLinksController, 'verifyEmail']).as('verify_email').use(accountLinkByIp)
        // "Continue with Google" (docs/decisions.md D29): start and callback are browser navigations, not API calls.
        router.get('oidc/config', [OidcController, 'config']).as('oidc.config')
        router.get('oidc/start', [OidcController, 'start']).as('oidc.start').use(accountLinkByIp)
        router.get('oidc/callback', [OidcController, 'callback']).as('oidc.callback').use(accountLinkByIp)
        router.post('oidc/exchange', [OidcController, 'exchange']).as('oidc.exchange').use(accountLinkByIp)
        router
          .group(() => {
            router.post('logout', [AuthController, 'logout']).as('logout')
            router.get('user', [ProfileController, 'show']).as('user')
            router.patch('profile', [ProfileController, 'update']).as('profile')
            router.post('sync-user', [ProfileController, 'sync']).as('sync_user')
            router.post('change-password', [PasswordsController, 'update']).as('change_password')
            router.post('change-email', [AccountLinksController, 'changeEmail']).as('change_email').use(changeEmailThrottle)
            router.get('sessions', [DevicesController, 'index']).as('devices')
            router.delete('sessions/:id', [DevicesController, 'destroy']).as('devices.destroy').where('id', rowId)
            router.post('logout-all', [DevicesController, 'destroyAll']).as('logout_all')
            router
              .post('resend-verification', [AccountLinksController, 'resendVerification'])
              .as('resend_verification')
              .use(resendVerificationThrottle)
          })
          .use(middleware.auth({ workspace: false }))
      })
      .prefix('auth')
      .as('auth')

    // The owner's data rights.
    router
      .group(() => {
        router.get('export', [AccountController, 'export']).as('export')
        router.delete('', [AccountController, 'destroy']).as('destroy')
      })
      .prefix('account')
      .as('account')
      .use(middleware.auth({ workspace: false }))

    // Alerts on this phone (docs/decisions.md D68): the signed-in person's Web Push devices, whatever the workspace.
    router
      .group(() => {
        router.get('push/public-key', [PushSubscriptionsController, 'publicKey']).as('push.public_key')
        // Alerts on WhatsApp from ReviewRoute's number (docs/decisions.md D69): the person's proved mobile number.
        router
          .post('profile/whatsapp-alerts', [WhatsAppAlertsController, 'store'])
          .as('whatsapp_alerts.store')
          .use(whatsappAlertCodeThrottle)
        router.post('profile/whatsapp-alerts/verify', [WhatsAppAlertsController, 'verify']).as('whatsapp_alerts.verify')
        router.delete('profile/whatsapp-alerts', [WhatsAppAlertsController, 'destroy']).as('whatsapp_alerts.destroy')
        // The person's last 20 alerts and how each went (docs/decisions.md D70): all at once, not a paged list.
        router.get('profile/alerts', [MemberAlertsController, 'index']).as('alerts')
        // The person's few devices, all at once (not a paged list resource, like auth.devices).
        router.get('push-subscriptions', [PushSubscriptionsController, 'index']).as('push_devices')
        router.post('push-subscriptions', [PushSubscriptionsController, 'store']).as('push_subscriptions.store')
        router
          .delete('push-subscriptions/:id', [PushSubscriptionsController, 'destroy'])
          .as('push_subscriptions.destroy')
          .where('id', rowId)
      })
      .as('account')
      .use(middleware.auth({ workspace: false }))

    // An invitation's page names who invites, to which workspace and as what, before anyone signs in (docs/decisions.md D57).
    // A push notification's click (docs/decisions.md D70): its signed token, sent by the service worker, no session.
    router.post('alerts/opened', [MemberAlertsController, 'opened']).as('alerts.opened').use(alertOpenedByIp)

    router.post('invitations/check', [InvitationsController, 'check']).as('invitations.check').use(accountLinkByIp)

    // Public, with an optional owner token.
    router.post('search-business', [PlacesController, 'search']).as('places.search').use([middleware.silentAuth(), searchThrottle])

    // Public customer review flow: never needs a token, never reveals the owner.
    router.get('business/by-url/:shortUrl', [ReviewLinksController, 'show']).as('review_links.show')
    // Limits are per device inside the action (docs/decisions.md D31): a 4-5 is never stopped on its way to Google.
    router.post('review/:shortUrl/submit', [ReviewLinksController, 'submit']).as('review_links.submit')
    // The website widget's public answer (docs/decisions.md D49): its own CORS, not the dashboard's (config/cors.ts);
    // cached five minutes in memory, so a busy site costs no database round trip per page.
    router.get('widget/:code', [WidgetController, 'data']).as('widget.data')

    router.post('contact', [ContactController, 'store']).as('contact.store').use([middleware.silentAuth(), contactThrottle])
    router.get('geo', [SystemController, 'geo']).as('geo')
    router.get('billing/subscription-plans', [BillingController, 'plans']).as('billing.plans')
    router.get('billing/razorpay-config', [BillingController, 'razorpayConfig']).as('billing.razorpay_config')
    router.post('webhooks/razorpay', [WebhooksController, 'razorpay']).as('webhooks.razorpay')
    router.get('webhooks/whatsapp', [WebhooksController, 'whatsappVerify']).as('webhooks.whatsapp_verify')
    router.post('webhooks/whatsapp', [WebhooksController, 'whatsapp']).as('webhooks.whatsapp')
    router.post('webhooks/sms/:token', [WebhooksController, 'sms']).as('webhooks.sms')
    // Google Business Profile's Pub/Sub push (docs/decisions.md D44): accepted only at the secret address.
    router.post('webhooks/google/:token', [GoogleWebhooksController, 'push']).as('webhooks.google')
    router.post('hooks/visits/:secret', [VisitHooksController, 'visit']).as('hooks.visit').use(visitHookThrottle)
    // Integrations' webhooks (docs/decisions.md D72): each provider signs its own way; the token is the address.
    router
      .post('integrations/hooks/:provider/:token', [IntegrationsController, 'hook'])
      .as('integrations.hook')
      .where('provider', { match: /^[a-z_]{1,20}$/ })
      .where('token', { match: /^[A-Za-z0-9_-]{1,64}$/ })
      .use(integrationHookThrottle)
    router.get('health', [SystemController, 'health']).as('health')
    router.get('health/live', [SystemController, 'live']).as('health.live')
    // Google Business Profile (docs/decisions.md D43): Google sends the browser back here, without our token; the
    // one-time state names the workspace and the user.
    router.get('google/connect/callback', [GoogleConnectionsController, 'callback']).as('google.connect.callback')

    // The operator console (docs/decisions.md D34): 404 to everyone but an operator; the TOTP step before the rest.
    router
      .group(() => {
        router.get('2fa', [TwoFactorController, 'show']).as('2fa.show')
        router.post('2fa/enroll', [TwoFactorController, 'enroll']).as('2fa.enroll')
        router.post('2fa/activate', [TwoFactorController, 'activate']).as('2fa.activate').use(twoFactorThrottle)
        router.post('2fa/verify', [TwoFactorController, 'verify']).as('2fa.verify').use(twoFactorThrottle)
      })
      .prefix('admin')
      .as('admin')
      .use(middleware.operator({ twoFactor: false }))
    router
      .group(() => {
        router.get('users', [AdminUsersController, 'index']).as('users.index')
        router.get('users/:id', [AdminUsersController, 'show']).as('users.show')
        router.post('users/:id/extend-trial', [AdminUsersController, 'extendTrial']).as('users.extend_trial')
        router.post('users/:id/grant-plan', [AdminUsersController, 'grantPlan']).as('users.grant_plan')
        router.post('users/:id/end-plan', [AdminUsersController, 'endPlan']).as('users.end_plan')
        router.post('users/:id/disable', [AdminUsersController, 'disable']).as('users.disable')
        router.post('users/:id/enable', [AdminUsersController, 'enable']).as('users.enable')
        router.get('businesses', [AdminBusinessesController, 'index']).as('businesses.index')
        router.post('businesses/:id/disable', [AdminBusinessesController, 'disable']).as('businesses.disable')
        router.post('businesses/:id/enable', [AdminBusinessesController, 'enable']).as('businesses.enable')
        router.get('payments', [AdminBillingController, 'payments']).as('payments.index')
        router.post('payments/:id/refund', [AdminBillingController, 'refund']).as('payments.refund')
        router.get('invoices', [AdminBillingController, 'invoices']).as('invoices.index')
        router.get('alert-messages', [MemberAlertsController, 'all']).as('alert_messages')
        router.get('invoices/:id/pdf', [AdminBillingController, 'invoicePdf']).as('invoices.pdf')
        router.get('contact-messages', [AdminContactMessagesController, 'index']).as('contact_messages.index')
        router.post('contact-messages/:id/handle', [AdminContactMessagesController, 'handle']).as('contact_messages.handle')
        router.post('contact-messages/:id/reply', [AdminContactMessagesController, 'reply']).as('contact_messages.reply')
        router.get('queues', [AdminQueuesController, 'index']).as('queues.index')
        router.get('queues/:name/failed', [AdminQueuesController, 'failed']).as('queues.failed')
        router.post('queues/:name/jobs/:jobId/retry', [AdminQueuesController, 'retry']).as('queues.retry')
        router.post('queues/:name/jobs/:jobId/remove', [AdminQueuesController, 'remove']).as('queues.remove')
        router.get('audit-log', [AdminAuditLogController, 'index']).as('audit_log.index')
      })
      .prefix('admin')
      .as('admin')
      .where('id', rowId)
      .where('name', { match: /^[a-z-]{1,40}$/ })
      .where('jobId', { match: /^[A-Za-z0-9:_-]{1,120}$/ })
      .use(middleware.operator())

    // Only where the clock may move (tests, end-to-end journeys); never in production (start/env.ts).
    if (clock.isMovable) {
      router
        .group(() => {
          router.get('/', [TestClockController, 'show']).as('show')
          router.put('/', [TestClockController, 'update']).as('update')
          router.delete('/', [TestClockController, 'destroy']).as('destroy')
        })
        .prefix('test/clock')
        .as('test_clock')
    }

    // Benchmarks only (scripts/bench/api.mjs): a bare route answering {} in the same process, the reference the
    // real endpoints are compared with. Registered only when BENCH_ROUTES=true; never by default.
    if (env.get('BENCH_ROUTES')) {
      router.get('bench/bare', () => ({})).as('bench.bare')
    }

    // Workspaces, members and agencies (docs/decisions.md D42): each names its workspace in the path, so the
    // X-Workspace-Id header plays no part; not a member is 404, a role that may not is 403.
    router
      .group(() => {
        router.get('workspaces', [WorkspacesController, 'index']).as('workspaces.mine')
        router.post('workspaces', [WorkspacesController, 'store']).as('workspaces.store').use([newWorkspaceByIp, newWorkspaceByAccount])
        router.patch('workspaces/:id', [WorkspacesController, 'update']).as('workspaces.update')
        router.delete('workspaces/:id', [WorkspacesController, 'destroy']).as('workspaces.destroy')
        router.get('workspaces/:id/members', [WorkspacesController, 'members']).as('workspaces.members')
        router.patch('workspaces/:id/members/:userId', [WorkspacesController, 'updateMember']).as('workspaces.members.update')
        router.delete('workspaces/:id/members/:userId', [WorkspacesController, 'removeMember']).as('workspaces.members.destroy')
        router
          .post('workspaces/:id/invitations', [WorkspacesController, 'invite'])
          .as('workspaces.invitations.store')
          .use([invitationByAccount, invitationByAddress])
        router
          .delete('workspaces/:id/invitations/:inviteId', [WorkspacesController, 'revokeInvitation'])
          .as('workspaces.invitations.destroy')
        router.post('invitations/accept', [WorkspacesController, 'accept']).as('invitations.accept').use(accountLinkByIp)
        router.get('workspaces/:id/activity', [WorkspacesController, 'activity']).as('workspaces.activity')
        router.get('workspaces/:id/clients', [WorkspacesController, 'clients']).as('workspaces.clients.index')
        router
          .post('workspaces/:id/clients', [WorkspacesController, 'createClient'])
          .as('workspaces.clients.store')
          .use([newWorkspaceByIp, newWorkspaceByAccount])
        router.delete('workspaces/:id/agency', [WorkspacesController, 'endAgency']).as('workspaces.agency.destroy')
        // An agency's white label (D42, "Brand"): the PUT takes a logo of up to 100 KB (body_parser_middleware.ts).
        router.get('workspaces/:id/brand', [BrandsController, 'show']).as('workspaces.brand.show')
        router.put('workspaces/:id/brand', [BrandsController, 'update']).as('workspaces.brand.update')
      })
      .where('id', rowId)
      .where('inviteId', rowId)
      .where('userId', { match: /^(me|[0-9]{1,16})$/ })
      .use(middleware.auth({ workspace: false }))

    // Owner routes: they act in the request's workspace (X-Workspace-Id, else the user's default).
    router
      .group(() => {
        router.post('user/update-phone', [ProfileController, 'updatePhone']).as('user.update_phone')
        router.post('select-business', [PlacesController, 'select']).as('places.select')
        router.get('my-businesses', [BusinessesController, 'mine']).as('businesses.mine')
        router.patch('business/:id/update-short-url', [BusinessesController, 'updateShortUrl']).as('businesses.short_url')
        router.delete('business/:id', [BusinessesController, 'destroy']).as('businesses.remove')

        router.get('notification-settings', [NotificationSettingsController, 'show']).as('notification_settings.show')
        router.patch('notification-settings', [NotificationSettingsController, 'update']).as('notification_settings.update')

        router.get('overview', [OverviewController, 'show']).as('overview.show')
        router.get('analytics/range', [AnalyticsController, 'range']).as('analytics.range')
        router.get('analytics/:businessId', [AnalyticsController, 'show']).as('analytics.show')
        router.get('analytics/:businessId/daily', [AnalyticsController, 'daily']).as('analytics.daily')
        // Google rating history (docs/decisions.md D35): the refresh is limited per business inside the controller,
        // after the owner check, so another owner's business is a 404 and never a 429.
        router.get('businesses/:businessId/google-rating-history', [GoogleRatingsController, 'history']).as('google_rating.history')
        router.post('businesses/:businessId/google-rating/refresh', [GoogleRatingsController, 'refresh']).as('google_rating.refresh')

        router
          .group(() => {
            router.get('trial-status', [BillingController, 'trialStatus']).as('trial_status')
            router.get('usage', [BillingController, 'usage']).as('usage')
            router.post('create-payment', [BillingController, 'createPayment']).as('create_payment').use(purchaseThrottle)
            router.post('verify-payment', [BillingController, 'verifyPayment']).as('verify_payment')
            router.post('cancel-subscription', [BillingController, 'cancel']).as('cancel')
            router.get('payments', [BillingController, 'payments']).as('payments')
            // WhatsApp alerts ReviewRoute sent the workspace's members this month (docs/decisions.md D70).
            router.get('alert-messages', [MemberAlertsController, 'billing']).as('alert_messages')
            router.get('profile', [BillingProfilesController, 'show']).as('profile.show')
            router.put('profile', [BillingProfilesController, 'update']).as('profile.update')
          })
          .prefix('billing')
          .as('billing')

        // Tax invoices and credit notes (docs/decisions.md D33).
        router.get('invoices', [InvoicesController, 'index']).as('invoices.index')
        router.get('invoices/:id', [InvoicesController, 'show']).as('invoices.show').where('id', rowId)
        router.get('invoices/:id/pdf', [InvoicesController, 'pdf']).as('invoices.pdf').where('id', rowId)

        router.resource('businesses', BusinessesController).only(['index', 'show', 'update', 'destroy'])
        // The printable QR poster as a PDF, A4 or A5 (docs/product-rules.md#qr-posters).
        router.get('businesses/:id/poster.pdf', [PostersController, 'show']).as('businesses.poster')
        router.resource('feedbacks', FeedbacksController).only(['index', 'show', 'update'])
        router.get('feedbacks/:id/voice-note', [FeedbacksController, 'voiceNote']).as('feedbacks.voice_note').where('id', rowId)
        router.resource('review-sessions', ReviewSessionsController).only(['index', 'show'])

        // Review requests (docs/decisions.md D32): customers, personal links, the funnel.
        router.post('customers/import', [CustomersController, 'import']).as('customers.import')
        router.resource('customers', CustomersController).only(['index', 'show', 'store', 'update', 'destroy'])
        router.get('review-requests/funnel', [ReviewRequestsController, 'funnel']).as('review_requests.funnel')
        router.get('review-requests/usage', [ReviewRequestsController, 'usage']).as('review_requests.usage')
        router.post('review-requests/:id/resend', [ReviewRequestsController, 'resend']).as('review_requests.resend')
        router.resource('review-requests', ReviewRequestsController).only(['index', 'show', 'store'])
        router.get('businesses/:businessId/staff', [StaffController, 'index']).as('staff.index')
        router.post('businesses/:businessId/staff', [StaffController, 'store']).as('staff.store')
        router.delete('businesses/:businessId/staff/:id', [StaffController, 'destroy']).as('staff.destroy')
        router.get('businesses/:businessId/request-channels', [ReviewRequestsController, 'channels']).as('review_requests.channels')
        router.get('businesses/:businessId/visit-hook', [VisitHooksController, 'show']).as('visit_hook.show')
        // Integrations (docs/decisions.md D72): requests after the bill, the order or the appointment.
        router.get('businesses/:businessId/integrations', [IntegrationsController, 'index']).as('integrations.index')
        router.post('businesses/:businessId/integrations', [IntegrationsController, 'store']).as('integrations.store')
        router.patch('integrations/:id', [IntegrationsController, 'update']).as('integrations.update').where('id', rowId)
        router.delete('integrations/:id', [IntegrationsController, 'destroy']).as('integrations.destroy').where('id', rowId)
        router
          .post('integrations/:id/test', [IntegrationsController, 'test'])
          .as('integrations.test')
          .where('id', rowId)
          .use(integrationTestThrottle)
        router.get('integrations/:id/events', [IntegrationsController, 'events']).as('integrations.events').where('id', rowId)
        router.post('businesses/:businessId/visit-hook', [VisitHooksController, 'rotate']).as('visit_hook.rotate')
        router.delete('businesses/:businessId/visit-hook', [VisitHooksController, 'destroy']).as('visit_hook.destroy')
        router
          .post('businesses/:businessId/test-message', [TestMessagesController, 'store'])
          .as('test_message.store')
          .use(testMessageThrottle)
        router.get('whatsapp-account', [WhatsAppAccountsController, 'show']).as('whatsapp_account.show')
        router.put('whatsapp-account', [WhatsAppAccountsController, 'update']).as('whatsapp_account.update')
        router
          .post('whatsapp-account/embedded-signup', [WhatsAppAccountsController, 'embeddedSignup'])
          .as('whatsapp_account.embedded_signup')
        router.delete('whatsapp-account', [WhatsAppAccountsController, 'destroy']).as('whatsapp_account.destroy')

        // Google Business Profile (docs/decisions.md D43).
        router.get('google/connect/start', [GoogleConnectionsController, 'start']).as('google.connect.start')
        router.get('google/connection', [GoogleConnectionsController, 'show']).as('google.connection.show')
        router.delete('google/connection', [GoogleConnectionsController, 'destroy']).as('google.connection.destroy')
        router.get('google/locations', [GoogleConnectionsController, 'locations']).as('google.locations.list')
        router.put('google/locations/link', [GoogleConnectionsController, 'link']).as('google.locations.link')
        router.post('google/locations/add', [GoogleConnectionsController, 'add']).as('google.locations.add')
        // Auto-reply rules (docs/decisions.md D48): owners change them.
        router.get('google/auto-reply', [GoogleAutoReplyController, 'show']).as('google.auto_reply.show')
        router.put('google/auto-reply', [GoogleAutoReplyController, 'update']).as('google.auto_reply.update')
        // The Google reviews inbox (docs/decisions.md D45): stats before :id, which is a row id.
        router.get('google-reviews', [GoogleReviewsController, 'index']).as('google_reviews.index')
        router.get('google-reviews/stats', [GoogleReviewsController, 'stats']).as('google_reviews.stats')
        router.get('google-reviews/:id', [GoogleReviewsController, 'show']).as('google_reviews.show')
        router.put('google-reviews/:id/reply', [GoogleReviewsController, 'reply']).as('google_reviews.reply')
        router.delete('google-reviews/:id/reply', [GoogleReviewsController, 'deleteReply']).as('google_reviews.reply.destroy')
        // A review as an image to share (docs/decisions.md D50).
        router.get('google-reviews/:id/image', [ReviewImagesController, 'show']).as('google_reviews.image')
        // Pinned to or hidden from the website widget (docs/decisions.md D49).
        router.patch('google-reviews/:id', [GoogleReviewsController, 'update']).as('google_reviews.update')
        router.get('businesses/:businessId/widget', [WidgetController, 'show']).as('businesses.widget.show')
        router.put('businesses/:businessId/widget', [WidgetController, 'update']).as('businesses.widget.update')
        // Reply templates and AI drafts (docs/decisions.md D46): the draft is limited per workspace inside the controller,
        // after the review is known to be the member's, so another workspace's review is a 404 and never a 429.
        router.get('reply-templates', [ReplyTemplatesController, 'index']).as('reply_templates.index')
        router.post('reply-templates', [ReplyTemplatesController, 'store']).as('reply_templates.store')
        router.patch('reply-templates/:id', [ReplyTemplatesController, 'update']).as('reply_templates.update')
        router.delete('reply-templates/:id', [ReplyTemplatesController, 'destroy']).as('reply_templates.destroy')
        router.post('google-reviews/:id/draft', [ReplyDraftsController, 'store']).as('google_reviews.draft')
      })
      .where('id', rowId)
      .where('businessId', rowId)
      .use(middleware.auth())
  })
  .prefix('api')

// Pages (everything outside /api): the customer page and its thank-you page, built assets, then the site,
// the dashboard and the 404 page, decided by the route list the site ships with.
// The customer page works without JavaScript (docs/decisions.md D31): its forms post here.
router.get('/review/:code', [ReviewPageController, 'show']).as('pages.review')
router.get('/review/:code/google', [ReviewPageController, 'google']).as('pages.review.google')
router.post('/review/:code', [ReviewPageController, 'rate']).as('pages.review.rate')
router.post('/review/:code/feedback', [ReviewPageController, 'feedback']).as('pages.review.feedback')
router.get('/review/:code/feedback', [ReviewPageController, 'feedbackPage']).as('pages.review.feedback_page')
router.get('/thanks', [ReviewPageController, 'thanks']).as('pages.thanks')
// A review request's personal link and its stop link (docs/decisions.md D32).
router.get('/r/:token', [ReviewPageController, 'personal']).as('pages.request')
router.get('/r/:token/stop', [ReviewPageController, 'stopPage']).as('pages.request.stop_page')
router.post('/r/:token/stop', [ReviewPageController, 'stop']).as('pages.request.stop')
// The website widget's script (/w/{code}.js) and its page for an <iframe> (/w/{code}), docs/decisions.md D49.
router.get('/w/:code', [WidgetController, 'page']).as('pages.widget')
router.get('/assets/*', [PagesController, 'asset']).as('pages.assets')
router.get('/dashboard-assets/*', [PagesController, 'asset']).as('pages.dashboard_assets')
// Agencies' brand logos by content hash (docs/decisions.md D42, "Brand").
router.get('/brand-logos/:file', [BrandsController, 'logo']).as('pages.brand_logo')
// Prometheus scrapes (docs/decisions.md D34): 404 without METRICS_TOKEN.
router.get('/metrics', [SystemController, 'metrics']).as('metrics')
router.get('*', [PagesController, 'page']).as('pages.fallback')
