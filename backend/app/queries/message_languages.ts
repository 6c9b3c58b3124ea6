/*
 * The language a review request goes out in (docs/decisions.md D65; the rule is contract/message_language.ts): the
 * business's, counted from its latest ratings when the owner pinned none, and each customer's.
 */
import db from '@adonisjs/lucid/services/db'
import type Business from '#models/business'
import type Customer from '#models/customer'
import { isReviewLanguage, type ReviewLanguage } from '#contract/review_messages/index'
import { businessMessageLanguage, messageLanguage, RECENT_RATINGS_FOR_LANGUAGE, type MessageLanguage } from '#contract/message_language'

/**
 * The page language most of the business's latest ratings were given in, or null when none of them has one. Only the
 * latest RECENT_RATINGS_FOR_LANGUAGE are read (the index on business and time), so a large business costs the same.
 */
export async function mostRatedLanguage(businessId: number): Promise<ReviewLanguage | null> {
  const [rows] = await db.rawQuery(
    `SELECT language, COUNT(*) AS ratings FROM (
       SELECT language FROM review_sessions WHERE business_id = ? ORDER BY created_at DESC, id DESC LIMIT ?
     ) AS latest
     WHERE language IS NOT NULL GROUP BY language ORDER BY ratings DESC, language LIMIT 1`,
    [businessId, RECENT_RATINGS_FOR_LANGUAGE]
  )
  const language = rows[0]?.language
  return isReviewLanguage(language) ? language : null
}

/** The business's language for customers with none of their own. */
export async function businessLanguageOf(business: Pick<Business, 'id' | 'language'>) {
  return businessMessageLanguage(business.language, business.language ? null : await mostRatedLanguage(business.id))
}

/** The language this customer's messages go out in (the business's is only looked up when they have none). */
export async function customerLanguageOf(
  customer: Pick<Customer, 'language' | 'ratedLanguage'>,
  business: Pick<Business, 'id' | 'language'>
): Promise<MessageLanguage> {
  const own = customer.language || customer.ratedLanguage
  return messageLanguage(customer, own ? businessMessageLanguage(null, null) : await businessLanguageOf(business))
}
