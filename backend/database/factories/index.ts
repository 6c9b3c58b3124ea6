/*
 * Test and seed factories with the states the specs talk about (trial expired, compliance mode, ...).
 */
import factory from '@adonisjs/lucid/factories'
import { DateTime } from 'luxon'
import User from '#models/user'
import Business from '#models/business'
import ReviewSession from '#models/review_session'
import { TRIAL_DAYS, googleReviewUrl } from '#lib/constants'
import { generateShortCode } from '#lib/short_code'

let sequence = 0
const next = () => ++sequence

export const DEFAULT_PASSWORD = 'correct-horse-battery'

export const UserFactory = factory
  .define(User, () => {
    const n = next()
    const now = DateTime.utc()
    return {
      email: `owner${n}-${Date.now().toString(36)}@example.in`,
      password: DEFAULT_PASSWORD,
      firstName: `Owner${n}`,
      lastName: 'Test',
      trialStartsAt: now,
      trialEndsAt: now.plus({ days: TRIAL_DAYS }),
    }
  })
  .state('trialExpired', (user) => {
    user.trialStartsAt = DateTime.utc().minus({ days: TRIAL_DAYS + 3 })
    user.trialEndsAt = DateTime.utc().minus({ days: 3 })
  })
  .build()

export const BusinessFactory = factory
  .define(Business, () => {
    const n = next()
    const placeId = `test_place_${n}_${Date.now().toString(36)}`
    return {
      placeId,
      name: `Test Business ${n}`,
      address: `${n}, MG Road, Bengaluru, Karnataka 560001, India`,
      rating: 4.2,
      reviewCount: 120 + n,
      shortUrl: generateShortCode(),
      googleReviewUrl: googleReviewUrl(placeId),
      complianceMode: false,
      language: null,
    }
  })
  .state('compliance', (business) => {
    business.complianceMode = true
  })
  .relation('owner', () => UserFactory)
  .build()

export const ReviewSessionFactory = factory
  .define(ReviewSession, () => ({
    rating: 5,
    feedback: null,
    redirected: true,
    resolvedAt: null,
    clientFingerprint: null,
  }))
  .state('negative', (session) => {
    session.rating = 2
    session.redirected = false
    session.feedback = 'The wait was too long'
  })
  .relation('business', () => BusinessFactory)
  .build()
