/*
 * Google Business Profile (docs/decisions.md D43): the OAuth 2.0 authorization code flow with PKCE, access token
 * refresh and revocation, and the Account Management and Business Information reads.
 *
 * The token calls are plain fetch rather than openid-client: these are OAuth 2.0 endpoints (no discovery, no ID
 * token to check: the email comes from the token endpoint's own answer over TLS), their URLs are configurable one
 * by one, and a stub on loopback stands in for them in tests; wrapping them in an OIDC client's configuration would
 * take more code than the three requests themselves.
 */
import { createHash, randomBytes } from 'node:crypto'
import googleConfig from '#config/google'

export type GoogleConfig = typeof googleConfig

export const BUSINESS_MANAGE_SCOPE = 'https://www.googleapis.com/auth/business.manage'
/** `email` only so the connection can say which Google account it is; nothing else of the person is read. */
export const GOOGLE_SCOPES = [BUSINESS_MANAGE_SCOPE, 'email']

const GOOGLE_HOSTS = {
  accounts: 'https://mybusinessaccountmanagement.googleapis.com',
  locations: 'https://mybusinessbusinessinformation.googleapis.com',
  reviews: 'https://mybusiness.googleapis.com',
} as const

export const LOCATION_READ_MASK = 'name,title,storefrontAddress,metadata'
/** Pages read at most per list: far beyond any real profile, and a stop for a service that never ends its pages. */
const MAX_PAGES = 50

/** Google refused or could not answer; `kind` says what the API tells the dashboard. */
export class GoogleApiError extends Error {
  constructor(
    readonly kind: 'quota' | 'unavailable' | 'unauthorized' | 'refused',
    readonly status: number,
    message: string
  ) {
    super(message)
  }
}

/** The refresh token no longer works (revoked, expired, password changed): the connection has to be made again. */
export class GoogleGrantError extends Error {}

export interface GoogleTokens {
  accessToken: string
  expiresIn: number
  refreshToken: string | null
  email: string | null
}

export interface GoogleAccount {
  name: string
  accountName: string | null
  type: string | null
}

export interface GoogleLocation {
  /** accounts/{a}/locations/{l} */
  name: string
  title: string
  address: string | null
  placeId: string | null
}

interface RawLocation {
  name?: string
  title?: string
  storefrontAddress?: { addressLines?: string[]; locality?: string; administrativeArea?: string; postalCode?: string }
  metadata?: { placeId?: string }
}

/** A PKCE verifier and its S256 challenge (RFC 7636). */
export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url')
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') }
}

/** The email claim of an ID token received straight from the token endpoint (TLS vouches for it). */
function emailOf(idToken: unknown): string | null {
  if (typeof idToken !== 'string') return null
  try {
    const payload = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString()) as { email?: unknown }
    return typeof payload.email === 'string' ? payload.email : null
  } catch {
    return null
  }
}

function addressOf(address: RawLocation['storefrontAddress']): string | null {
  if (!address) return null
  const parts = [...(address.addressLines ?? []), address.locality, address.administrativeArea, address.postalCode]
  const text = parts.filter((part) => typeof part === 'string' && part.trim() !== '').join(', ')
  return text === '' ? null : text.slice(0, 500)
}

export class BusinessProfile {
  constructor(private config: GoogleConfig = googleConfig) {}

  get isConfigured() {
    return Boolean(this.config.clientId)
  }

  /** Where the browser goes to grant access: offline (a refresh token) and consent (always a new one). */
  authorizationUrl(state: string, challenge: string) {
    const url = new URL(this.config.authorizeUrl)
    url.search = new URLSearchParams({
      client_id: this.config.clientId,
      redirect_uri: this.config.redirectUri,
      response_type: 'code',
      scope: GOOGLE_SCOPES.join(' '),
      access_type: 'offline',
      prompt: 'consent',
      include_granted_scopes: 'true',
      state,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    }).toString()
    return url
  }

  exchangeCode(code: string, verifier: string) {
    return this.token({ grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: this.config.redirectUri })
  }

  refresh(refreshToken: string) {
    return this.token({ grant_type: 'refresh_token', refresh_token: refreshToken })
  }

