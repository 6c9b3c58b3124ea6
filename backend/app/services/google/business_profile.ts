/*
 * Google Business Profile (docs/decisions.md D43): the OAuth 2.0 grant (on openid-client, in google_oauth.ts), and
 * the Account Management, Business Information and v4 reviews calls with their answers checked.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import googleConfig from '#config/google'
import { GoogleOAuth, oauthFailure, type GoogleTokens } from '#services/google/google_oauth'

export { pkcePair, type GoogleTokens } from '#services/google/google_oauth'

export type GoogleConfig = typeof googleConfig

export const BUSINESS_MANAGE_SCOPE = 'https://www.googleapis.com/auth/business.manage'
/** `email` only so the connection can say which Google account it is; nothing else of the person is read. */
export const GOOGLE_SCOPES = [BUSINESS_MANAGE_SCOPE, 'email']

const GOOGLE_HOSTS = {
  accounts: 'https://mybusinessaccountmanagement.googleapis.com',
  locations: 'https://mybusinessbusinessinformation.googleapis.com',
  reviews: 'https://mybusiness.googleapis.com',
  notifications: 'https://mybusinessnotifications.googleapis.com',
} as const

/** The notifications an account's Pub/Sub topic gets: the push endpoint reads these two (docs/decisions.md D44). */
export const REVIEW_NOTIFICATION_TYPES = ['NEW_REVIEW', 'UPDATED_REVIEW']

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

/**
 * The refresh token no longer works (revoked, expired, password changed): the connection has to be made again
 * (profile_access.ts marks it lost and says so with GoogleConnectionLost).
 */
export class GoogleGrantError extends Error {}

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

/** The owner's reply as Google stored it. */
export interface GoogleReplyData {
  comment: string
  updateTime: Date | null
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

function addressOf(address: RawLocation['storefrontAddress']): string | null {
  if (!address) return null
  const parts = [...(address.addressLines ?? []), address.locality, address.administrativeArea, address.postalCode]
  const text = parts.filter((part) => typeof part === 'string' && part.trim() !== '').join(', ')
  return text === '' ? null : text.slice(0, 500)
}

export class BusinessProfile {
  private oauth: GoogleOAuth

  constructor(private config: GoogleConfig = googleConfig) {
    this.oauth = new GoogleOAuth(config, GOOGLE_SCOPES)
  }

  get isConfigured() {
    return Boolean(this.config.clientId)
  }

  /** The Pub/Sub topic new connections' accounts publish review notifications to; null: none (push off). */
  get pushTopic() {
    return this.config.pubsubToken && this.config.pubsubTopic ? this.config.pubsubTopic : null
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
    return this.oauth.authorizationUrl(state, challenge)
  }

  exchangeCode(code: string, state: string, verifier: string) {
    return this.tokenCall(() => this.oauth.exchangeCode(code, state, verifier))
  }

  refresh(refreshToken: string) {
    return this.tokenCall(() => this.oauth.refresh(refreshToken))
  }

  /** Throws when Google could not be asked or refused (the caller forgets the connection anyway). */
  revoke(token: string) {
    return this.oauth.revoke(token)
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

  /**
   * Tells Google to publish the account's review notifications to `topic` (Business Profile Notifications API:
   * `PATCH /v1/{account}/notificationSetting`); the topic must let Google's publisher account publish to it.
   */
  async watchReviews(accessToken: string, account: string, topic: string) {
    const url = this.apiUrl('notifications', `/v1/${account}/notificationSetting`)
    url.searchParams.set('updateMask', 'pubsubTopic,notificationTypes')
    const response = await this.fetch(url, {
      method: 'PATCH',
      headers: { 'authorization': `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `${account}/notificationSetting`, pubsubTopic: topic, notificationTypes: REVIEW_NOTIFICATION_TYPES }),
    })
    if (!response.ok) throw await this.apiError(response)
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

  /**
   * Posts or replaces the owner's reply (v4 `PUT accounts/{a}/locations/{l}/reviews/{r}/reply`, a ReviewReply
   * `{comment}`); answers the ReviewReply Google stored (`updateTime` null when Google's answer had none).
   */
  async putReply(accessToken: string, reviewName: string, comment: string): Promise<GoogleReplyData> {
    const response = await this.fetch(this.apiUrl('reviews', `/v4/${reviewName}/reply`), {
      method: 'PUT',
      headers: { 'authorization': `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ comment }),
    })
    if (!response.ok) throw await this.apiError(response)
    const body = (await response.json().catch(() => ({}))) as { comment?: unknown; updateTime?: unknown }
    return { comment: typeof body.comment === 'string' ? body.comment : comment, updateTime: timeOf(body.updateTime) }
  }

  /** Removes the owner's reply (v4 `DELETE …/reviews/{r}/reply`); a review without a reply (404) is done as well. */
  async deleteReply(accessToken: string, reviewName: string): Promise<void> {
    const response = await this.fetch(this.apiUrl('reviews', `/v4/${reviewName}/reply`), {
      method: 'DELETE',
      headers: { authorization: `Bearer ${accessToken}` },
    })
    if (!response.ok && response.status !== 404) throw await this.apiError(response)
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

  /** A token call's failure as the rest of the module knows them: the grant gone, or Google's status. */
  private async tokenCall(call: () => Promise<GoogleTokens>): Promise<GoogleTokens> {
    try {
      return await call()
    } catch (error) {
      const failure = oauthFailure(error)
      if (failure.grantLost) throw new GoogleGrantError(failure.message)
      throw this.errorOf(failure.status, failure.message)
    }
  }

  private async apiError(response: Response, read?: Record<string, unknown>) {
    const body = read ?? ((await response.json().catch(() => ({}))) as Record<string, unknown>)
    const error = body.error as { message?: unknown } | string | undefined
    const detail = typeof error === 'object' && typeof error?.message === 'string' ? error.message : String(error ?? response.statusText)
    return this.errorOf(response.status, `Google answered ${response.status}: ${detail}`)
  }

  private errorOf(status: number, message: string) {
    if (status === 429) return new GoogleApiError('quota', 429, message)
    if (status >= 500 || status === 0) return new GoogleApiError('unavailable', status, message)
    if (status === 401) return new GoogleApiError('unauthorized', 401, message)
    return new GoogleApiError('refused', status, message)
  }

  private async fetch(url: URL | string, init: RequestInit) {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(this.config.timeoutMs) })
    } catch (error) {
      throw new GoogleApiError('unavailable', 0, `Google could not be reached: ${(error as Error).message}`)
    }
  }
}
