/*
 * Google for the Business Profile features, on loopback, in Google's documented formats: the OAuth 2.0 consent
 * page (an "Allow" link back to the redirect URI), token and revoke endpoints, Account Management
 * (`GET /v1/accounts`), Business Information (`GET /v1/{account}/locations` with `readMask`, `metadata.placeId`,
 * `newReviewUri`) and the v4 reviews (`GET /v4/{location}/reviews` with `pageSize`/`pageToken`/`orderBy`,
 * `GET /v4/{review}`, `PUT`/`DELETE /v4/{review}/reply` with Google's 4096-byte limit), errors included.
 * Shared by the journeys and the backend's tests (backend/tests/helpers/google_stub.ts): `state` says what it holds
 * and how it answers, and callers change it (add a review, make the next calls fail, answer 429 to everything).
 */
import { createHash, randomBytes } from 'node:crypto'
import { json, startStubServer } from './stub-server.mjs'

export const GOOGLE_CLIENT_ID = 'reviewroute-stub.apps.googleusercontent.com'
export const GOOGLE_CLIENT_SECRET = 'stub-client-secret'
/** Google's limit on a reply, in UTF-8 bytes. */
export const REPLY_MAX_BYTES = 4096

const STARS = ['STAR_RATING_UNSPECIFIED', 'ONE', 'TWO', 'THREE', 'FOUR', 'FIVE']
const ERRORS = {
  400: { code: 400, message: 'Request contains an invalid argument.', status: 'INVALID_ARGUMENT' },
  401: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' },
  404: { code: 404, message: 'Requested entity was not found.', status: 'NOT_FOUND' },
  429: { code: 429, message: "Quota exceeded for quota metric 'Requests' and limit 'Requests per minute'.", status: 'RESOURCE_EXHAUSTED' },
  500: { code: 500, message: 'Internal error encountered.', status: 'INTERNAL' },
  503: { code: 503, message: 'The service is currently unavailable.', status: 'UNAVAILABLE' },
}
/** What every call answers before Google approves a project: 429 with a zero quota. */
const NO_QUOTA = {
  code: 429,
  message:
    "Quota exceeded for quota metric 'Requests' and limit 'Requests per minute' of service 'mybusinessaccountmanagement.googleapis.com'.",
  status: 'RESOURCE_EXHAUSTED',
}
const error = (response, status) =>
  json(response, status, { error: ERRORS[status] ?? { code: status, message: 'Injected failure', status: 'UNKNOWN' } })

/** A review of `location` (accounts/{a}/locations/{l}) as v4 answers it; `stars` 1-5. */
export function googleReview(location, id, { stars = 5, comment, reviewer = `Reviewer ${id}`, time = new Date(), reply } = {}) {
  const iso = time.toISOString()
  return {
    name: `${location}/reviews/${id}`,
    reviewId: id,
    reviewer: { displayName: reviewer, profilePhotoUrl: `https://lh3.googleusercontent.com/a/${id}`, isAnonymous: false },
    starRating: STARS[stars],
    ...(comment === undefined ? {} : { comment }),
    createTime: iso,
    updateTime: iso,
    // A reply given three hours after the review.
    ...(reply ? { reviewReply: { comment: reply, updateTime: new Date(time.getTime() + 3 * 3600_000).toISOString() } } : {}),
  }
}

/** What the stub holds: see google-business-stub.d.mts for each field. */
export function newGoogleBusinessState({ accounts = {}, email = 'owner@gmail.example', pageSize = 100 } = {}) {
  return {
    accounts,
    pageSize,
    mode: 'ok',
    email,
    codes: new Map(),
    consents: [],
    revoked: new Set(),
    accessTokens: new Set(),
    reviews: {},
    ratings: {},
    reviewFailures: [],
    reviewCalls: [],
    replyCalls: [],
    notificationSettings: {},
    notificationFailure: 0,
  }
}

