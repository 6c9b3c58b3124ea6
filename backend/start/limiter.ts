/*
 * Every rate limit in one place (docs/decisions.md D1, D5, D22). Limits fail open: if the limiter's store (Redis) is down,
 * the request goes on and a warning is logged, so customers can still leave reviews (docs/decisions.md D5).
 */
import limiter from '@adonisjs/limiter/services/main'
import logger from '@adonisjs/core/services/logger'
import { errors } from '@adonisjs/limiter'
import { normalizeEmail } from '#lib/email'
import { INVITATION_LIMITS, NEW_WORKSPACE_LIMITS } from '#contract/workspace_names'
import { clientIp } from '#web/client_ip'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

type Middleware = (ctx: HttpContext, next: NextFn) => Promise<unknown>

function failOpen(name: string, middleware: Middleware): Middleware {
  return async (ctx, next) => {
    let passed = false
    try {
      return await middleware(ctx, () => {
        passed = true
        return next()
      })
    } catch (error) {
      if (passed || error instanceof errors.E_TOO_MANY_REQUESTS) throw error
      ctx.logger.warn({ err: error, limiter: name }, 'rate limiter unavailable; request allowed')
      return next()
    }
  }
}

export const loginByIp = failOpen(
  'login_ip',
  limiter.define('login_ip', (ctx) => limiter.allowRequests(20).every('1 minute').usingKey(clientIp(ctx)))
)

/**
 * Failed sign-ins per account (`key`: the SignIn action's account key): 10 in 10 minutes block it for 10
 * minutes; a successful sign-in clears the count. Fails open like the others.
 */
export async function penalizeLoginFailures<T>(key: string, attempt: () => Promise<T>): Promise<T> {
  const failures = limiter.use({ requests: 10, duration: '10 minutes', blockDuration: '10 minutes' })
  let attempted = false
  let result: Awaited<ReturnType<typeof failures.penalize<T>>>
  try {
    result = await failures.penalize(`login_${key}`, () => {
      attempted = true
      return attempt()
    })
  } catch (error) {
    // The attempt's own error (wrong password) passes through; a store failure before it fails open.
    if (attempted || error instanceof errors.E_TOO_MANY_REQUESTS) throw error
    logger.warn({ err: error, limiter: 'login_account' }, 'rate limiter unavailable; sign-in allowed')
    return attempt()
  }
  const [throttled, value] = result
  if (throttled) throw throttled
  return value
}
export const registerThrottle = failOpen(
  'register',
  limiter.define('register', (ctx) => limiter.allowRequests(10).every('1 hour').usingKey(clientIp(ctx)))
)
export const searchThrottle = failOpen(
  'search',
  limiter.define('search', (ctx) =>
    limiter
      .allowRequests(60)
      .every('1 minute')
      .usingKey(ctx.auth.user?.id ? `u${ctx.auth.user.id}` : clientIp(ctx))
  )
)
export const contactThrottle = failOpen(
  'contact',
  limiter.define('contact', (ctx) => limiter.allowRequests(5).every('1 hour').usingKey(clientIp(ctx)))
)

/** Purchase attempts per owner (docs/decisions.md D9): each opens a Razorpay order. */
export const purchaseThrottle = failOpen(
  'purchase',
  limiter.define('purchase', (ctx) =>
    limiter
      .allowRequests(5)
      .every('1 minute')
      .usingKey(`u${ctx.auth.user?.id ?? clientIp(ctx)}`)
  )
)

/** The normalised address of the body's `email` (as the account is looked up), or '' when there is none. */
const bodyEmail = (ctx: HttpContext) => {
  const email = ctx.request.input('email')
  return typeof email === 'string' ? normalizeEmail(email).slice(0, 254) : ''
}

