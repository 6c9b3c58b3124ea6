/*
 * Google as the Business Profile specs see it: the loopback stub of the OAuth endpoints and the Business Profile
 * APIs in their documented formats (scripts/lib/google-business-stub.mjs, shared with the journeys), started for a
 * group with a fresh `state` for each test, and the BusinessProfile service swapped to it.
 */
import { randomBytes } from 'node:crypto'
import type { Group } from '@japa/runner/core'
import app from '@adonisjs/core/services/app'
import { startStubServer, type StubServer } from '#tests/helpers/stub_server'
import { BusinessProfile, type GoogleConfig } from '#services/google/business_profile'
import googleConfig from '#config/google'
import type { ModelAttributes } from '@adonisjs/lucid/types/model'
import type GoogleReview from '#models/google_review'
import { GoogleConnectionFactory, GoogleReviewFactory } from '#database/factories/index'
import {
  googleBusinessApi,
  newGoogleBusinessState,
  type GoogleBusinessState,
  type StubReview,
} from '../../../scripts/lib/google-business-stub.mjs'

export type { StubLocation, StubReview } from '../../../scripts/lib/google-business-stub.mjs'
export type GoogleStubState = GoogleBusinessState

export const CLIENT_ID = 'test-client.apps.googleusercontent.com'
export const CLIENT_SECRET = 'test-client-secret'
/** The secret path segment of the Pub/Sub push endpoint in tests. */
export const PUBSUB_TOKEN = 'pubsub-test-token-0123456789'
/** The Pub/Sub topic new connections register for review notifications in tests. */
export const PUBSUB_TOPIC = 'projects/reviewroute-test/topics/business-profile-reviews'

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

/**
 * A review `id` of `location` stored here (GoogleReviewFactory, with `fields`) and held by the stub too, so Google
 * takes a reply to it.
 */
export async function heldReview(
  google: GoogleStub,
  location: string,
  id: string,
  fields: Partial<ModelAttributes<GoogleReview>> & { businessId: number },
  stubFields: Partial<Omit<StubReview, 'name' | 'reviewId'>> = {}
) {
  const review = await GoogleReviewFactory.merge({ reviewName: `${location}/reviews/${id}`, ...fields }).create()
  google.state.reviews[location] = [...(google.state.reviews[location] ?? []), stubReview(location, id, stubFields)]
  return review
}

export interface GoogleStub {
  server: StubServer
  state: GoogleStubState
  /** What Google's consent screen would do: a code bound to the request's PKCE challenge. */
  grant(authorizeUrl: string): { code: string; state: string }
  /** The service's settings pointing at the stub. */
  config(): GoogleConfig
}

/** The stub, started for the group, fresh state before each test, and the service swapped to it. */
export function googleStub(group: Group): GoogleStub {
  const holder = { state: newGoogleBusinessState() } as GoogleStub
  group.setup(async () => {
    holder.server = await startStubServer()
    app.container.swap(BusinessProfile, () => new BusinessProfile(holder.config()))
    return async () => {
      app.container.restore(BusinessProfile)
      await holder.server.close()
    }
  })
  group.each.setup(() => {
    holder.state = newGoogleBusinessState()
    holder.server.answer(googleBusinessApi(holder.state, { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET }))
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
      pubsubTopic: PUBSUB_TOPIC,
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

/** A working Google connection of the workspace, as the OAuth callback stores it (before any sync). */
export function connectGoogle(workspaceId: number) {
  return GoogleConnectionFactory.merge({ workspaceId }).create()
}