function page(items, url, size) {
  const start = Number(url.searchParams.get('pageToken') ?? 0) || 0
  const next = start + size < items.length ? String(start + size) : undefined
  return { items: items.slice(start, start + size), nextPageToken: next }
}

/** An ID token with the claims Google's carries (iss, aud, sub, iat, exp); clients read it without its signature. */
function idToken(email, clientId) {
  const now = Math.floor(Date.now() / 1000)
  const claims = {
    iss: 'https://accounts.google.com',
    aud: clientId,
    sub: `1${createHash('sha256').update(email).digest('hex').slice(0, 20)}`,
    email,
    email_verified: true,
    iat: now,
    exp: now + 3600,
  }
  return ['{"alg":"RS256","typ":"JWT"}', JSON.stringify(claims)].map((part) => Buffer.from(part).toString('base64url')).join('.') + '.sig'
}

const escapeHtml = (text) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c])

/**
 * Google's consent screen: "Allow" goes back to the redirect URI with a code bound to the PKCE challenge. A client
 * that does not ask for HTML (a test following the API's redirect) reads a line of JSON instead.
 */
function consentPage(state, request, url, response) {
  if (!String(request.headers.accept ?? '').includes('text/html')) return json(response, 200, { screen: 'Google consent' })
  const code = `code-${randomBytes(8).toString('hex')}`
  state.codes.set(code, url.searchParams.get('code_challenge') ?? '')
  const back = new URL(url.searchParams.get('redirect_uri') ?? 'http://127.0.0.1/')
  back.search = new URLSearchParams({
    code,
    state: url.searchParams.get('state') ?? '',
    scope: url.searchParams.get('scope') ?? '',
  }).toString()
  state.consents.push(Object.fromEntries(url.searchParams))
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
  response.end(
    `<!doctype html><html><head><meta name="viewport" content="width=device-width"><title>Sign in - Google Accounts</title></head>` +
      `<body style="font-family:sans-serif;max-width:420px;margin:40px auto;padding:0 16px">` +
      `<h1 style="font-size:22px">ReviewRoute wants to access your Google Account</h1>` +
      `<p>${escapeHtml(state.email)}</p><p>This will allow ReviewRoute to see, edit, create and delete your Google business listings.</p>` +
      `<a id="allow" href="${escapeHtml(back.href)}" style="display:inline-block;background:#1a73e8;color:#fff;padding:10px 24px;border-radius:4px;text-decoration:none">Allow</a>` +
      `</body></html>`
  )
}

