/*
 * Google Business Profile (docs/decisions.md D43): the OAuth 2.0 authorization code flow with PKCE, access token
 * refresh and revocation, and the Account Management and Business Information reads.
 *
 * The token calls are plain fetch rather than openid-client: these are OAuth 2.0 endpoints (no discovery, no ID
 * token to check: the email comes from the token endpoint's own answer over TLS), their URLs are configurable one
 * by one, and a stub on loopback stands in for them in tests; wrapping them in an OIDC client's configuration would
 * take more code than the three requests themselves.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
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
export class GoogleGrantError extends Error {
  /** Set by whoever marked the connection lost: true for the one call that found it working (it tells the owners). */
  firstLoss = false
}

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

/** A review as Google's v4 API gives it (docs/decisions.md D44), its fields checked. */
export interface GoogleReviewData {
  /** accounts/{a}/locations/{l}/reviews/{r} */
  name: string
  reviewerName: string | null
  reviewerPhotoUrl: string | null
  reviewerAnonymous: boolean
  /** 1-5; 0 when Google says STAR_RATING_UNSPECIFIED. */
  stars: number
  comment: string | null
  createTime: Date
  updateTime: Date
  replyComment: string | null
  replyUpdateTime: Date | null
}

export interface GoogleReviewPage {
  reviews: GoogleReviewData[]
  averageRating: number | null
  totalReviewCount: number | null
  nextPageToken: string | null
}

/** Reviews asked per page: the v4 API's maximum. */
export const REVIEW_PAGE_SIZE = 50

const STARS: Record<string, number> = { ONE: 1, TWO: 2, THREE: 3, FOUR: 4, FIVE: 5 }

interface RawReview {
  name?: unknown
  reviewId?: unknown
  reviewer?: { displayName?: unknown; profilePhotoUrl?: unknown; isAnonymous?: unknown }
  starRating?: unknown
  comment?: unknown
  createTime?: unknown
  updateTime?: unknown
  reviewReply?: { comment?: unknown; updateTime?: unknown }
}

const textOf = (value: unknown, max: number) => (typeof value === 'string' && value !== '' ? value.slice(0, max) : null)
function timeOf(value: unknown) {
  if (typeof value !== 'string') return null
  const time = new Date(value)
  return Number.isNaN(time.getTime()) ? null : time
}

/** One review of `location`, or null when Google's answer lacks what every review has (its name and times). */
export function parseReview(raw: RawReview, location: string): GoogleReviewData | null {
  const name =
    typeof raw.name === 'string' && raw.name.startsWith(`${location}/reviews/`)
      ? raw.name
      : typeof raw.reviewId === 'string' && /^[^/]+$/.test(raw.reviewId)
        ? `${location}/reviews/${raw.reviewId}`
        : null
  const createTime = timeOf(raw.createTime)
  const updateTime = timeOf(raw.updateTime) ?? createTime
  if (!name || name.length > 255 || !createTime || !updateTime) return null
  const reply = raw.reviewReply && typeof raw.reviewReply === 'object' ? raw.reviewReply : null
  return {
    name,
    reviewerName: textOf(raw.reviewer?.displayName, 255),
    reviewerPhotoUrl: textOf(raw.reviewer?.profilePhotoUrl, 1000),
    reviewerAnonymous: raw.reviewer?.isAnonymous === true,
    stars: STARS[String(raw.starRating)] ?? 0,
    comment: typeof raw.comment === 'string' ? raw.comment : null,
    createTime,
    updateTime,
    replyComment: reply && typeof reply.comment === 'string' ? reply.comment : null,
    replyUpdateTime: reply ? timeOf(reply.updateTime) : null,
  }
}

/** accounts/{a}/locations/{l} of a review's name, or null when it is not one. */
export function locationOfReview(reviewName: string) {
  return reviewName.match(/^(accounts\/[^/]+\/locations\/[^/]+)\/reviews\/[^/]+$/)?.[1] ?? null
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

  /** Whether a Pub/Sub push came to the secret address (never when no token is set). */
  acceptsPush(token: unknown) {
    const expected = this.config.pubsubToken
    if (!expected || typeof token !== 'string') return false
    const a = createHash('sha256').update(token).digest()
    const b = createHash('sha256').update(expected).digest()
    return timingSafeEqual(a, b)
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

  /**
   * One page of a location's reviews (v4 `accounts/{a}/locations/{l}/reviews`), 50 at a time; newest change first
   * for the incremental sync.
   */
  async reviewPage(
    accessToken: string,
    location: string,
    { pageToken, newestFirst = false }: { pageToken?: string | null; newestFirst?: boolean } = {}
  ): Promise<GoogleReviewPage> {
    const url = this.apiUrl('reviews', `/v4/${location}/reviews`)
    url.searchParams.set('pageSize', String(REVIEW_PAGE_SIZE))
    if (newestFirst) url.searchParams.set('orderBy', 'updateTime desc')
    if (pageToken) url.searchParams.set('pageToken', pageToken)
    const response = await this.fetch(url, { headers: { authorization: `Bearer ${accessToken}` } })
    if (!response.ok) throw await this.apiError(response)
    const body = (await response.json().catch(() => ({}))) as {
      reviews?: unknown
      averageRating?: unknown
      totalReviewCount?: unknown
      nextPageToken?: unknown
    }
    const raw = Array.isArray(body.reviews) ? (body.reviews as RawReview[]) : []
    return {
      reviews: raw.flatMap((review) => (review && typeof review === 'object' ? (parseReview(review, location) ?? []) : [])),
      averageRating: typeof body.averageRating === 'number' ? body.averageRating : null,
      totalReviewCount: typeof body.totalReviewCount === 'number' ? body.totalReviewCount : null,
      nextPageToken: typeof body.nextPageToken === 'string' && body.nextPageToken !== '' ? body.nextPageToken : null,
    }
  }

  /** One review (v4 `GET accounts/{a}/locations/{l}/reviews/{r}`); null when Google no longer has it (404). */
  async review(accessToken: string, reviewName: string): Promise<GoogleReviewData | null> {
    const location = locationOfReview(reviewName)
    if (!location) return null
    const response = await this.fetch(this.apiUrl('reviews', `/v4/${reviewName}`), { headers: { authorization: `Bearer ${accessToken}` } })
    if (response.status === 404) return null
    if (!response.ok) throw await this.apiError(response)
    const body = (await response.json().catch(() => null)) as RawReview | null
    return body && typeof body === 'object' ? parseReview(body, location) : null
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
