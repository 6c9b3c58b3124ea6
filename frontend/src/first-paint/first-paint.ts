/*
 * The first paint (docs/decisions.md D40): on a phone the app's scripts take seconds to arrive over
 * slow 4G and run when they are not cached (the first visit, the first after a release), and about a second to run
 * when they are, while the first screen's API answers (asked for by the early script, early-requests.ts) are in
 * after about one round trip. As soon as they are, this draws the phone overview's first screen from them: the header, the banners, the welcome strip and the four cards, as HTML the app's own components
 * rendered at build time (prerender.tsx), with the owner's texts from the same functions the app uses. It is not
 * interactive (`inert`, and hidden from screen readers, who hear "Loading your dashboard..." meanwhile): it shows the
 * owner their numbers until the app, drawing unseen underneath, has the same screen and takes over (dismiss.ts).
 * Nothing is drawn when anything is unusual (another route, a wider screen, an answer missing or failed, no
 * business, an operator, a locked account, more trial days than the banner knows) or when the app has drawn its
 * own screen first.
 */
import type { BusinessDto, OverviewResponse, TrialStatusDto, UserDto } from '@reviewroute/backend/types/api'
import { showsTrialBanner } from '#lib/access'
import { businessLabel } from '#lib/business-label'
import { greetingName, initials, welcomeTitle } from '#lib/greeting'
import { statCardTexts, statCountsOf } from '#lib/overview-texts'
import { pickSelected, rememberedBusiness } from '#lib/selected-business'
import { isTrialBannerDismissed } from '#lib/trial-banner-dismissal'
import { needsEmailVerification } from '#lib/verification'
import { appHasDrawn, dismissFirstPaint, FIRST_PAINT_CLASS, FIRST_PAINT_ID, FIRST_PAINT_STATUS_ID } from './dismiss'
import { fill, PIECES_ID, type FirstPaintPieces } from './pieces'

/** Below antd's md breakpoint the app draws the phone layout the pieces are. */
export const PHONE_QUERY = '(max-width: 767.98px)'
/** An app that has not taken over by then is not coming (a script failed): the first paint goes. */
export const FIRST_PAINT_MAX_MS = 20_000

export interface FirstScreenData {
  user: UserDto | null
  trial: TrialStatusDto | null
  businesses: BusinessDto[] | null
  overview: OverviewResponse | null
  /** The business the owner last selected on this device (hooks/use-businesses.tsx), if any. */
  remembered: number | null
}

/** The first screen's HTML for these answers, or null when the first paint should not be drawn. */
export function firstScreenHtml(pieces: FirstPaintPieces, { user, trial, businesses, overview, remembered }: FirstScreenData) {
  if (!user || user.role === 'operator' || !trial || trial.isLimited) return null
  if (!Array.isArray(businesses) || !businesses.length || !Array.isArray(overview?.businesses)) return null
  const selected = pickSelected(businesses, remembered)!
  const counts = overview.businesses.find((entry) => entry.businessId === selected.id)
  if (!counts) return null

  const banners: string[] = []
  if (needsEmailVerification(user)) banners.push(pieces.verify)
  // As the app draws it: not once the owner closed it today (lib/trial-banner-dismissal.ts).
  if (showsTrialBanner(trial) && !isTrialBannerDismissed(trial)) {
    const banner = pieces.trial[String(trial.trialDaysRemaining)]
    if (!banner) return null
    banners.push(banner)
  }
  const texts = statCardTexts(selected, statCountsOf(counts))
  return fill(
    pieces.shell,
    {
      greetingName: greetingName(user),
      businessLabel: businessLabel(selected, businesses),
      initials: initials(user),
      imageUrl: user.profileImageUrl ?? '',
      email: user.email,
      welcomeTitle: welcomeTitle(user),
      businessName: texts.name,
      address: texts.address,
      total: texts.total,
      average: texts.average,
      google: texts.google,
      note: texts.note ?? '',
      privateRatings: texts.privateRatings,
      privateLine: texts.privateLine,
    },
    {
      leading: businesses.length > 1 ? pieces.selector : pieces.greeting,
      avatar: user.profileImageUrl ? pieces.image : pieces.initials,
      banners: banners.join(''),
      welcome: pieces.welcome,
      cards: texts.note ? pieces.cardsWithNote : pieces.cards,
    }
  )
}

/**
 * Draws the first paint once `answers` are in, if it should be drawn: above the app's root, which styles.css hides
 * meanwhile (FIRST_PAINT_CLASS). `answers` resolves to the early requests' answers (null where one failed).
 */
export async function paintFirstScreen(answers: Promise<Omit<FirstScreenData, 'remembered'>>, doc: Document = document) {
  const view = doc.defaultView
  if (view?.location.pathname !== '/dashboard' || !view.matchMedia?.(PHONE_QUERY).matches) return false
  const source = doc.getElementById(PIECES_ID)?.textContent
  if (!source) return false
  const data = await answers.catch(() => null)
  const root = doc.getElementById('root')
  // The app may have drawn its own screen meanwhile (a quick network, its files cached): that is what the owner sees
  // then. Its loading states (a spinner, placeholder cards) the first paint covers until it has.
  if (!data || !root || appHasDrawn(doc) || view.location.pathname !== '/dashboard') return false
  let html: string | null
  try {
    html = firstScreenHtml(JSON.parse(source) as FirstPaintPieces, { ...data, remembered: rememberedBusiness(data.user?.id) })
  } catch {
    return false
  }
  if (!html) return false
  const layer = doc.createElement('div')
  layer.id = FIRST_PAINT_ID
  layer.setAttribute('inert', '')
  layer.setAttribute('aria-hidden', 'true')
  layer.innerHTML = html
  const status = doc.createElement('p')
  status.id = FIRST_PAINT_STATUS_ID
  status.setAttribute('role', 'status')
  status.textContent = 'Loading your dashboard...'
  root.before(status, layer)
  // The app underneath is not seen, so not to be reached either (keyboard, screen reader) until it takes over.
  root.setAttribute('inert', '')
  doc.documentElement.classList.add(FIRST_PAINT_CLASS)
  view.setTimeout(() => dismissFirstPaint(doc), FIRST_PAINT_MAX_MS)
  return true
}