function tokenAnswer(state, client, body, response) {
  const form = new URLSearchParams(body)
  if (form.get('client_id') !== client.clientId || form.get('client_secret') !== client.clientSecret) {
    return json(response, 401, { error: 'invalid_client', error_description: 'The OAuth client was not found.' })
  }
  const accessToken = `at-${randomBytes(8).toString('hex')}`
  state.accessTokens.add(accessToken)
  if (form.get('grant_type') === 'authorization_code') {
    const challenge = state.codes.get(form.get('code') ?? '')
    state.codes.delete(form.get('code') ?? '')
    if (
      !challenge ||
      createHash('sha256')
        .update(form.get('code_verifier') ?? '')
        .digest('base64url') !== challenge
    ) {
      return json(response, 400, { error: 'invalid_grant', error_description: 'Bad code or code_verifier.' })
    }
    return json(response, 200, {
      access_token: accessToken,
      expires_in: 3599,
      refresh_token: `rt-${randomBytes(8).toString('hex')}`,
      scope: 'https://www.googleapis.com/auth/business.manage email',
      token_type: 'Bearer',
      id_token: idToken(state.email, client.clientId),
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

function locationsAnswer(state, account, url, response) {
  if (url.searchParams.get('readMask') !== 'name,title,storefrontAddress,metadata') return error(response, 400)
  const all = (state.accounts[account] ?? []).map((location) => ({
    name: `locations/${location.id}`,
    title: location.title,
    storefrontAddress: {
      addressLines: location.addressLines ?? ['1 MG Road'],
      locality: location.locality ?? 'Pune',
      postalCode: location.postalCode ?? '411001',
      regionCode: 'IN',
    },
    metadata: location.placeId
      ? {
          placeId: location.placeId,
          mapsUri: 'https://maps.google.com/maps?cid=1',
          newReviewUri: `https://search.google.com/local/writereview?placeid=${location.placeId}`,
        }
      : {},
  }))
  const { items, nextPageToken } = page(all, url, state.pageSize)
  return json(response, 200, { locations: items, nextPageToken })
}

/** An injected failure for this review call (`reviewFailures`, one per call; 0 lets the call through), answered. */
function injectedFailure(state, response) {
  const failure = state.reviewFailures.shift()
  if (failure === undefined || failure === 0) return false
  error(response, failure)
  return true
}

/** PUT /v4/{review}/reply answers the ReviewReply stored; DELETE answers an empty body. */
function replyAnswer(state, request, review, location, response) {
  let body = {}
  try {
    body = request.body ? JSON.parse(request.body) : {}
  } catch {
    return error(response, 400)
  }
  state.replyCalls.push({ method: request.method, review, ...(request.method === 'PUT' ? { comment: body.comment } : {}) })
  if (injectedFailure(state, response)) return
  const stored = (state.reviews[location] ?? []).find((candidate) => candidate.name === review)
  if (!stored) return error(response, 404)
  if (request.method === 'DELETE') {
    delete stored.reviewReply
    return json(response, 200, {})
  }
  if (typeof body.comment !== 'string' || body.comment === '' || Buffer.byteLength(body.comment) > REPLY_MAX_BYTES)
    return error(response, 400)
  stored.reviewReply = { comment: body.comment, updateTime: new Date().toISOString() }
  return json(response, 200, stored.reviewReply)
}

/** GET /v4/{location}/reviews (a page, with the location's rating) and GET /v4/{review}. */
function reviewsAnswer(state, url, response) {
  const list = url.pathname.match(/^\/v4\/(accounts\/[^/]+\/locations\/[^/]+)\/reviews$/)
  const one = url.pathname.match(/^\/v4\/((accounts\/[^/]+\/locations\/[^/]+)\/reviews\/[^/]+)$/)
  if (!list && !one) return error(response, 404)
  state.reviewCalls.push(`${url.pathname}${url.search}`)
  if (injectedFailure(state, response)) return
  if (one) {
    const review = (state.reviews[one[2]] ?? []).find((candidate) => candidate.name === one[1])
    return review ? json(response, 200, review) : error(response, 404)
  }
  const location = list[1]
  if (!(location in state.reviews)) return error(response, 404)
  const all = [...state.reviews[location]]
  if (url.searchParams.get('orderBy') === 'updateTime desc') all.sort((a, b) => b.updateTime.localeCompare(a.updateTime))
  const { items, nextPageToken } = page(all, url, Math.min(50, Number(url.searchParams.get('pageSize') ?? 50) || 50))
  const rated = all.map((review) => STARS.indexOf(review.starRating)).filter((stars) => stars > 0)
  const rating = state.ratings[location] ?? {
    averageRating: rated.length ? rated.reduce((sum, stars) => sum + stars, 0) / rated.length : 0,
    totalReviewCount: all.length,
  }
  return json(response, 200, { reviews: items, ...rating, nextPageToken })
}

/** PATCH /v1/{account}/notificationSetting?updateMask=…: the setting stored and answered (Notifications API). */
function notificationAnswer(state, account, body, url, response) {
  if (state.notificationFailure) return error(response, state.notificationFailure)
  let setting
  try {
    setting = JSON.parse(body || '{}')
  } catch {
    return error(response, 400)
  }
  const mask = (url.searchParams.get('updateMask') ?? '').split(',')
  if (!mask.includes('pubsubTopic') || !/^projects\/[^/]+\/topics\/[^/]+$/.test(setting.pubsubTopic ?? '')) return error(response, 400)
  state.notificationSettings[account] = {
    name: `${account}/notificationSetting`,
    pubsubTopic: setting.pubsubTopic,
    notificationTypes: setting.notificationTypes ?? [],
  }
  return json(response, 200, state.notificationSettings[account])
}

/** The stub's handler over `state`, for a stub server (`startStubServer(handler)` or `server.answer(handler)`). */
export function googleBusinessApi(state, client = { clientId: GOOGLE_CLIENT_ID, clientSecret: GOOGLE_CLIENT_SECRET }) {
  return (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stub')
    if (request.method === 'GET' && url.pathname === '/o/oauth2/v2/auth') return consentPage(state, request, url, response)
    if (request.method === 'POST' && url.pathname === '/token') return tokenAnswer(state, client, request.body, response)
    if (request.method === 'POST' && url.pathname === '/revoke') {
      state.revoked.add(new URLSearchParams(request.body).get('token') ?? '')
      return json(response, 200, {})
    }
    const bearer = String(request.headers.authorization ?? '').replace(/^Bearer /, '')
    if (!state.accessTokens.has(bearer)) return error(response, 401)
    if (state.mode === 'quota') return json(response, 429, { error: NO_QUOTA })
    if (state.mode === 'down') return error(response, 503)
    const reply = url.pathname.match(/^\/v4\/((accounts\/[^/]+\/locations\/[^/]+)\/reviews\/[^/]+)\/reply$/)
    if (reply && (request.method === 'PUT' || request.method === 'DELETE')) return replyAnswer(state, request, reply[1], reply[2], response)
    if (request.method === 'GET' && url.pathname.startsWith('/v4/')) return reviewsAnswer(state, url, response)
    if (request.method === 'GET' && url.pathname === '/v1/accounts') {
      const all = Object.keys(state.accounts).map((id) => ({ name: `accounts/${id}`, accountName: `Account ${id}`, type: 'PERSONAL' }))
      const { items, nextPageToken } = page(all, url, state.pageSize)
      return json(response, 200, { accounts: items, nextPageToken })
    }
    const locations = url.pathname.match(/^\/v1\/accounts\/([^/]+)\/locations$/)
    if (request.method === 'GET' && locations) return locationsAnswer(state, locations[1], url, response)
    const notifications = url.pathname.match(/^\/v1\/(accounts\/[^/]+)\/notificationSetting$/)
    if (request.method === 'PATCH' && notifications) return notificationAnswer(state, notifications[1], request.body, url, response)
    return json(response, 404, { error: { code: 404, message: 'Not found', status: 'NOT_FOUND' } })
  }
}

/**
 * Starts the stub for the journeys. `accounts`: account id → locations `{id, title, placeId?, addressLines?,
 * locality?, postalCode?}`. Returns the server with its `state` and the settings the product needs (`env`).
 */
export async function startGoogleBusinessStub({ accounts = {}, email = 'owner@gmail.test' } = {}) {
  const state = newGoogleBusinessState({ accounts, email })
  const server = await startStubServer(googleBusinessApi(state))
  return {
    ...server,
    state,
    env: googleStubEnv(server.url),
  }
}

/**
 * The settings that point the product's Google client at a stand-in on `url`: every OAuth endpoint with the API (the
 * product allows plain http only when all of them are on this machine).
 */
export const googleStubEnv = (url) => ({
  GOOGLE_OAUTH_CLIENT_ID: GOOGLE_CLIENT_ID,
  GOOGLE_OAUTH_CLIENT_SECRET: GOOGLE_CLIENT_SECRET,
  GOOGLE_OAUTH_AUTHORIZE_URL: `${url}/o/oauth2/v2/auth`,
  GOOGLE_OAUTH_TOKEN_URL: `${url}/token`,
  GOOGLE_OAUTH_REVOKE_URL: `${url}/revoke`,
  GOOGLE_API_BASE_URL: url,
})
