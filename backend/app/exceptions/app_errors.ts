/*
 * Exceptions that carry their own status and sentence. The handler renders them as docs/decisions.md D13's JSON shape.
 */
import { Exception } from '@adonisjs/core/exceptions'

/** Our own exceptions: their message is written for the client; `extra` fields go into the JSON body. */
export class AppException extends Exception {
  constructor(
    message?: string,
    readonly extra: Record<string, unknown> = {}
  ) {
    super(message)
  }
}

export class NotFoundError extends AppException {
  static status = 404
  static code = 'E_NOT_FOUND'
  constructor(message = 'Not found') {
    super(message)
  }
}

export class ConflictError extends AppException {
  static status = 409
  static code = 'E_CONFLICT'
}

export class BadRequestError extends AppException {
  static status = 400
  static code = 'E_BAD_REQUEST'
}

/**
 * 403 with a sentence, for a rule about who may do something that is not a role: an invitation for another (or an
 * unconfirmed) address, an agency's member leaving a client workspace. A role's refusal comes from the policies.
 */
export class ForbiddenError extends AppException {
  static status = 403
  static code = 'E_FORBIDDEN'
}

/** A plan limit: the client shows the message and an upgrade button. */
export class UpgradeRequiredError extends AppException {
  static status = 403
  static code = 'E_UPGRADE_REQUIRED'
  constructor(message: string) {
    super(message, { upgrade: true })
  }
}

/** A dependency (database, Redis, Google) cannot answer right now. */
export class ServiceUnavailableError extends AppException {
  static status = 503
  static code = 'E_SERVICE_UNAVAILABLE'
}

/** 503: a feature this server was not given the keys for (docs/decisions.md D59); `code` names it, for the clients. */
export class NotConfiguredError extends ServiceUnavailableError {
  constructor(message: string, code: string) {
    super(message, { code })
  }
}

/** 422 for a rule a validator cannot express (e.g. a reserved short URL), with a field message. */
export class FieldError extends AppException {
  static status = 422
  static code = 'E_VALIDATION_ERROR'
  constructor(
    readonly field: string,
    message: string
  ) {
    super(message)
  }
}

export class PayloadTooLargeError extends AppException {
  static status = 413
  static code = 'E_REQUEST_ENTITY_TOO_LARGE'
}

/** 403: an operator disabled this account (docs/decisions.md D34). */
export class AccountDisabledError extends AppException {
  static status = 403
  static code = 'E_ACCOUNT_DISABLED'
  constructor() {
    super('This account is disabled. Please write to us through the contact page.')
  }
}

/** 423: an operator paused this review link (docs/decisions.md D34); the customer page says so politely. */
export class LinkPausedError extends AppException {
  static status = 423
  static code = 'E_LINK_PAUSED'
  constructor() {
    super('This review link is paused.')
  }
}

/** 429 with our own sentence and `retryAfter` seconds (the caller sets the Retry-After header). */
export class TooManyRequestsError extends AppException {
  static status = 429
  static code = 'E_TOO_MANY_REQUESTS'
  constructor(message: string, retryAfter: number) {
    super(message, { retryAfter })
  }
}
