/*
 * Answers every front end meets: the error body of every 4xx and 5xx, the health check, the visitor's rough place,
 * and the site's contact form.
 */
import type { Infer } from '@vinejs/vine/types'
import type { contactValidator } from '#validators/contact'
import type { TwoFactorStep } from './admin.js'

export type ContactRequest = Infer<typeof contactValidator>

export interface ApiErrorBody {
  error: string
  message: string
  errors?: { field: string; message: string }[]
  upgrade?: boolean
  title?: string
  retryAfter?: number
  /** `POST /api/auth/verify-email` with a spent link whose address is confirmed: the page says so instead of failing. */
  alreadyVerified?: boolean
  /** `E_WORKSPACE_ACCESS_ENDED`: a 404 for a workspace the user was removed from (docs/decisions.md D56). */
  code?: string
  /** With that code: the workspace they no longer have. */
  workspace?: { id: number; name: string }
  /** `E_TWO_FACTOR_REQUIRED`: the 403 of an operator route before this token passed the TOTP step (docs/decisions.md D34). */
  twoFactor?: TwoFactorStep
}

export interface GeoDto {
  city: string | null
  country: string | null
}

/** `POST /api/contact` */
export interface ContactResponse {
  success: true
  id: number
  title: string
  detail: string
}

/** `GET /api/health`: 200 when both answer; 503 with `status: 'unavailable'` and the error sentence naming what is down. */
export interface HealthResponse {
  status: 'ok' | 'unavailable'
  mysql: 'up' | 'down'
  redis: 'up' | 'down'
}
