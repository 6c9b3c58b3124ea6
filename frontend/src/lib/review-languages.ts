/*
 * The customer page's nine languages as the dashboard offers them (docs/decisions.md D31), and the poster's
 * printed sentences in the business's language. Each language's strings are their own lazy chunk, loaded only
 * when a poster needs them, so the dashboard never carries all nine.
 */
import { en, REVIEW_LANGUAGES, type ReviewLanguage, type ReviewMessages } from '@reviewroute/backend/contract/review_messages/index'
import type { PosterTexts } from '@reviewroute/web-shared/qr'
import { POSTER_MESSAGES, SECOND_POSTER_LANGUAGE } from '@reviewroute/backend/contract/poster_messages'
import { underBrand } from '@reviewroute/backend/contract/under_brand'

export { REVIEW_LANGUAGES, type ReviewLanguage }

/** Each language by its own name, as the customer page's switch shows it (the modules' `languageName`). */
export const LANGUAGE_NAMES: Record<ReviewLanguage, string> = {
  en: 'English',
  hi: 'हिंदी',
  bn: 'বাংলা',
  mr: 'मराठी',
  te: 'తెలుగు',
  ta: 'தமிழ்',
  gu: 'ગુજરાતી',
  kn: 'ಕನ್ನಡ',
  ml: 'മലയാളം',
}

/** The label of "no pinned language" (null): each customer sees the page in their phone's language. */
export const PHONE_LANGUAGE = "Customer's phone language"

/** The language under English on the poster when none is pinned: the same as the printed PDF's. */
export { SECOND_POSTER_LANGUAGE }

type PosterMessages = Pick<ReviewMessages, 'posterScan' | 'poweredBy'>
export type LoadMessages = (language: ReviewLanguage) => Promise<PosterMessages>

// One dynamic import per language: each is its own chunk, fetched only when a poster needs it. English is
// already here through the index.
type Module = Promise<{ default: PosterMessages }>
const MODULES: Record<Exclude<ReviewLanguage, 'en'>, () => Module> = {
  hi: () => import('@reviewroute/backend/contract/review_messages/hi'),
  bn: () => import('@reviewroute/backend/contract/review_messages/bn'),
  mr: () => import('@reviewroute/backend/contract/review_messages/mr'),
  te: () => import('@reviewroute/backend/contract/review_messages/te'),
  ta: () => import('@reviewroute/backend/contract/review_messages/ta'),
  gu: () => import('@reviewroute/backend/contract/review_messages/gu'),
  kn: () => import('@reviewroute/backend/contract/review_messages/kn'),
  ml: () => import('@reviewroute/backend/contract/review_messages/ml'),
}

/** One language's messages, loaded on demand. */
export const loadMessages: LoadMessages = async (language) => (language === 'en' ? en : (await MODULES[language]()).default)

/**
 * One language's poster texts: the customer page's scan sentence, the printed poster's sentence under the stars
 * (the rating is given on the phone: printed stars cannot be tapped), and the powered-by line, naming a client's
 * agency under its brand.
 */
const posterTextsOf = (language: ReviewLanguage, messages: PosterMessages, brand: { name: string } | null): PosterTexts => ({
  scan: messages.posterScan,
  rate: POSTER_MESSAGES[language].rateOnPhone,
  poweredBy: underBrand(messages.poweredBy, brand),
})

/**
 * The poster's texts: the pinned language's alone; with no pin, English with Hindi under it, since the
 * customers' phones are not known when the poster is printed.
 */
export async function posterTextsFor(
  language: ReviewLanguage | null,
  load: LoadMessages = loadMessages,
  brand: { name: string } | null = null
): Promise<PosterTexts[]> {
  if (language !== null) return [posterTextsOf(language, await load(language), brand)]
  return [posterTextsOf('en', en, brand), posterTextsOf(SECOND_POSTER_LANGUAGE, await load(SECOND_POSTER_LANGUAGE), brand)]
}
