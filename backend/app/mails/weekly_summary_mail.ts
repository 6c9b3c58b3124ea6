import { meanRating } from '#lib/session_counts'
import { DateTime } from 'luxon'
import type User from '#models/user'
import { AppMail, linkTo } from '#mails/app_mail'
import { BUSINESS_TIME_ZONE, NEGATIVE_RATING_MAX } from '#lib/constants'
import { privateRatingsCount, ratingsCount, sentToGoogleCount, withCommentCount } from '#contract/vocabulary'

/** One business's ratings in one week. */
export interface WeekCounts {
  ratings: number
  ratingSum: number
  /** 4-5 star ratings that went on to the business's Google review page. */
  sentToGoogle: number
  /** Ratings of 3 or below: the private ratings in the owner's inbox. */
  privateRatings: number
  /** Of those, the ones with a comment. */
  withComment: number
}

/** The Google reviews of the owner's connected businesses (docs/decisions.md D47). */
export interface GoogleReviewsWeek {
  /** Written in the summarised week. */
  newInWeek: number
  /** Without a reply now; of them, 1-3 stars. */
  unanswered: number
  unansweredNegative: number
  /** Replied / all, 0-1; null without reviews. */
  responseRate: number | null
}

export interface BusinessWeek {
  businessId: number
  name: string
  week: WeekCounts
  weekBefore: WeekCounts
}

/** Mean star rating to one decimal, as the dashboard overview shows it. */
const average = ({ ratings, ratingSum }: WeekCounts) => meanRating(ratingSum, ratings)?.toFixed(1) ?? null

const sum = (weeks: WeekCounts[]): WeekCounts =>
  weeks.reduce(
    (total, week) => ({
      ratings: total.ratings + week.ratings,
      ratingSum: total.ratingSum + week.ratingSum,
      sentToGoogle: total.sentToGoogle + week.sentToGoogle,
      privateRatings: total.privateRatings + week.privateRatings,
      withComment: total.withComment + week.withComment,
    }),
    { ratings: 0, ratingSum: 0, sentToGoogle: 0, privateRatings: 0, withComment: 0 }
  )

/**
 * The lines one week's figures are shown as, in the HTML and the text part alike, in the dashboard's words
 * (docs/product-rules.md#words-for-the-figures).
 */
const figures = (week: WeekCounts, weekBefore: WeekCounts) => {
  const mean = average(week)
  return [
    `${ratingsCount(week.ratings)} (the week before: ${weekBefore.ratings})`,
    mean === null ? 'No average rating yet' : `Average rating ${mean} out of 5`,
    `${sentToGoogleCount(week.sentToGoogle)} (the week before: ${weekBefore.sentToGoogle})`,
    `${privateRatingsCount(week.privateRatings)}, ${withCommentCount(week.withComment)} (the week before: ${weekBefore.privateRatings})`,
  ]
}

/**
 * The weekly summary (docs/decisions.md D30): per business of the owner, last week's ratings, average rating, ratings
 * sent to Google and private ratings, next to the week before; a quiet week asks for the QR poster to go up.
 */
export default class WeeklySummaryMail extends AppMail {
  protected template = 'weekly_summary'
  protected kind = 'weekly-summary'
  protected recipient: string

  /** `weekStart`: the IST Monday ('YYYY-MM-DD') the summarised week starts on. */
  constructor(
    owner: User,
    private weekStart: string,
    private businesses: BusinessWeek[],
    private google: GoogleReviewsWeek | null = null
  ) {
    super()
    this.recipient = owner.email
    this.subject = this.heading()
  }

  private get total() {
    return sum(this.businesses.map((business) => business.week))
  }

  private get quiet() {
    return this.total.ratings === 0
  }

  private heading() {
    const where = this.businesses.length === 1 ? `Your week at ${this.businesses[0].name}` : 'Your week on ReviewRoute'
    const { ratings, sentToGoogle } = this.total
    return this.quiet ? `${where}: no new ratings` : `${where}: ${ratingsCount(ratings)}, ${sentToGoogleCount(sentToGoogle)}`
  }

  /** "16 Nov - 22 Nov 2026": Monday to Sunday of the summarised week. */
  private period() {
    const monday = DateTime.fromISO(this.weekStart, { zone: BUSINESS_TIME_ZONE, locale: 'en-IN' })
    return `${monday.toFormat('d LLL')} - ${monday.plus({ days: 6 }).toFormat('d LLL yyyy')}`
  }

  private button() {
    if (this.quiet) return { label: 'Get your QR poster', url: linkTo('/dashboard/qr-codes') }
    const [only] = this.businesses
    return this.businesses.length === 1
      ? { label: 'Open analytics', url: linkTo(`/business/${only.businessId}`) }
      : { label: 'Open analytics', url: linkTo('/dashboard/analytics') }
  }

  protected content() {
    const several = this.businesses.length > 1
    return {
      heading: this.heading(),
      period: this.period(),
      quiet: this.quiet,
      businesses: this.businesses.map((business) => ({
        name: business.name,
        figures: figures(business.week, business.weekBefore),
      })),
      total: several
        ? {
            label: `All ${this.businesses.length} businesses`,
            figures: figures(this.total, sum(this.businesses.map((business) => business.weekBefore))),
          }
        : null,
      google: this.google && {
        lines: [
          `${this.google.newInWeek === 1 ? '1 new Google review' : `${this.google.newInWeek} new Google reviews`} in the week`,
          `${this.google.unanswered} unanswered${
            this.google.unanswered > 0 ? `, ${this.google.unansweredNegative} of them with 1-${NEGATIVE_RATING_MAX} stars` : ''
          }`,
          this.google.responseRate === null
            ? 'No response rate yet'
            : `Response rate ${Math.round(this.google.responseRate * 1000) / 10}% (replied / all reviews)`,
        ],
        reply:
          this.google.unanswered > 0
            ? { label: 'Reply to unanswered reviews', url: linkTo('/feedbacks?source=google&replied=false') }
            : null,
      },
      button: this.button(),
      reason: 'You get this mail because the weekly summary is on for your verified address on ReviewRoute.',
    }
  }
}
