/*
 * The optional hosted identity provider (the spec's). Tokens are verified locally against its JWKS (cached by
 * jose), so signing in never waits on the provider; profiles are fetched only by the sync-user job.
 */
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose'
import logger from '@adonisjs/core/services/logger'
import identityConfig from '#config/identity'

export interface ExternalClaims extends JWTPayload {
  sub: string
  azp?: string
  email?: string
  email_verified?: boolean
  given_name?: string
  family_name?: string
  first_name?: string
  last_name?: string
  picture?: string
  image_url?: string
}

export interface ExternalProfile {
  email: string | null
  firstName: string | null
  lastName: string | null
  imageUrl: string | null
}

type IdentityConfig = typeof identityConfig

export class IdentityProvider {
  #jwks: ReturnType<typeof createRemoteJWKSet> | null = null

  constructor(private config: IdentityConfig = identityConfig) {}

  get isConfigured() {
    return Boolean(this.config.issuer && this.config.jwksUrl)
  }

  get canFetchProfiles() {
    return Boolean(this.config.apiUrl && this.config.apiSecret)
  }

  /** RS256 signature, `iss`, `exp`, `nbf`, and `azp` when the token has one and an allow list is set. */
  async verify(token: string): Promise<ExternalClaims> {
    if (!this.isConfigured) throw new Error('identity provider not configured')
    this.#jwks ??= createRemoteJWKSet(new URL(this.config.jwksUrl), { timeoutDuration: 3000, cooldownDuration: 30_000 })
    const { payload } = await jwtVerify(token, this.#jwks, {
      issuer: this.config.issuer,
      algorithms: ['RS256'],
      requiredClaims: ['sub', 'exp'],
      clockTolerance: 5,
    })
    const { azp } = payload as ExternalClaims
    if (azp !== undefined && this.config.authorizedParties.length > 0 && !this.config.authorizedParties.includes(azp)) {
      throw new Error(`azp ${azp} is not allowed`)
    }
    return payload as ExternalClaims
  }

  /** GET {api}/users/{id} in Clerk's Backend API format; null when the user is unknown there. */
  async fetchProfile(externalId: string): Promise<ExternalProfile | null> {
    const response = await fetch(new URL(`users/${encodeURIComponent(externalId)}`, this.config.apiUrl.replace(/\/?$/, '/')), {
      headers: { Authorization: `Bearer ${this.config.apiSecret}` },
      signal: AbortSignal.timeout(5000),
    })
    if (response.status === 404) return null
    if (!response.ok) {
      logger.warn({ status: response.status }, 'identity provider profile fetch failed')
      throw new Error(`identity provider answered ${response.status}`)
    }
    const body = (await response.json()) as {
      first_name?: string | null
      last_name?: string | null
      image_url?: string | null
      primary_email_address_id?: string | null
      email_addresses?: { id: string; email_address: string }[]
    }
    const primary = body.email_addresses?.find((address) => address.id === body.primary_email_address_id) ?? body.email_addresses?.[0]
    return {
      email: primary?.email_address?.toLowerCase() ?? null,
      firstName: body.first_name ?? null,
      lastName: body.last_name ?? null,
      imageUrl: body.image_url ?? null,
    }
  }
}
