import db from '@adonisjs/lucid/services/db'
import Workspace from '#models/workspace'
import type User from '#models/user'
import { serializeUser } from '#serializers/users'
import { clock } from '#lib/clock'

/** Rows read per query: an owner with a million ratings is exported without holding them all in memory. */
const BATCH = 1000

interface TableExport {
  /** The columns the file carries, by name: a column added later stays out of the file until it is listed here. */
  columns: readonly string[]
  /** Columns kept out of the file, each with why; a key ending in `*` covers every column it starts. */
  leftOut?: Record<string, string>
  /** JSON columns, written into the file as JSON rather than as text. */
  json?: readonly string[]
}

/** Why the send leases' claim times are not exported. */
const SEND_CLAIM = 'a worker’s claim on a send in progress (docs/decisions.md D52): machinery, cleared when the send is done'

/**
 * What the export carries of each table (docs/product-rules.md#data-export). The account spec fails on any column
 * of these tables that is in neither list, so a new column is exported or left out on purpose, never by default.
 */
export const EXPORT_TABLES = {
  users: {
    columns: [
      'id',
      'email',
      'first_name',
      'last_name',
      'phone',
      'profile_image_url',
      'role',
      'trial_starts_at',
      'trial_ends_at',
      'trial_expired_at',
      'email_verified_at',
      'feedback_alerts',
      'google_review_alerts',
      'google_review_alert_stars',
      'alert_language',
      'alert_channels',
      'whatsapp_alert_phone',
      'whatsapp_alert_verified_at',
      'alert_quiet_hours',
      'weekly_summary',
      'weekly_summary_sent_for',
      'last_seen_at',
      'disabled_at',
      'disabled_reason',
      'created_at',
      'updated_at',
    ],
    json: ['alert_channels', 'alert_quiet_hours'],
    leftOut: {
      'password': 'a password hash: a secret, and says nothing about the person',
      'totp_*': "an operator's second factor: its sealed secret, recovery-code hashes and state are secrets",
      'oidc_subject': "the identity provider's key for the account: it lets a file's holder tie it to a sign-in",
      'external_id': "the identity provider's key for the account: it lets a file's holder tie it to a sign-in",
      'weekly_summary_claimed_at': SEND_CLAIM,
    },
  },
  businesses: {
    columns: [
      'id',
      'user_id',
      'workspace_id',
      'place_id',
      'name',
      'address',
      'rating',
      'review_count',
      'short_url',
      'google_review_url',
      'compliance_mode',
      'language',
      'feedback_alerted_at',
      'disabled_at',
      'disabled_reason',
      'widget_layout',
      'widget_allowed_sites',
      'created_at',
      'updated_at',
    ],
    leftOut: { visit_hook_secret: 'the secret address that creates review requests: a key, not data' },
  },
  /** The alerts the person got (docs/decisions.md D70). */
  member_alerts: {
    columns: [
      'id',
      'user_id',
      'business_id',
      'kind',
      'review_session_id',
      'google_review_id',
      'stars',
      'title',
      'body',
      'url',
      'whatsapp_message',
      'held_until',
      'whatsapp_due_at',
      'push_opened_at',
      'action',
      'action_at',
      'draft',
      'created_at',
    ],
    json: ['whatsapp_message'],
  },
  review_link_aliases: { columns: ['id', 'business_id', 'code', 'created_at'] },
  review_sessions: {
    columns: [
      'id',
      'business_id',
      'rating',
      'feedback',
      'redirected',
      'resolved_at',
      'contact_name',
      'contact_phone',
      'review_request_id',
      'staff_id',
      'alerted_at',
      'language',
      'source',
      'created_at',
    ],
    leftOut: {
      client_fingerprint: "a hash of a customer's device, kept only to spot repeated ratings",
      is_complaint: 'computed from the feedback, which is exported',
      complaint_topics: 'computed from the feedback, which is exported',
      alert_claimed_at: SEND_CLAIM,
    },
  },
  page_views_daily: { columns: ['business_id', 'day', 'views'] },
  widget_views: { columns: ['business_id', 'day', 'views'] },
  google_rating_snapshots: { columns: ['id', 'business_id', 'day', 'rating', 'review_count', 'created_at', 'updated_at'] },
  staff: { columns: ['id', 'business_id', 'name', 'code', 'created_at'] },
  customers: {
    columns: [
      'id',
      'business_id',
      'name',
      'phone',
      'email',
      'language',
      'rated_language',
      'consent_at',
      'opted_out_at',
      'created_at',
      'updated_at',
    ],
    leftOut: { email_without_phone: 'computed from the phone and the email, which are exported' },
  },
  opt_outs: { columns: ['id', 'business_id', 'phone', 'email', 'created_at'] },
  review_requests: {
    columns: [
      'id',
      'business_id',
      'customer_id',
      'staff_id',
      'channel',
      'status',
      'provider_message_id',
      'failure_reason',
      'sent_at',
      'opened_at',
      'rated_at',
      'reminded_at',
      'source',
      'integration_id',
      'send_after',
      'created_at',
      'updated_at',
    ],
    leftOut: {
      token: "the customer's personal link: whoever holds it can rate or opt out as them",
      send_claimed_at: SEND_CLAIM,
      reminder_claimed_at: SEND_CLAIM,
    },
  },
  /** A business's integrations (docs/decisions.md D72) and their events. */
  integrations: {
    columns: [
      'id',
      'business_id',
      'provider',
      'trigger',
      'delay_minutes',
      'channel',
      'min_amount_paise',
      'active',
      'consent_confirmed_at',
      'consent_by_user_id',
      'last_event_at',
      'created_at',
      'updated_at',
    ],
    leftOut: {
      token: "the webhook address's secret: whoever holds it (with the key) can schedule requests",
      signing_secret_encrypted: "the provider's signing key: a secret",
    },
  },
  integration_events: {
    columns: [
      'id',
      'integration_id',
      'received_at',
      'reference',
      'dedupe_key',
      'customer_masked',
      'outcome',
      'reason',
      'review_request_id',
      'send_at',
      'test',
    ],
  },
  billing_profiles: { columns: ['workspace_id', 'user_id', 'legal_name', 'address', 'state_code', 'gstin', 'created_at', 'updated_at'] },
  payments: {
    columns: [
      'id',
      'user_id',
      'workspace_id',
      'paid_by_workspace_id',
      'plan_id',
      'razorpay_order_id',
      'razorpay_payment_id',
      'amount',
      'currency',
      'status',
      'failure_reason',
      'paid_at',
      'created_at',
      'updated_at',
    ],
  },
  refunds: {
    columns: ['id', 'payment_id', 'razorpay_refund_id', 'amount', 'status', 'reason', 'processed_at', 'created_at', 'updated_at'],
  },
  invoices: {
    columns: [
      'id',
      'user_id',
      'workspace_id',
      'number',
      'kind',
      'series',
      'financial_year',
      'sequence',
      'payment_id',
      'refers_to_invoice_id',
      'refund_id',
      'issued_at',
      'seller',
      'buyer',
      'place_of_supply',
      'sac',
      'description',
      'taxable_value',
      'cgst',
      'sgst',
      'igst',
      'total',
      'mailed_at',
      'created_at',
    ],
    leftOut: { mail_claimed_at: SEND_CLAIM },
    json: ['seller', 'buyer'],
  },
  subscriptions: {
    columns: [
      'id',
      'user_id',
      'workspace_id',
      'plan_id',
      'payment_id',
      'status',
      'current_period_start',
      'current_period_end',
      'cancelled_at',
      'reminder_sent_at',
      'created_at',
      'updated_at',
    ],
    leftOut: { reminder_claimed_at: SEND_CLAIM },
  },
  whatsapp_accounts: {
    columns: [
      'id',
      'workspace_id',
      'user_id',
      'waba_id',
      'phone_number_id',
      'display_phone_number',
      'verified_name',
      'quality_rating',
      'messaging_limit',
      'coexistence',
      'disconnected_at',
      'notice_kind',
      'notice_message',
      'notice_at',
      'created_at',
      'updated_at',
    ],
    leftOut: {
      access_token_encrypted: 'the sealed access token of the WhatsApp Business number: a secret',
      pin_encrypted: 'the sealed registration pin of the WhatsApp Business number: a secret',
    },
  },
  contact_messages: {
    columns: ['id', 'user_id', 'name', 'email', 'subject', 'message', 'handled_at', 'created_at'],
    leftOut: { handled_by: 'which of our operators handled it: about our staff, not the owner' },
  },
  auth_access_tokens: {
    columns: ['id', 'name', 'created_at', 'last_used_at', 'expires_at'],
    leftOut: {
      hash: "a token's hash: a secret",
      tokenable_id: 'the account, which is the export itself',
      type: 'the kind of token, the same for every row',
      abilities: 'the same for every row',
      updated_at: 'the last use is last_used_at',
    },
  },
} as const satisfies Record<string, TableExport>