/** Password reset mails (docs/decisions.md D29): per address and per IP, so nobody floods an inbox or probes many. */
export const forgotPasswordByEmail = failOpen(
  'forgot_password_email',
  limiter.define('forgot_password_email', (ctx) => limiter.allowRequests(3).every('15 minutes').usingKey(bodyEmail(ctx)))
)
export const forgotPasswordByIp = failOpen(
  'forgot_password_ip',
  limiter.define('forgot_password_ip', (ctx) => limiter.allowRequests(10).every('15 minutes').usingKey(clientIp(ctx)))
)
/** Reset and verify attempts per IP: the tokens cannot be guessed, this only bounds the work of trying. */
export const accountLinkByIp = failOpen(
  'account_link_ip',
  limiter.define('account_link_ip', (ctx) => limiter.allowRequests(20).every('15 minutes').usingKey(clientIp(ctx)))
)
/** Verification mails per owner. */
export const resendVerificationThrottle = failOpen(
  'resend_verification',
  limiter.define('resend_verification', (ctx) =>
    limiter
      .allowRequests(3)
      .every('15 minutes')
      .usingKey(`u${ctx.auth.user?.id ?? clientIp(ctx)}`)
  )
)
/** Email-change attempts per owner: each success mails an address the owner typed (and a notice to theirs). */
export const changeEmailThrottle = failOpen(
  'change_email',
  limiter.define('change_email', (ctx) =>
    limiter
      .allowRequests(10)
      .every('15 minutes')
      .usingKey(`u${ctx.auth.user?.id ?? clientIp(ctx)}`)
  )
)
/** "Send a test message to me": a few an hour per account, never a way to message strangers. */
export const testMessageThrottle = failOpen(
  'test_message',
  limiter.define('test_message', (ctx) =>
    limiter
      .allowRequests(10)
      .every('1 hour')
      .usingKey(`u${ctx.auth.user?.id ?? clientIp(ctx)}`)
  )
)
/** An integration's webhook address: a busy shop's orders, never a flood (docs/decisions.md D72). */
export const integrationHookThrottle = failOpen(
  'integration_hook',
  limiter.define('integration_hook', (ctx) => limiter.allowRequests(600).every('1 minute').usingKey(String(ctx.params.token).slice(0, 64)))
)
/** "Send a test event": a few an hour per account, each may send a request to the member. */
export const integrationTestThrottle = failOpen(
  'integration_test',
  limiter.define('integration_test', (ctx) =>
    limiter
      .allowRequests(20)
      .every('1 hour')
      .usingKey(`u${ctx.auth.user?.id ?? clientIp(ctx)}`)
  )
)
/** WhatsApp alert codes per account: each sends a message to a number the person typed (docs/decisions.md D69). */
export const whatsappAlertCodeThrottle = failOpen(
  'whatsapp_alert_code',
  limiter.define('whatsapp_alert_code', (ctx) =>
    limiter
      .allowRequests(5)
      .every('1 hour')
      .usingKey(`u${ctx.auth.user?.id ?? clientIp(ctx)}`)
  )
)
/** Opened push notifications per IP: the tokens cannot be guessed, this only bounds the work of trying. */
export const alertOpenedByIp = failOpen(
  'alert_opened_ip',
  limiter.define('alert_opened_ip', (ctx) => limiter.allowRequests(120).every('15 minutes').usingKey(clientIp(ctx)))
)
/** Operator TOTP codes per account: 10 tries in 15 minutes, so six digits cannot be guessed. */
export const twoFactorThrottle = failOpen(
  'two_factor',
  limiter.define('two_factor', (ctx) =>
    limiter
      .allowRequests(10)
      .every('15 minutes')
      .usingKey(`u${ctx.auth.user?.id ?? clientIp(ctx)}`)
  )
)
/**
 * Invitations (docs/decisions.md D56): per inviting account an hour, and per invited address a day, so nobody sends
 * a stream of our mails to strangers or floods one inbox from many accounts.
 */
