/*
 * Renders every error as docs/decisions.md D13's JSON shape: {error, message, errors?}, with the right status and
 * never a stack trace. Unknown failures are logged with the request id and answered with a plain sentence.
 */
import app from '@adonisjs/core/services/app'
import { ExceptionHandler, type HttpContext } from '@adonisjs/core/http'
import { errors as vineErrors } from '@vinejs/vine'
import { errors as authErrors } from '@adonisjs/auth'
import { errors as limiterErrors } from '@adonisjs/limiter'
import { errors as lucidErrors } from '@adonisjs/lucid'
import { errors as bouncerErrors } from '@adonisjs/bouncer'
import { AppException, FieldError } from '#exceptions/app_errors'
import { TOO_MANY_REQUESTS_UNTIMED, tooManyRequestsText } from '#contract/waiting'

interface Rendered {
  status: number
  error: string
  errors?: { field: string; message: string }[]
  extra?: Record<string, unknown>
}

const DB_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'PROTOCOL_CONNECTION_LOST',
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
  'ER_LOCK_WAIT_TIMEOUT',
  'POOL_CLOSED',
  'EHOSTUNREACH',
])

const STATUS_SENTENCES: Record<number, string> = {
  400: 'The request could not be understood.',
  401: 'You must be signed in to do that.',
  403: 'You are not allowed to do that.',
  404: 'Not found.',
  405: 'Method not allowed.',
  409: 'That conflicts with existing data.',
  413: 'The request body is too large.',
  415: 'Unsupported content type.',
  422: 'Some fields are invalid.',
  429: TOO_MANY_REQUESTS_UNTIMED,
  503: 'The service is temporarily unavailable. Please try again shortly.',
}

function render(error: any, ctx: HttpContext): Rendered {
  if (error instanceof vineErrors.E_VALIDATION_ERROR) {
    const errors = (error.messages as { field: string; message: string }[]).map(({ field, message }) => ({
      field,
      message,
    }))
    return { status: 422, error: errors[0]?.message ?? STATUS_SENTENCES[422], errors }
  }
  if (error instanceof FieldError) {
    return { status: 422, error: error.message, errors: [{ field: error.field, message: error.message }] }
  }
  if (error instanceof authErrors.E_UNAUTHORIZED_ACCESS) {
    return { status: 401, error: STATUS_SENTENCES[401] }
  }
  if (error instanceof authErrors.E_INVALID_CREDENTIALS) {
    return { status: 400, error: 'Invalid email or password.' }
  }
  if (error instanceof limiterErrors.E_TOO_MANY_REQUESTS) {
    const retryAfter = error.response.availableIn
    ctx.response.header('Retry-After', String(retryAfter))
    // How long, in words (contract/waiting.ts): "wait a moment" for a 50-minute wait misleads.
    return { status: 429, error: tooManyRequestsText(retryAfter), extra: { retryAfter } }
  }
  // A policy's refusal: its own status and sentence (another owner's row is that row's 404, app/policies).
  if (error instanceof bouncerErrors.E_AUTHORIZATION_FAILURE) {
    const status = error.response.status ?? 403
    return { status, error: error.response.message || STATUS_SENTENCES[status] || STATUS_SENTENCES[403] }
  }
  if (error instanceof lucidErrors.E_ROW_NOT_FOUND) {
    return { status: 404, error: STATUS_SENTENCES[404] }
  }
  if (error?.code === 'E_ROUTE_NOT_FOUND') {
    return { status: 404, error: `No route for ${ctx.request.method()} ${ctx.request.url()}.` }
  }
  // Malformed JSON (a SyntaxError the body parser tags 400) or a JSON scalar body.
  if (error instanceof SyntaxError || error?.message === 'Invalid JSON, only supports object and array') {
    return { status: 400, error: 'The request body is not valid JSON. Send a JSON object.' }
  }
  // The database is unreachable, or knex's pool gave no connection in time (config/database.ts).
  if ((typeof error?.code === 'string' && DB_DOWN_CODES.has(error.code)) || error?.name === 'KnexTimeoutError') {
    return { status: 503, error: STATUS_SENTENCES[503] }
  }
  const status = Number(error?.status)
  if (error instanceof AppException && error.message) {
    return { status, error: error.message, extra: error.extra }
  }
  if (status >= 400 && status < 500) {
    return { status, error: STATUS_SENTENCES[status] ?? STATUS_SENTENCES[400] }
  }
  if (status === 503) {
    return { status, error: STATUS_SENTENCES[503] }
  }
  return { status: 500, error: 'Something went wrong on our side. Please try again.' }
}

export default class HttpExceptionHandler extends ExceptionHandler {
  protected debug = false

  async handle(error: unknown, ctx: HttpContext) {
    const { status, error: sentence, errors, extra } = render(error, ctx)
    return ctx.response.status(status).send({ error: sentence, message: sentence, ...extra, errors })
  }

  async report(error: unknown, ctx: HttpContext) {
    if (app.inTest) return
    const status = Number((error as any)?.status)
    if (status >= 400 && status < 500) return
    // Our own 503s (a dependency or configuration is missing) were logged where they arose.
    if (error instanceof AppException) ctx.logger.warn({ status, message: error.message }, 'request refused')
    else ctx.logger.error({ err: error }, 'request failed')
  }
}
