/*
 * The API's response shapes, as plain types with no runtime imports, so the dashboard and the site can
 * `import type` them. The backend's serializers are typed against these, so the two cannot drift.
 */

export interface ApiErrorBody {
  error: string
  message: string
  errors?: { field: string; message: string }[]
  upgrade?: boolean
  title?: string
  retryAfter?: number
}

export interface UserDto {
  id: number
  email: string
  firstName: string
  lastName: string
  name: string
  username: string
  phone: string
  profileImageUrl: string
  trialStartsAt: string | null
  trialEndsAt: string | null
  createdAt: string
}

export interface AuthResponse {
  token: string
  user: UserDto
}

export interface PlaceDto {
  place_id: string
  name: string
  address: string
  rating: number | null
  reviewCount: number
}

export interface BusinessDto {
  id: number
  placeId: string
  name: string
  address: string
  rating: number | null
  reviewCount: number
  shortUrl: string
  googleReviewUrl: string
  complianceMode: boolean
  language: 'en' | 'hi' | null
  createdAt: string
}

export interface PublicBusinessDto {
  name: string
  address: string
  shortUrl: string
  googleReviewUrl: string
  complianceMode: boolean
  language: 'en' | 'hi' | null
}

export interface ReviewLinkDto {
  business: PublicBusinessDto
  canSubmitReview: boolean
  message?: string
  reviewCount: number
}

export type SubmitReviewResponse = { redirect: true; url: string } | { redirect: false }

export interface ReviewSessionDto {
  id: number
  businessId: number
  rating: number
  feedback: string | null
  redirected: boolean
  resolved: boolean
  resolvedAt: string | null
  createdAt: string
  timestamp: string
}

export interface AnalyticsTotals {
  totalSessions: number
  positiveSessions: number
  negativeSessions: number
  redirectedSessions: number
  conversionRate: number
  positiveLast7Days: number
  pageViews: number
}

export interface AnalyticsResponse {
  business: BusinessDto
  analytics: AnalyticsTotals
  sessions: ReviewSessionDto[]
  reviews: ReviewSessionDto[]
  insights: {
    recentLowRated: ReviewSessionDto[]
    topTopics: { topic: string; count: number }[]
    pageViews: number
  }
}

export interface DailyPointDto {
  date: string
  sessions: number
  positive: number
  negative: number
  redirected: number
  views: number
}

export interface DailySeriesResponse {
  businessId: number
  timeZone: string
  days: DailyPointDto[]
}

export type PlanType = 'trial' | 'monthly' | '6-month' | '12-month'

export interface PlanDto {
  id: number
  name: string
  planType: PlanType
  totalPrice: number
  currency: string
  durationMonths: number
  pricePerMonth: number
  features: string[]
  tag: string | null
  savings: { amount: number; percent: number; fullPrice: number } | null
}

export interface TrialStatusDto {
  hasActivePaidSubscription: boolean
  hasActiveSubscription: boolean
  isTrialActive: boolean
  trialStatus: 'active' | 'expired'
  trialDaysRemaining: number
  trialEndsAt: string | null
  subscriptionPlan: 'trial' | 'pro'
  planType: PlanType | null
  planName: string | null
  subscriptionStatus: 'active' | 'cancelled' | 'expired' | null
  currentPeriodEnd: string | null
  daysRemaining: number
  isLimited: boolean
}

export interface UsageDto {
  subscriptionPlan: 'trial' | 'pro'
  planType: PlanType | null
  isLimited: boolean
  usage: { businesses: number; reviewsThisMonth: number; reviewsThisMonthByBusiness: Record<string, number> }
  limits: { businesses: number | null; reviewsPerBusinessPerMonth: number | null }
}

export interface CreatePaymentResponse {
  orderId: string
  amount: number
  currency: string
  keyId: string
  planName: string
  durationMonths: number
  validUntil: string
  description: string
  customerDetails: { name: string; email: string; contact: string }
}

export interface GeoDto {
  city: string | null
  country: string | null
}
