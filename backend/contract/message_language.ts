/*
 * The language a review request goes out in (docs/decisions.md D65), one rule for the server that sends it and the
 * dashboard that shows it: the owner's choice for the customer, else the customer page's language the customer last
 * rated in through a personal link, else the business's language (the pinned one; with none pinned, the language
 * most of its recent ratings were given in; else English). A WhatsApp Business template exists per language: a
 * language without one goes out in English.
 */
import type { ReviewLanguage } from './review_messages/index.js'

/** Where a customer's message language comes from. */
export type MessageLanguageSource = 'chosen' | 'rated' | 'business' | 'customers' | 'english'

/** A business's language for customers with none of their own, and where it comes from. */
export interface BusinessMessageLanguage {
  language: ReviewLanguage
  source: Extract<MessageLanguageSource, 'business' | 'customers' | 'english'>
}

export interface MessageLanguage {
  language: ReviewLanguage
  source: MessageLanguageSource
}

/** How many of a business's latest ratings are counted for the language most of its customers rate in. */
export const RECENT_RATINGS_FOR_LANGUAGE = 500

/** The business's language: `pinned`, else `mostRated` (the language most of its recent ratings were in), else English. */
export function businessMessageLanguage(pinned: ReviewLanguage | null, mostRated: ReviewLanguage | null): BusinessMessageLanguage {
  if (pinned) return { language: pinned, source: 'business' }
  if (mostRated) return { language: mostRated, source: 'customers' }
  return { language: 'en', source: 'english' }
}

/** A customer's language: the owner's choice, else the one they last rated in, else the business's. */
export function messageLanguage(
  customer: { language: ReviewLanguage | null; ratedLanguage: ReviewLanguage | null } | null,
  business: BusinessMessageLanguage
): MessageLanguage {
  if (customer?.language) return { language: customer.language, source: 'chosen' }
  if (customer?.ratedLanguage) return { language: customer.ratedLanguage, source: 'rated' }
  return business
}

/** The WhatsApp Business template's language for a message in `language`: its own when it has one, else English. */
export const whatsappTemplateLanguage = (language: ReviewLanguage, templates: readonly ReviewLanguage[]): ReviewLanguage =>
  templates.includes(language) ? language : 'en'

/** Each language's English name, as the dashboard names it to the owner. */
export const LANGUAGE_ENGLISH_NAMES: Record<ReviewLanguage, string> = {
  en: 'English',
  hi: 'Hindi',
  bn: 'Bengali',
  mr: 'Marathi',
  te: 'Telugu',
  ta: 'Tamil',
  gu: 'Gujarati',
  kn: 'Kannada',
  ml: 'Malayalam',
}

/** Why the message goes out in its language, as the send form says it after the language's name. */
export const MESSAGE_LANGUAGE_REASONS: Record<MessageLanguageSource, string> = {
  chosen: 'you chose it for this customer',
  rated: 'the language they rated in',
  business: "your business's language",
  customers: 'the language most of your customers rate in',
  english: 'no language known for them yet',
}

/** Said on the send form when WhatsApp Business has no approved template in the customer's language. */
export const whatsappFallbackNote = (language: ReviewLanguage) =>
  `Your WhatsApp Business number has no approved template in ${LANGUAGE_ENGLISH_NAMES[language]}: this request goes out in English. Add one under "WhatsApp Business".`
