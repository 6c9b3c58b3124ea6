/*
 * The words for the owner's figures: one name for one count on every screen, mail and export
 * (docs/product-rules.md#words-for-the-figures). "Review" is kept for what is on Google; what customers leave through
 * ReviewRoute's links is a rating. No framework imports: the dashboard (its first paint too) bundles this file and the
 * server's mails read it.
 */
import { NEGATIVE_RATING_MAX, POSITIVE_RATING_MIN, RATING_MAX } from './product_rules.js'

/** The figures' names, as titles (the API's name of each count in the comment). */
export const FIGURES = {
  /** Every rating a customer left through the business's links and QR codes (`totalSessions`). */
  ratings: 'Ratings',
  /** Ratings of 4 or 5 stars (`positiveSessions`). */
  highRatings: `${POSITIVE_RATING_MIN}-${RATING_MAX} star ratings`,
  /** Ratings of 3 or below: kept off Google, each one in the feedback inbox (`negativeSessions`). */
  privateRatings: 'Private ratings',
  /** Ratings that went on to the business's Google review page (`redirectedSessions`; as a share, `conversionRate`). */
  sentToGoogle: 'Sent to Google',
  /** Opens of the customer page (`pageViews`). */
  pageViews: 'Page views',
  /** The mean of the ratings collected here, one decimal (`averageRating`). */
  averageRating: 'Average rating',
  /** The listing's own rating on Google. */
  googleRating: 'Google rating',
} as const

/** Counts with Indian digit grouping ('1,23,456'), as the dashboard's formatCount writes them. */
const COUNT = new Intl.NumberFormat('en-IN')
const formatCount = (count: number) => COUNT.format(count)

const counted = (count: number, one: string, many: string) => `${formatCount(count)} ${count === 1 ? one : many}`

/** '1 rating', '12 ratings' */
export const ratingsCount = (count: number) => counted(count, 'rating', 'ratings')
/** '1 rating of 4-5 stars', '4 ratings of 4-5 stars' */
export const highRatingsCount = (count: number) =>
  counted(count, `rating of ${POSITIVE_RATING_MIN}-${RATING_MAX} stars`, `ratings of ${POSITIVE_RATING_MIN}-${RATING_MAX} stars`)
/** '1 private rating', '9 private ratings' */
export const privateRatingsCount = (count: number) => counted(count, 'private rating', 'private ratings')
/** '1 new private rating', '3 new private ratings' (the alerts' and digests' subjects) */
export const newPrivateRatingsCount = (count: number) => counted(count, 'new private rating', 'new private ratings')
/** '1 new Google review', '2 new Google reviews' (when some have 4 or 5 stars: members who chose all of them) */
export const newGoogleReviewsCount = (count: number) => counted(count, 'new Google review', 'new Google reviews')
/** '1 Google review of 1-3 stars', '2 Google reviews of 1-3 stars' (the alerts' and digests' subjects) */
export const lowGoogleReviewsCount = (count: number) =>
  counted(count, `Google review of 1-${NEGATIVE_RATING_MAX} stars`, `Google reviews of 1-${NEGATIVE_RATING_MAX} stars`)
/** The count of a mail's Google reviews: of 1-3 stars when they all are, else new ones. */
export const googleReviewsCount = (reviews: { stars: number }[]) =>
  reviews.every((review) => review.stars <= NEGATIVE_RATING_MAX)
    ? lowGoogleReviewsCount(reviews.length)
    : newGoogleReviewsCount(reviews.length)
/** '8 with a comment' (of the private ratings) */
export const withCommentCount = (count: number) => `${formatCount(count)} with a comment`
/** '5 sent to Google' */
export const sentToGoogleCount = (count: number) => `${formatCount(count)} sent to Google`
/** Under the share sent to Google ('66.7%'), what it is a share of: '8 of 12 ratings'. */
export const sentShareLine = (sent: number, ratings: number) => `${formatCount(sent)} of ${ratingsCount(ratings)}`

/** What a private rating is, with how many of them carry a comment: 'Rated 3 or below, 8 with a comment'. */
export const privateRatingsLine = (withComment: number) => `Rated ${NEGATIVE_RATING_MAX} or below, ${withCommentCount(withComment)}`

/** Where a rating came from, as the feedback CSV says it. */
const RATING_SOURCES = {
  /** The business's own review link or QR poster. */
  link: 'Review link',
  /** A personal review request to one customer. */
  request: 'Personal request',
  /** A staff member's own link or QR code. */
  staff: 'Staff link',
} as const

/**
 * 'Review link', 'Personal request to Meera Iyer', 'Staff link of Ravi', or 'Personal request to Meera Iyer, sent
 * by Ravi' for a request a staff member sent.
 */
export function ratingSource(source: {
  customer: { name: string } | null
  staff: { name: string } | null
  reviewRequestId: number | null
}) {
  const { customer, staff, reviewRequestId } = source
  if (reviewRequestId !== null) {
    const to = customer ? `${RATING_SOURCES.request} to ${customer.name}` : RATING_SOURCES.request
    return staff ? `${to}, sent by ${staff.name}` : to
  }
  return staff ? `${RATING_SOURCES.staff} of ${staff.name}` : RATING_SOURCES.link
}