type Table = keyof typeof EXPORT_TABLES

/** Why a column is kept out of the export, or undefined when nothing says it is. */
export function leftOutWhy(table: string, column: string): string | undefined {
  const leftOut: Record<string, string> = (EXPORT_TABLES as Record<string, TableExport>)[table]?.leftOut ?? {}
  const key = Object.keys(leftOut).find((name) => (name.endsWith('*') ? column.startsWith(name.slice(0, -1)) : name === column))
  return key === undefined ? undefined : leftOut[key]
}

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : value)

function clean(table: Table, row: Record<string, unknown>) {
  const json: readonly string[] = (EXPORT_TABLES[table] as TableExport).json ?? []
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, json.includes(key) && typeof value === 'string' ? JSON.parse(value) : iso(value)])
  )
}

/** The table's exported columns only: never `select *`, so nothing unlisted can reach the file. */
const select = (table: Table) => db.from(table).select(...EXPORT_TABLES[table].columns)

/**
 * Everything stored about an owner and their businesses (docs/decisions.md D29, India's DPDP Act 2023), as one
 * JSON document written piece by piece, through the columns of EXPORT_TABLES.
 */
export default class ExportAccount {
  async *chunks(user: User): AsyncGenerator<string> {
    const account = await select('users').where('id', user.id).first()
    yield `{"exportedAt":${JSON.stringify(clock.now().toISO())},"profile":${JSON.stringify(serializeUser(user))},`
    yield `"account":${JSON.stringify(clean('users', account))},`

    // The owner's own tenant: their personal workspace (docs/decisions.md D42); team and agency workspaces are shared.
    const personal = (await Workspace.personalIdOf(user.id)) ?? 0
    const businesses = await select('businesses').where('workspace_id', personal).orderBy('id')
    yield `"businesses":${JSON.stringify(businesses.map((row) => clean('businesses', row)))},`
    const businessIds = businesses.map((row) => row.id as number)

    yield* this.list('reviewLinkAliases', 'review_link_aliases', 'business_id', businessIds)
    yield* this.list('reviewSessions', 'review_sessions', 'business_id', businessIds)
    yield* this.list('staff', 'staff', 'business_id', businessIds)
    yield* this.list('customers', 'customers', 'business_id', businessIds)
    yield* this.list('reviewRequests', 'review_requests', 'business_id', businessIds)
    yield* this.list('optOuts', 'opt_outs', 'business_id', businessIds)
    yield* this.list('integrations', 'integrations', 'business_id', businessIds)
    const integrations = businessIds.length ? await db.from('integrations').whereIn('business_id', businessIds).select('id') : []
    const integrationIds = integrations.map((row) => row.id as number)
    yield* this.list('integrationEvents', 'integration_events', 'integration_id', integrationIds)
    yield* this.list('googleRatingSnapshots', 'google_rating_snapshots', 'business_id', businessIds)
    const pageViews = businessIds.length
      ? await select('page_views_daily').whereIn('business_id', businessIds).orderBy(['business_id', 'day'])
      : []
    yield `"pageViewsDaily":${JSON.stringify(pageViews.map((row) => clean('page_views_daily', row)))},`
    // The website widget's answers per day (docs/decisions.md D49).
    const widgetViews = businessIds.length
      ? await select('widget_views').whereIn('business_id', businessIds).orderBy(['business_id', 'day'])
      : []
    yield `"widgetViewsDaily":${JSON.stringify(widgetViews.map((row) => clean('widget_views', row)))},`

    const billingProfile = await select('billing_profiles').where('workspace_id', personal).first()
    yield `"billingProfile":${JSON.stringify(billingProfile ? clean('billing_profiles', billingProfile) : null)},`
    const payments = await db.from('payments').where('user_id', user.id).select('id')
    const paymentIds = payments.map((row) => row.id as number)
    yield* this.list('payments', 'payments', 'user_id', [user.id])
    yield* this.list('refunds', 'refunds', 'payment_id', paymentIds)
    yield* this.list('invoices', 'invoices', 'user_id', [user.id])
    yield* this.list('subscriptions', 'subscriptions', 'user_id', [user.id])
    const whatsapp = await select('whatsapp_accounts').where('workspace_id', personal).first()
    yield `"whatsappAccount":${JSON.stringify(whatsapp ? clean('whatsapp_accounts', whatsapp) : null)},`
    yield* this.list('contactMessages', 'contact_messages', 'user_id', [user.id])
    yield* this.list('alerts', 'member_alerts', 'user_id', [user.id])
    const devices = await select('auth_access_tokens').where('tokenable_id', user.id).orderBy('id')
    yield `"signedInDevices":${JSON.stringify(devices.map((row) => clean('auth_access_tokens', row)))}}`
  }

  /** `"key":[rows],` of the table's rows whose `column` is one of `values`, read by id in batches per value. */
  private async *list(key: string, table: Table, column: string, values: number[]): AsyncGenerator<string> {
    yield `${JSON.stringify(key)}:[`
    let first = true
    for (const value of values) {
      let after = 0
      for (;;) {
        const rows = await select(table).where(column, value).where('id', '>', after).orderBy('id').limit(BATCH)
        if (rows.length === 0) break
        yield (first ? '' : ',') + rows.map((row) => JSON.stringify(clean(table, row))).join(',')
        first = false
        after = rows[rows.length - 1].id
      }
    }
    yield '],'
  }
}