export const invitationByAccount = failOpen(
  'invitation_account',
  limiter.define('invitation_account', (ctx) =>
    limiter
      .allowRequests(INVITATION_LIMITS.perAccount)
      .every('1 hour')
      .usingKey(`u${ctx.auth.user?.id ?? clientIp(ctx)}`)
  )
)
export const invitationByAddress = failOpen(
  'invitation_address',
  limiter.define('invitation_address', (ctx) => {
    const email = bodyEmail(ctx)
    return email ? limiter.allowRequests(INVITATION_LIMITS.perAddress).every('1 day').usingKey(email) : limiter.noLimit()
  })
)
/** New workspaces, agencies and clients (docs/decisions.md D56): per account and per network address, an hour. */
export const newWorkspaceByAccount = failOpen(
  'new_workspace_account',
  limiter.define('new_workspace_account', (ctx) =>
    limiter
      .allowRequests(NEW_WORKSPACE_LIMITS.perAccount)
      .every('1 hour')
      .usingKey(`u${ctx.auth.user?.id ?? clientIp(ctx)}`)
  )
)
export const newWorkspaceByIp = failOpen(
  'new_workspace_ip',
  limiter.define('new_workspace_ip', (ctx) =>
    limiter.allowRequests(NEW_WORKSPACE_LIMITS.perAddress).every('1 hour').usingKey(clientIp(ctx))
  )
)
/** After-visit hook calls per business address: a busy shop's till, never a flood. */
export const visitHookThrottle = failOpen(
  'visit_hook',
  limiter.define('visit_hook', (ctx) => limiter.allowRequests(120).every('1 minute').usingKey(String(ctx.params.secret).slice(0, 64)))
)

const googleRatingRefresh = () => limiter.use({ requests: 1, duration: '10 minutes' })

/**
 * Refreshing a business's Google figures (docs/decisions.md D35): once per 10 minutes per business, since each
 * refresh is a paid Place Details call. Called by the controller once the business is known to be the caller's,
 * so another owner gets the 404 and never a 429 that says the business exists. Resolves to the seconds left to
 * wait, 0 when the refresh may go ahead (also when the store is down: fails open like the others).
 */
export async function googleRatingRefreshWait(businessId: number): Promise<number> {
  try {
    await googleRatingRefresh().consume(`google_rating_refresh_${businessId}`)
    return 0
  } catch (error) {
    if (error instanceof errors.E_TOO_MANY_REQUESTS) return Math.max(1, error.response.availableIn)
    logger.warn({ err: error, limiter: 'google_rating_refresh' }, 'rate limiter unavailable; refresh allowed')
    return 0
  }
}

/** A refresh that Google failed gives its turn back, so the owner may try again at once. */
export async function releaseGoogleRatingRefresh(businessId: number) {
  await googleRatingRefresh()
    .delete(`google_rating_refresh_${businessId}`)
    .catch((error) => logger.warn({ err: error, limiter: 'google_rating_refresh' }, 'could not release a refresh'))
}

const replyDrafts = () => limiter.use({ requests: 30, duration: '1 hour' })

/**
 * AI reply drafts (docs/decisions.md D46): 30 an hour per workspace, since each is a paid model call. Called by the
 * controller once the review is known to be the member's, so another workspace's review is a 404 and never a 429.
 * Resolves to the seconds left to wait, 0 when the draft may go ahead (also when the store is down).
 */
export async function replyDraftWait(workspaceId: number): Promise<number> {
  try {
    await replyDrafts().consume(`reply_draft_${workspaceId}`)
    return 0
  } catch (error) {
    if (error instanceof errors.E_TOO_MANY_REQUESTS) return Math.max(1, error.response.availableIn)
    logger.warn({ err: error, limiter: 'reply_draft' }, 'rate limiter unavailable; draft allowed')
    return 0
  }
}

/** A draft the AI API failed gives its turn back. */
export async function releaseReplyDraft(workspaceId: number) {
  await replyDrafts()
    .decrement(`reply_draft_${workspaceId}`)
    .then(() => undefined)
    .catch((error) => logger.warn({ err: error, limiter: 'reply_draft' }, 'could not release a draft'))
}
