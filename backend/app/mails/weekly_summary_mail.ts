import { meanRating } from '#lib/session_counts'
import { DateTime } from 'luxon'
import type User from '#models/user'
import { AppMail, linkTo } from '#mails/app_mail'
import { BUSINESS_TIME_ZONE } from '#lib/constants'

/** One business's ratings in one week. */
export interface WeekCounts {
  ratings: number
  ratingSum: number
  /** 4-5 star ratings that went on to the business's Google review page. */
  sentToGoogle: number
  /** Low ratings with text: the private feedback in the owner's inbox. */
  feedback: number
}

export interface BusinessWeek {
  businessId: number
  name: string
  week: WeekCounts
  weekBefore: WeekCounts
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

/** Mean star rating to one decimal, as the dashboard overview shows it. */
const average = ({ ratings, ratingSum }: WeekCounts) => meanRating(ratingSum, ratings)?.toFixed(1) ?? null

const sum = (weeks: WeekCounts[]): WeekCounts =>
  weeks.reduce(
    (total, week) => ({
      ratings: total.ratings + week.ratings,
      ratingSum: total.ratingSum + week.ratingSum,
      sentToGoogle: total.sentToGoogle + week.sentToGoogle,
      feedback: total.feedback + week.feedback,
    }),
    { ratings: 0, ratingSum: 0, sentToGoogle: 0, feedback: 0 }
  )

/** The lines one week's figures are shown as, in the HTML and the text part alike. */
const figures = (week: WeekCounts, weekBefore: WeekCounts) => {
  const mean = average(week)
  return [
    `${plural(week.ratings, 'rating', 'ratings')} (the week before: ${weekBefore.ratings})`,
    mean === null ? 'No average rating yet' : `Average rating ${mean} out of 5`,
    `${week.sentToGoogle} sent to Google (the week before: ${weekBefore.sentToGoogle})`,
    `${plural(week.feedback, 'private feedback message', 'private feedback messages')} (the week before: ${weekBefore.feedback})`,
  ]
}

/**
 * The weekly summary (docs/decisions.md D30): per business of the owner, last week's ratings, average rating, ratings
 * sent to Google and private feedback, next to the week before; a quiet week asks for the QR poster to go up.
 */
export default class WeeklySummaryMail extends AppMail {
  protected template = 'weekly_summary'
  protected kind = 'weekly-summary'
  protected recipient: string

  /** `weekStart`: the IST Monday ('YYYY-MM-DD') the summarised week starts on. */
  constructor(
    owner: User,
    private weekStart: string,
    private businesses: BusinessWeek[]
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
    return this.quiet ? `${where}: no new ratings` : `${where}: ${plural(ratings, 'rating', 'ratings')}, ${sentToGoogle} sent to Google`
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
      button: this.button(),
      reason: 'You get this mail because the weekly summary is on for your verified address on ReviewRoute.',
    }
  }
}
