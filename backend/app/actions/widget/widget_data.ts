/*
 * The website widget's public answer (GET /api/widget/{code}, docs/decisions.md D49): the business's name, Google
 * figures and links, the widget's words in the business's language, and the reviews it shows. Only what Google
 * shows publicly anyway, shortened where it names a person: no ids of users or workspaces, no emails, no replies.
 */
import db from '@adonisjs/lucid/services/db'
import Business from '#models/business'
import GoogleReview from '#models/google_review'
import FindBusinessByCode from '#actions/reviews/find_business_by_code'
import { LinkPausedError, NotFoundError } from '#exceptions/app_errors'
import { REVIEW_MESSAGES } from '#contract/review_messages/all'
import type { ReviewMessages } from '#contract/review_messages/index'
import { WIDGET_MAX_REVIEWS, WIDGET_MIN_STARS, WIDGET_REVIEWS } from '#contract/widget'
import { SHORT_URL_MAX } from '#lib/constants'
import { appUrl } from '#lib/app_url'
import { widgetCache, type WidgetEntry } from '#hot_path/widget_cache'
import type { WidgetDataDto, WidgetLabels, WidgetReviewDto } from '#types/api'

export const WIDGET_NOT_FOUND = 'No website widget has this code'

/** A code as a review link's could be written (an earlier one included); anything else is not looked up. */
const CODE = new RegExp(`^[A-Za-z0-9_-]{1,${Math.max(SHORT_URL_MAX, 64)}}$`)

const findBusiness = new FindBusinessByCode()

/** The business behind a widget's code, or a 404 (unknown, malformed, or paused by an operator). */
export async function widgetBusiness(code: unknown): Promise<Business> {
  if (typeof code !== 'string' || !CODE.test(code)) throw new NotFoundError(WIDGET_NOT_FOUND)
  try {
    return await findBusiness.handle(code)
  } catch (error) {
    if (error instanceof LinkPausedError || error instanceof NotFoundError) throw new NotFoundError(WIDGET_NOT_FOUND)
    throw error
  }
}

/** The widget's words: the business's language's, with `{count}` and `{rating}` left for the widget to fill. */
export function widgetLabels(messages: ReviewMessages): WidgetLabels {
  const braces = (text: string) => text.replace(/\{\{(\w+)\}\}/g, '{$1}')
  return {
    writeReview: messages.widgetWriteReview,
    reviewsOnGoogle: braces(messages.widgetReviewsOnGoogle),
    ratingOutOf: braces(messages.widgetRatingOutOf),
    previous: messages.widgetPrevious,
    next: messages.widgetNext,
    readMore: messages.widgetReadMore,
    poweredByGoogle: messages.widgetPoweredByGoogle,
  }
}

/** "Priya Sharma" → "Priya S."; Google's anonymous reviewers as Google names them. */
export function reviewerName(name: string | null, anonymous: boolean) {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean)
  if (anonymous || words.length === 0) return 'A Google user'
  if (words.length === 1) return words[0]
  return `${words[0]} ${[...words[words.length - 1]][0].toUpperCase()}.`
}

/** Google Maps' page of the listing, from its place id. */
export const listingUrl = (placeId: string) => `https://www.google.com/maps/place/?q=place_id:${encodeURIComponent(placeId)}`

/** Whether the business's workspace is connected to Google and a location of it is linked to the business. */
export async function isConnected(business: Business) {
  const row = await db
    .from('google_locations as l')
    .join('google_connections as c', 'c.workspace_id', 'l.workspace_id')
    .where('l.business_id', business.id)
    .where('l.workspace_id', business.workspaceId)
    .select('l.id')
    .first()
  return Boolean(row)
}

const visible = (businessId: number) => GoogleReview.query().where('business_id', businessId).whereNull('hidden_at').whereNull('deleted_at')

/** Pinned ones first (newest pin first), then the newest 4-5 star reviews with text: six in all, at most twelve. */
export async function widgetReviews(businessId: number): Promise<GoogleReview[]> {
  const pinned = await visible(businessId)
    .whereNotNull('pinned_at')
    .orderBy('pinned_at', 'desc')
    .orderBy('id', 'desc')
    .limit(WIDGET_MAX_REVIEWS)
  const room = WIDGET_REVIEWS - pinned.length
  if (room <= 0) return pinned
  const newest = await visible(businessId)
    .whereNull('pinned_at')
    .where('stars', '>=', WIDGET_MIN_STARS)
    .whereNotNull('comment')
    .whereRaw("TRIM(comment) <> ''")
    .orderBy('create_time', 'desc')
    .orderBy('id', 'desc')
    .limit(room)
  return [...pinned, ...newest]
}

function serializeWidgetReview(review: GoogleReview): WidgetReviewDto {
  return {
    id: Number(review.id),
    stars: review.stars,
    text: (review.comment ?? '').trim(),
    reviewer: reviewerName(review.reviewerName, review.reviewerAnonymous),
    photoUrl: review.reviewerPhotoUrl?.startsWith('https://') ? review.reviewerPhotoUrl : null,
    time: review.createTime.toUTC().toISO()!,
    pinned: review.pinnedAt !== null,
  }
}

/** The answer for the business (what the widget cache holds), with its allowed sites for the CORS decision. */
export async function buildWidgetEntry(business: Business): Promise<WidgetEntry> {
  const language = business.language ?? 'en'
  const connected = await isConnected(business)
  const reviews = connected ? await widgetReviews(business.id) : []
  const data: WidgetDataDto = {
    code: business.shortUrl,
    layout: business.widgetLayout,
    language,
    labels: widgetLabels(REVIEW_MESSAGES[language] ?? REVIEW_MESSAGES.en),
    business: {
      name: business.name,
      listingUrl: listingUrl(business.placeId),
      reviewUrl: appUrl(`/review/${business.shortUrl}`),
    },
    rating: { average: business.rating === null ? null : Number(business.rating), count: Number(business.reviewCount ?? 0) },
    connected,
    reviews: reviews.map(serializeWidgetReview),
  }
  const sites = business.widgetAllowedSites
  return { data, allowedSites: sites && sites.length > 0 ? sites : null }
}

/** The answer for a code, from the widget cache (five minutes) or built; with the business it belongs to. */
export async function widgetEntry(code: unknown): Promise<{ business: Business; entry: WidgetEntry }> {
  const business = await widgetBusiness(code)
  // Built from the row as it is now: the code lookup above may be a few seconds old (review_link_cache.ts), and an
  // answer is kept five minutes.
  const entry = await widgetCache.get(business.id, async () => buildWidgetEntry((await Business.find(business.id)) ?? business))
  return { business, entry }
}
