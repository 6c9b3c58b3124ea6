import type { StubHandler, StubServer } from './stub-server.mjs'

export const GOOGLE_CLIENT_ID: string
export const GOOGLE_CLIENT_SECRET: string
export const REPLY_MAX_BYTES: number

export interface StubLocation {
  id: string
  title: string
  placeId?: string
  addressLines?: string[]
  locality?: string
  postalCode?: string
}

/** A review as Google's v4 API answers it. */
export interface StubReview {
  name: string
  reviewId: string
  reviewer: { displayName?: string; profilePhotoUrl?: string; isAnonymous?: boolean }
  starRating: 'STAR_RATING_UNSPECIFIED' | 'ONE' | 'TWO' | 'THREE' | 'FOUR' | 'FIVE'
  comment?: string
  createTime: string
  updateTime: string
  reviewReply?: { comment: string; updateTime: string }
}

export interface GoogleBusinessState {
  /** Account id → its locations. */
  accounts: Record<string, StubLocation[]>
  /** Items per page for accounts and locations. */
  pageSize: number
  /** 'quota': every API call is 429 with zero quota (a project Google has not approved); 'down': 503. */
  mode: 'ok' | 'quota' | 'down'
  /** The Google account's address, in the ID token. */
  email: string
  /** Codes handed out by the consent screen: code → PKCE challenge. */
  codes: Map<string, string>
  /** The query of every visit to the consent screen. */
  consents: Record<string, string>[]
  /** Refresh tokens Google no longer accepts (any other starting with `rt-` is accepted). */
  revoked: Set<string>
  /** Access tokens issued. */
  accessTokens: Set<string>
  /** Reviews by location name (accounts/{a}/locations/{l}), in Google's format. */
  reviews: Record<string, StubReview[]>
  /** What the reviews answer says of a location's rating (else computed from its reviews). */
  ratings: Record<string, { averageRating: number; totalReviewCount: number }>
  /** Statuses the next review calls (reads and replies) answer instead, one per call; 0 lets that call through. */
  reviewFailures: number[]
  /** Every review read's path and query, in order. */
  reviewCalls: string[]
  /** Every reply call (PUT or DELETE …/reviews/{r}/reply): method, review name and, for PUT, the body's comment. */
  replyCalls: { method: string; review: string; comment?: unknown }[]
  /** Each account's notification setting as PATCHed (Notifications API): its Pub/Sub topic and notification types. */
  notificationSettings: Record<string, { name: string; pubsubTopic: string; notificationTypes: string[] }>
  /** A status every notification-setting PATCH answers instead (0: none). */
  notificationFailure: number
}

export function googleReview(
  location: string,
  id: string,
  fields?: { stars?: number; comment?: string; reviewer?: string; time?: Date; reply?: string }
): StubReview
export function newGoogleBusinessState(options?: {
  accounts?: Record<string, StubLocation[]>
  email?: string
  pageSize?: number
}): GoogleBusinessState
export function googleBusinessApi(state: GoogleBusinessState, client?: { clientId: string; clientSecret: string }): StubHandler
export function startGoogleBusinessStub(options?: {
  accounts?: Record<string, StubLocation[]>
  email?: string
}): Promise<StubServer & { state: GoogleBusinessState; env: Record<string, string> }>
/** The product's Google settings pointing at a stand-in on `url` (every OAuth endpoint and the API). */
export function googleStubEnv(url: string): Record<string, string>
