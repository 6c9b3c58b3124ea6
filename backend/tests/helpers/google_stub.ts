/*
 * Google as the Business Profile specs see it: one loopback server for the OAuth endpoints (authorize page, token,
 * revoke) and the Business Profile APIs under one base (GOOGLE_API_BASE_URL), in their documented formats, and the
 * BusinessProfile service swapped to it. `state` says what it holds and how it answers; tests change it.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { Group } from '@japa/runner/core'
import app from '@adonisjs/core/services/app'
import { json, startStubServer, type StubServer } from '#tests/helpers/stub_server'
import { BusinessProfile, type GoogleConfig } from '#services/google/business_profile'
import googleConfig from '#config/google'

export const CLIENT_ID = 'test-client.apps.googleusercontent.com'
export const CLIENT_SECRET = 'test-client-secret'
/** The secret path segment of the Pub/Sub push endpoint in tests. */
export const PUBSUB_TOKEN = 'pubsub-test-token-0123456789'

export interface StubLocation {
  id: string
  title: string
  placeId?: string
  addressLines?: string[]
  locality?: string
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

/** A review of `location` (accounts/{a}/locations/{l}) in Google's format; times are ISO with nanoseconds as Google writes them. */
export function stubReview(location: string, id: string, fields: Partial<Omit<StubReview, 'name' | 'reviewId'>> = {}): StubReview {
  return {
    name: `${location}/reviews/${id}`,
    reviewId: id,
    reviewer: { displayName: `Reviewer ${id}`, profilePhotoUrl: `https://lh3.googleusercontent.com/a/${id}`, isAnonymous: false },
    starRating: 'FIVE',
    comment: `Review ${id}`,
    createTime: '2026-11-01T10:00:00.123456789Z',
    updateTime: '2026-11-01T10:00:00.123456789Z',
    ...fields,
  }
}

export interface GoogleStubState {
  /** Account id → its locations. */
  accounts: Record<string, StubLocation[]>
  /** Items per page for accounts and locations. */
  pageSize: number
  /** 'quota': every API call is 429 with zero quota; 'down': 503. */
  mode: 'ok' | 'quota' | 'down'
  email: string
  /** Codes handed out by the consent screen: code → PKCE challenge. */
  codes: Map<string, string>
  /** Refresh tokens Google accepts (any starting with `rt-` unless revoked). */
  revoked: Set<string>
  /** Access tokens issued. */
  accessTokens: Set<string>
  /** Reviews by location name (accounts/{a}/locations/{l}), in Google's format. */
  reviews: Record<string, StubReview[]>
  /** What the reviews answer says of the location's rating. */
  ratings: Record<string, { averageRating: number; totalReviewCount: number }>
  /** Statuses the next review calls answer instead (429, 503, 401...), one per call; 0 lets that call through. */
  reviewFailures: number[]
  /** Every review call's path and query, in order. */
  reviewCalls: string[]
  /** Every reply call (PUT or DELETE …/reviews/{r}/reply): method, review name and the body's comment. */
  replyCalls: { method: string; review: string; comment?: unknown }[]
}

export interface GoogleStub {
  server: StubServer
  state: GoogleStubState
  /** What Google's consent screen would do: a code bound to the request's PKCE challenge. */
  grant(authorizeUrl: string): { code: string; state: string }
  /** The service's settings pointing at the stub. */
  config(): GoogleConfig
}

const newState = (): GoogleStubState => ({
  accounts: {},
  pageSize: 100,
  mode: 'ok',
  email: 'owner@gmail.example',
  codes: new Map(),
  revoked: new Set(),
  accessTokens: new Set(),
  reviews: {},
  ratings: {},
  reviewFailures: [],
  reviewCalls: [],
  replyCalls: [],
})

const STAR_VALUE: Record<string, number> = { ONE: 1, TWO: 2, THREE: 3, FOUR: 4, FIVE: 5 }

const FAILURES: Record<number, object> = {
  400: { error: { code: 400, message: 'Request contains an invalid argument.', status: 'INVALID_ARGUMENT' } },
  401: { error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' } },
  429: {
    error: {
      code: 429,
      message: "Quota exceeded for quota metric 'Requests' and limit 'Requests per minute'.",
      status: 'RESOURCE_EXHAUSTED',
    },
  },
  500: { error: { code: 500, message: 'Internal error encountered.', status: 'INTERNAL' } },
  503: { error: { code: 503, message: 'The service is currently unavailable.', status: 'UNAVAILABLE' } },
}

/** GET /v4/{location}/reviews and GET /v4/{review}, as Google's v4 API answers them. */
function reviewsAnswer(state: GoogleStubState, url: URL, response: any) {
  const list = url.pathname.match(/^\/v4\/(accounts\/[^/]+\/locations\/[^/]+)\/reviews$/)
  const one = url.pathname.match(/^\/v4\/((accounts\/[^/]+\/locations\/[^/]+)\/reviews\/[^/]+)$/)
  if (!list && !one) return false
  state.reviewCalls.push(`${url.pathname}${url.search}`)
  const failure = state.reviewFailures.shift()
  if (failure !== undefined && failure !== 0) {
    json(response, failure, FAILURES[failure] ?? { error: { code: failure, message: 'Injected failure', status: 'UNKNOWN' } })
    return true
  }
  if (one) {
    const review = (state.reviews[one[2]] ?? []).find((candidate) => candidate.name === one[1])
    if (!review) json(response, 404, { error: { code: 404, message: 'Requested entity was not found.', status: 'NOT_FOUND' } })
    else json(response, 200, review)
    return true
  }
  const location = list![1]
  if (!(location in state.reviews)) {
    json(response, 404, { error: { code: 404, message: 'Requested entity was not found.', status: 'NOT_FOUND' } })
    return true
  }
  const size = Math.min(50, Number(url.searchParams.get('pageSize') ?? 50) || 50)
  let all = [...state.reviews[location]]
  if (url.searchParams.get('orderBy') === 'updateTime desc') all.sort((a, b) => b.updateTime.localeCompare(a.updateTime))
  const { items, nextPageToken } = page(all, url, size)
  const rated = all.filter((review) => STAR_VALUE[review.starRating])
  const rating = state.ratings[location] ?? {
    averageRating: rated.length ? rated.reduce((sum, review) => sum + STAR_VALUE[review.starRating], 0) / rated.length : 0,
    totalReviewCount: all.length,
  }
  json(response, 200, { reviews: items, ...rating, nextPageToken })
  return true
}

/** An ID token with the claims Google's carries (the client checks them; its signature is not read). */
function idToken(email: string) {
  const now = Math.floor(Date.now() / 1000)
  const claims = {
    iss: 'https://accounts.google.com',
    aud: CLIENT_ID,
    sub: `1${createHash('sha256').update(email).digest('hex').slice(0, 20)}`,
    email,
    email_verified: true,
    iat: now,
    exp: now + 3600,
  }
  return ['{"alg":"RS256","typ":"JWT"}', JSON.stringify(claims)].map((part) => Buffer.from(part).toString('base64url')).join('.') + '.sig'
}

function page<T>(items: T[], url: URL, size: number) {
  const start = Number(url.searchParams.get('pageToken') ?? 0) || 0
  const next = start + size < items.length ? String(start + size) : undefined
  return { items: items.slice(start, start + size), nextPageToken: next }
}

function handler(state: GoogleStubState) {
  return (request: { method?: string; url?: string; headers: Record<string, unknown>; body: string }, response: any) => {
    const url = new URL(request.url ?? '/', 'http://stub')
    if (request.method === 'GET' && url.pathname === '/o/oauth2/v2/auth') {
      // Google shows its consent page here; JSON keeps the specs that follow the redirect and read the answer simple.
      return json(response, 200, { screen: 'Google consent' })
    }
    if (request.method === 'POST' && url.pathname === '/token') {
      const form = new URLSearchParams(request.body)
      if (form.get('client_id') !== CLIENT_ID || form.get('client_secret') !== CLIENT_SECRET) {
        return json(response, 401, { error: 'invalid_client' })
      }
      const accessToken = `at-${randomBytes(8).toString('hex')}`
      state.accessTokens.add(accessToken)
      if (form.get('grant_type') === 'authorization_code') {
        const challenge = state.codes.get(form.get('code') ?? '')
        state.codes.delete(form.get('code') ?? '')
        const verifier = form.get('code_verifier') ?? ''
        if (!challenge || createHash('sha256').update(verifier).digest('base64url') !== challenge) {
          return json(response, 400, { error: 'invalid_grant', error_description: 'Bad code or code_verifier.' })
        }
        const refreshToken = `rt-${randomBytes(8).toString('hex')}`
        return json(response, 200, {
          access_token: accessToken,
          expires_in: 3599,
          refresh_token: refreshToken,
          scope: 'https://www.googleapis.com/auth/business.manage email',
          token_type: 'Bearer',
          id_token: idToken(state.email),
        })
      }
      if (form.get('grant_type') === 'refresh_token') {
        const token = form.get('refresh_token') ?? ''
        if (!token.startsWith('rt-') || state.revoked.has(token)) {
          return json(response, 400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' })
        }
        return json(response, 200, { access_token: accessToken, expires_in: 3599, token_type: 'Bearer' })
      }
      return json(response, 400, { error: 'unsupported_grant_type' })
    }
    if (request.method === 'POST' && url.pathname === '/revoke') {
      state.revoked.add(new URLSearchParams(request.body).get('token') ?? '')
      return json(response, 200, {})
    }

    const bearer = String(request.headers.authorization ?? '').replace(/^Bearer /, '')
    if (!state.accessTokens.has(bearer)) {
      return json(response, 401, {
        error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' },
      })
    }
    if (state.mode === 'quota') {
      return json(response, 429, {
        error: {
          code: 429,
          message:
            "Quota exceeded for quota metric 'Requests' and limit 'Requests per minute' of service 'mybusinessaccountmanagement.googleapis.com'.",
          status: 'RESOURCE_EXHAUSTED',
        },
      })
    }
    if (state.mode === 'down')
      return json(response, 503, { error: { code: 503, message: 'The service is currently unavailable.', status: 'UNAVAILABLE' } })

    if (request.method === 'GET' && reviewsAnswer(state, url, response)) return
    if ((request.method === 'PUT' || request.method === 'DELETE') && replyAnswer(state, request, url, response)) return

    if (request.method === 'GET' && url.pathname === '/v1/accounts') {
      const accounts = Object.keys(state.accounts).map((id) => ({ name: `accounts/${id}`, accountName: `Account ${id}`, type: 'PERSONAL' }))
      const { items, nextPageToken } = page(accounts, url, state.pageSize)
      return json(response, 200, { accounts: items, nextPageToken })
    }
    const locations = url.pathname.match(/^\/v1\/accounts\/([^/]+)\/locations$/)
    if (request.method === 'GET' && locations) {
      if (url.searchParams.get('readMask') !== 'name,title,storefrontAddress,metadata') {
        return json(response, 400, { error: { code: 400, message: 'Request contains an invalid argument.', status: 'INVALID_ARGUMENT' } })
      }
      const all = (state.accounts[locations[1]] ?? []).map((location) => ({
        name: `locations/${location.id}`,
        title: location.title,
        storefrontAddress: {
          addressLines: location.addressLines ?? ['1 MG Road'],
          locality: location.locality ?? 'Pune',
          postalCode: '411001',
          regionCode: 'IN',
        },
        metadata: location.placeId
          ? {
              placeId: location.placeId,
              mapsUri: 'https://maps.google.com/maps?cid=1',
              newReviewUri: 'https://search.google.com/local/writereview?placeid=' + location.placeId,
            }
          : {},
      }))
      const { items, nextPageToken } = page(all, url, state.pageSize)
      return json(response, 200, { locations: items, nextPageToken })
    }
    return json(response, 404, { error: { code: 404, message: 'Not found', status: 'NOT_FOUND' } })
  }
}

/** Google's limit on a reply, in UTF-8 bytes. */
const REPLY_MAX_BYTES = 4096

/**
 * PUT /v4/{review}/reply with a ReviewReply `{comment}` answers the ReviewReply stored (`{comment, updateTime}`);
 * DELETE /v4/{review}/reply answers an empty body. A review the stub does not hold is a 404; a comment missing or
 * over 4096 bytes a 400, as Google answers them. `reviewFailures` are taken first, as for the reads.
 */
function replyAnswer(state: GoogleStubState, request: { method?: string; body: string }, url: URL, response: any) {
  const match = url.pathname.match(/^\/v4\/((accounts\/[^/]+\/locations\/[^/]+)\/reviews\/[^/]+)\/reply$/)
  if (!match) return false
  let body: { comment?: unknown } = {}
  try {
    body = request.body ? JSON.parse(request.body) : {}
  } catch {
    json(response, 400, FAILURES[400])
    return true
  }
  state.replyCalls.push({ method: request.method!, review: match[1], ...(request.method === 'PUT' ? { comment: body.comment } : {}) })
  const failure = state.reviewFailures.shift()
  if (failure !== undefined && failure !== 0) {
    json(response, failure, FAILURES[failure] ?? { error: { code: failure, message: 'Injected failure', status: 'UNKNOWN' } })
    return true
  }
  const review = (state.reviews[match[2]] ?? []).find((candidate) => candidate.name === match[1])
  if (!review) {
    json(response, 404, { error: { code: 404, message: 'Requested entity was not found.', status: 'NOT_FOUND' } })
    return true
  }
  if (request.method === 'DELETE') {
    delete review.reviewReply
    json(response, 200, {})
    return true
  }
  if (typeof body.comment !== 'string' || body.comment === '' || Buffer.byteLength(body.comment) > REPLY_MAX_BYTES) {
    json(response, 400, FAILURES[400])
    return true
  }
  review.reviewReply = { comment: body.comment, updateTime: new Date().toISOString() }
  json(response, 200, review.reviewReply)
  return true
}

/** The stub, started for the group, fresh state before each test, and the service swapped to it. */
export function googleStub(group: Group): GoogleStub {
  const holder = { state: newState() } as GoogleStub
  group.setup(async () => {
    holder.server = await startStubServer()
    app.container.swap(BusinessProfile, () => new BusinessProfile(holder.config()))
    return async () => {
      app.container.restore(BusinessProfile)
      await holder.server.close()
    }
  })
  group.each.setup(() => {
    holder.state = newState()
    holder.server.answer(handler(holder.state))
  })
  holder.config = () => {
    const base = holder.server.url
    return {
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      authorizeUrl: `${base}/o/oauth2/v2/auth`,
      tokenUrl: `${base}/token`,
      revokeUrl: `${base}/revoke`,
      apiBaseUrl: base,
      timeoutMs: 3000,
      qpm: 6000,
      pubsubToken: PUBSUB_TOKEN,
      redirectUri: 'http://127.0.0.1/api/google/connect/callback',
    }
  }
  holder.grant = (authorizeUrl: string) => {
    const url = new URL(authorizeUrl)
    const code = `code-${randomBytes(6).toString('hex')}`
    holder.state.codes.set(code, url.searchParams.get('code_challenge') ?? '')
    return { code, state: url.searchParams.get('state') ?? '' }
  }
  return holder
}

/** Google as configured for the environment, but with the Pub/Sub push address open at PUBSUB_TOKEN (for the group). */
export function googlePushOnly(group: Group) {
  group.setup(() => {
    app.container.swap(BusinessProfile, () => new BusinessProfile({ ...googleConfig, pubsubToken: PUBSUB_TOKEN }))
    return () => app.container.restore(BusinessProfile)
  })
}
