/*
 * A Google review in the inbox's shape (backend/types/api.ts GoogleReviewDto) and a workspace's Google connection, for
 * the Google, widget and inbox tests.
 */
import type { GoogleConnectionDto, GoogleReviewDto } from '@reviewroute/backend/types/api'

export const googleReview = (overrides: Partial<GoogleReviewDto> = {}): GoogleReviewDto => ({
  id: 31,
  businessId: 7,
  reviewName: 'accounts/1/locations/2/reviews/31',
  reviewer: { name: 'Priya Nair', photoUrl: null, anonymous: false },
  stars: 5,
  comment: 'Lovely masala chai and quick service.',
  createTime: '2026-11-27T10:00:00.000Z',
  updateTime: null,
  reply: null,
  deleted: false,
  pinned: false,
  hidden: false,
  ...overrides,
})

/** `GET /api/google/connection` of a workspace connected to Google (owner@gmail.com, one location, not synced yet). */
export const googleConnection = (overrides: Partial<GoogleConnectionDto> = {}): GoogleConnectionDto => ({
  connected: true,
  configured: true,
  demo: false,
  email: 'owner@gmail.com',
  locations: 1,
  lastSyncAt: null,
  error: null,
  importStatus: null,
  importError: null,
  ...overrides,
})