  /** Best effort: a failure is the caller's to log, never to stop forgetting the connection. */
  async revoke(token: string) {
    const response = await this.fetch(this.config.revokeUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token }).toString(),
    })
    return response.ok
  }

  async listAccounts(accessToken: string): Promise<GoogleAccount[]> {
    const pages = await this.pages<{ accounts?: { name?: string; accountName?: string; type?: string }[] }>(
      this.apiUrl('accounts', '/v1/accounts'),
      accessToken
    )
    return pages.flatMap((page) =>
      (page.accounts ?? []).flatMap((account) =>
        typeof account.name === 'string'
          ? [{ name: account.name, accountName: account.accountName ?? null, type: account.type ?? null }]
          : []
      )
    )
  }

  /** The account's locations; Business Information names them `locations/{id}`, returned as `accounts/{a}/locations/{id}`. */
  async listLocations(accessToken: string, account: string): Promise<GoogleLocation[]> {
    const url = this.apiUrl('locations', `/v1/${account}/locations`)
    url.searchParams.set('readMask', LOCATION_READ_MASK)
    url.searchParams.set('pageSize', '100')
    const pages = await this.pages<{ locations?: RawLocation[] }>(url, accessToken)
    return pages.flatMap((page) =>
      (page.locations ?? []).flatMap((location) => {
        const id = location.name?.match(/^locations\/([^/]+)$/)?.[1]
        if (!id) return []
        return [
          {
            name: `${account}/locations/${id}`,
            title: (location.title ?? '').slice(0, 255) || `Location ${id}`,
            address: addressOf(location.storefrontAddress),
            placeId: location.metadata?.placeId || null,
          },
        ]
      })
    )
  }

  /** A Business Profile URL: Google's host for the API, or the one configured base for all. */
  apiUrl(api: keyof typeof GOOGLE_HOSTS, path: string) {
    return new URL(path, this.config.apiBaseUrl || GOOGLE_HOSTS[api])
  }

  private async pages<T extends object>(url: URL, accessToken: string): Promise<T[]> {
    const pages: T[] = []
    let pageToken: string | undefined
    for (let page = 0; page < MAX_PAGES; page++) {
      if (pageToken) url.searchParams.set('pageToken', pageToken)
      const response = await this.fetch(url, { headers: { authorization: `Bearer ${accessToken}` } })
      if (!response.ok) throw await this.apiError(response)
      const body = (await response.json()) as T & { nextPageToken?: string }
      pages.push(body)
      pageToken = typeof body.nextPageToken === 'string' && body.nextPageToken !== '' ? body.nextPageToken : undefined
      if (!pageToken) break
    }
    return pages
  }

  private async token(params: Record<string, string>): Promise<GoogleTokens> {
    const response = await this.fetch(this.config.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept': 'application/json' },
      body: new URLSearchParams({ ...params, client_id: this.config.clientId, client_secret: this.config.clientSecret }).toString(),
    })
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>
    if (response.status === 400 && body.error === 'invalid_grant')
      throw new GoogleGrantError(String(body.error_description ?? 'invalid_grant'))
    if (!response.ok || typeof body.access_token !== 'string') throw await this.apiError(response, body)
    return {
      accessToken: body.access_token,
      expiresIn: typeof body.expires_in === 'number' ? body.expires_in : 3600,
      refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : null,
      email: emailOf(body.id_token),
    }
  }

  private async apiError(response: Response, read?: Record<string, unknown>) {
    const body = read ?? ((await response.json().catch(() => ({}))) as Record<string, unknown>)
    const error = body.error as { message?: unknown } | string | undefined
    const detail = typeof error === 'object' && typeof error?.message === 'string' ? error.message : String(error ?? response.statusText)
    const message = `Google answered ${response.status}: ${detail}`
    if (response.status === 429) return new GoogleApiError('quota', 429, message)
    if (response.status >= 500) return new GoogleApiError('unavailable', response.status, message)
    if (response.status === 401) return new GoogleApiError('unauthorized', 401, message)
    return new GoogleApiError('refused', response.status, message)
  }

  private async fetch(url: URL | string, init: RequestInit) {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(this.config.timeoutMs) })
    } catch (error) {
      throw new GoogleApiError('unavailable', 0, `Google could not be reached: ${(error as Error).message}`)
    }
  }
}
