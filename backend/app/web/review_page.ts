/*
 * The customer page, rendered on the server (docs/decisions.md D31): the rating screen is a real form whose five
 * star buttons post `rating`, so a tap works at first paint and without JavaScript; 1-3 answer with the feedback
 * form (also a real form), which ends on /thanks. Each page is in the language the server chose (<html lang>),
 * and inlines that language's strings and the screen it shows, so the script, when it arrives, takes over the
 * same screen without fetching anything.
 */
import type { ReviewLanguage, ReviewMessageKey, ReviewMessages } from '#contract/review_messages/index'
import { REVIEW_LANGUAGES, translate } from '#contract/review_messages/index'

export { translate }
import { REVIEW_MESSAGES } from '#contract/review_messages/all'
import { FEEDBACK_MAX_LENGTH, RATING_MAX, isPositiveRating } from '#contract/product_rules'
import { FEEDBACK_FORM_ID, SWITCH_LANGUAGE_FIELD, feedbackAction } from '#contract/review_form'
import type { InlinedBrand, InlinedReview, ReviewLinkDto } from '#types/api'
import type { ShownBrand } from '#services/brand/shown_brand'
import { underBrand } from '#services/brand/under_brand'
import { escapeHtml, jsonForScript } from '#lib/html'

const STAR_PATH = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6L2.5 9.4l6.6-.8z'
const STAR = `<svg viewBox="0 0 24 24" aria-hidden="true"><path d="${STAR_PATH}"/></svg>`
const STARS = Array.from({ length: RATING_MAX }, (_, index) => index + 1)

/** The languages with their own names, in the switch's order. */
export const LANGUAGE_CHOICES = REVIEW_LANGUAGES.map((code) => ({ code, name: REVIEW_MESSAGES[code].languageName }))

export interface PageLanguage {
  language: ReviewLanguage
  messages: ReviewMessages
}

export const pageLanguage = (language: ReviewLanguage): PageLanguage => ({ language, messages: REVIEW_MESSAGES[language] })

export interface FeedbackValues {
  feedback: string
  contactMe: boolean
  contactName: string
  contactPhone: string
}

/** A feedback form's messages under its fields, and the one for the whole form. */
export interface FeedbackErrors {
  feedback?: string
  contactPhone?: string
  form?: string
}

export const EMPTY_FEEDBACK: FeedbackValues = { feedback: '', contactMe: false, contactName: '', contactPhone: '' }

/** Where the language switch goes: links to `path?lang=`, or buttons posting the feedback form with this id and rating. */
type LanguageSwitchTarget = { path: string } | { form: string; rating: number }

export type Screen =
  | { view: 'rate'; error?: string }
  | { view: 'feedback'; rating: number; values?: FeedbackValues; errors?: FeedbackErrors }
  | { view: 'not-found' }
  | { view: 'paused' }
  | { view: 'thanks'; businessName: string | null; already?: boolean; callback?: boolean }
  | { view: 'stop' | 'stopped'; token: string }

export interface PageInput extends PageLanguage {
  code: string
  link: ReviewLinkDto | null
  error?: string
  /** Opened from a review request's personal link: the forms carry its token (docs/decisions.md D32). */
  requestToken?: string
  /** Opened from a staff member's link or QR: the forms carry the code. */
  staffCode?: string
  /** The business's agency's brand (docs/decisions.md D42, "Brand"), shown instead of ReviewRoute's name. */
  brand?: ShownBrand | null
}

/** The brand's logo: an <img> from our origin with its size set, so the page grows by the tag alone. */
function brandLogoTag(brand: InlinedBrand) {
  if (!brand.logoUrl || !brand.logoWidth || !brand.logoHeight) return ''
  return `<img class="brand-logo" src="${escapeHtml(brand.logoUrl)}" width="${brand.logoWidth}" height="${brand.logoHeight}" alt="">`
}

/** The thanks page's own address (its language links keep the business, a repeat rating, an asked-for call-back). */
function thanksPath(code: string, { already, callback }: { already?: boolean; callback?: boolean }) {
  if (!code) return '/thanks'
  return `/thanks?code=${encodeURIComponent(code)}${already ? '&already=1' : ''}${callback ? '&callback=1' : ''}`
}

export function renderReviewPage(template: string, input: PageInput, screen: Screen) {
  const { language, link, code } = input
  const brand: InlinedBrand | null = input.brand
    ? { name: input.brand.name, logoUrl: input.brand.logoUrl, logoWidth: input.brand.logoWidth, logoHeight: input.brand.logoHeight }
    : null
  // Under an agency's brand, the line naming ReviewRoute names the agency (in every language).
  const messages = brand ? { ...input.messages, poweredBy: underBrand(input.messages.poweredBy, brand) } : input.messages
  const t = (key: ReviewMessageKey, params?: Record<string, string | number>) => escapeHtml(translate(messages, key, params))
  const business = link?.business ?? null

  const inlined: InlinedReview = {
    code,
    link,
    ...(input.error ? { error: input.error } : {}),
    view: screen.view,
    ...(screen.view === 'feedback' ? { rating: screen.rating } : {}),
    ...(screen.view === 'thanks' && screen.already ? { already: true } : {}),
    ...(screen.view === 'thanks' && screen.callback ? { callback: true } : {}),
    ...(input.requestToken ? { requestToken: input.requestToken } : {}),
    ...(input.staffCode ? { staffCode: input.staffCode } : {}),
    language,
    messages,
    languages: LANGUAGE_CHOICES,
    ...(brand ? { brand } : {}),
  }

  // Links to the same screen in another language; on a form with something typed in it, buttons that post the form
  // (contract/review_form.ts), so the server renders it again in the chosen language with everything still filled in.
  const languageSwitch = (to: LanguageSwitchTarget) =>
    `<nav class="language" aria-label="${t('language')}">` +
    LANGUAGE_CHOICES.map(({ code: choice, name }) => {
      const current = choice === language ? ' aria-current="true" class="language__on"' : ''
      if ('form' in to) {
        const action = escapeHtml(feedbackAction(code, to.rating, choice))
        return `<button type="submit" form="${to.form}" formaction="${action}" name="${SWITCH_LANGUAGE_FIELD}" value="${choice}" formnovalidate lang="${choice}"${current}>${escapeHtml(name)}</button>`
      }
      const path = to.path
      return `<a href="${escapeHtml(path)}${path.includes('?') ? '&amp;' : '?'}lang=${choice}" lang="${choice}" hreflang="${choice}"${current}>${escapeHtml(name)}</a>`
    }).join('') +
    '</nav>'
  const footer = (to: string | LanguageSwitchTarget) =>
    `<footer class="footer">${languageSwitch(typeof to === 'string' ? { path: to } : to)}<span class="muted small">${brand ? brandLogoTag(brand) : ''}${t('poweredBy')}</span></footer>`
  const header = business
    ? `<header class="business"><h1 class="business__name" elementtiming="business-name">${escapeHtml(business.name)}</h1>` +
      `<p class="business__address">${escapeHtml(business.address)}</p></header>`
    : ''
  const reviewPath = `/review/${encodeURIComponent(code)}`
  // The rating screen's language links keep the staff member a link or QR came through.
  const staffQuery = input.staffCode ? `?s=${encodeURIComponent(input.staffCode)}` : ''
  const hiddenLanguage =
    `<input type="hidden" name="lang" value="${language}">` +
    (input.requestToken ? `<input type="hidden" name="request" value="${escapeHtml(input.requestToken)}">` : '') +
    (input.staffCode ? `<input type="hidden" name="staff" value="${escapeHtml(input.staffCode)}">` : '')

  /** The 1-3 rating's feedback form (D31), empty or as sent with its errors. */
  const feedbackScreen = (
    listing: NonNullable<typeof link>['business'],
    rating: number,
    values: FeedbackValues,
    errors: FeedbackErrors
  ) => {
    const fieldError = (id: string, message?: string) =>
      message ? `<p class="error" id="${id}" role="alert">${escapeHtml(message)}</p>` : ''
    return (
      `<main class="card">${header}` +
      `<form class="feedback" id="${FEEDBACK_FORM_ID}" method="post" action="${escapeHtml(feedbackAction(code, rating, language))}">${hiddenLanguage}` +
      `<input type="hidden" name="rating" value="${rating}">` +
      `<h2>${t('feedbackTitle')}</h2>` +
      `<div class="stars stars--static" aria-hidden="true">${STARS.map((star) => `<span class="star${star <= rating ? ' star--on' : ''}">${STAR}</span>`).join('')}</div>` +
      `<p class="muted">${t('yourRating', { count: rating })}</p>` +
      `<label for="feedback">${t('improveLabel')}</label>` +
      `<textarea id="feedback" name="feedback" rows="5" maxlength="${FEEDBACK_MAX_LENGTH}" placeholder="${t('improvePlaceholder', { business: listing.name })}"${errors.feedback ? ' aria-invalid="true" aria-describedby="feedback-error"' : ''}>${escapeHtml(values.feedback)}</textarea>` +
      fieldError('feedback-error', errors.feedback) +
      `<fieldset class="contact"><legend>${t('contactLegend', { business: listing.name })}</legend>` +
      `<label class="check"><input type="checkbox" name="contactMe" value="1"${values.contactMe ? ' checked' : ''}> ${t('contactMe')}</label>` +
      `<label for="contactName">${t('contactName')}</label>` +
      `<input id="contactName" name="contactName" maxlength="100" autocomplete="name" value="${escapeHtml(values.contactName)}">` +
      `<label for="contactPhone">${t('contactPhone')}</label>` +
      `<input id="contactPhone" name="contactPhone" type="tel" inputmode="tel" maxlength="20" autocomplete="tel-national" value="${escapeHtml(values.contactPhone)}"${errors.contactPhone ? ' aria-invalid="true" aria-describedby="contactPhone-error"' : ''}>` +
      fieldError('contactPhone-error', errors.contactPhone) +
      `<p class="hint">${t('contactPrivacy', { business: listing.name })}</p></fieldset>` +
      fieldError('form-error', errors.form) +
      `<button class="primary" type="submit">${t('submitFeedback')}</button>` +
      (listing.complianceMode
        ? `<a class="secondary-link" href="${escapeHtml(listing.googleReviewUrl)}" target="_blank" rel="noopener noreferrer">${t('postOnGoogle')}</a>`
        : '') +
      `<a class="text-button" href="${reviewPath}?lang=${language}">${t('changeRating')}</a>` +
      `</form>${footer({ form: FEEDBACK_FORM_ID, rating })}</main>`
    )
  }

  let body: string
  let title: string
  let feedbackTemplates = ''
  if (screen.view === 'thanks') {
    title = translate(messages, 'thanksTitle')
    const name = screen.businessName ?? business?.name ?? null
    const text = name ? t(screen.already ? 'alreadyRated' : 'thanksText', { business: name }) : t('thanksGeneric')
    // A repeat rating is not stored, and neither is its call-back: only a stored one is confirmed.
    const callback = name && screen.callback && !screen.already ? `<p class="muted">${t('callbackText', { business: name })}</p>` : ''
    body =
      `<main class="card card--center"><div class="tick" aria-hidden="true">✓</div><h1>${t('thanksTitle')}</h1>` +
      `<p class="muted">${text}</p>${callback}${footer(thanksPath(code, screen))}</main>`
  } else if ((screen.view === 'stop' || screen.view === 'stopped') && business) {
    const stopPath = `/r/${encodeURIComponent(screen.token)}/stop`
    title = translate(messages, screen.view === 'stop' ? 'stopTitle' : 'stoppedTitle')
    body =
      `<main class="card card--center"><h1>${escapeHtml(title)}</h1>` +
      (screen.view === 'stop'
        ? `<p class="muted">${t('stopText', { business: business.name })}</p>` +
          `<form method="post" action="${stopPath}"><input type="hidden" name="lang" value="${language}">` +
          `<button class="primary" type="submit">${t('stopButton')}</button></form>`
        : `<p class="muted">${t('stoppedText', { business: business.name })}</p>`) +
      `${footer(stopPath)}</main>`
  } else if (screen.view === 'paused') {
    title = translate(messages, 'pausedTitle')
    body = `<main class="card card--center"><h1>${t('pausedTitle')}</h1><p class="muted">${t('pausedText')}</p>${footer(reviewPath)}</main>`
  } else if (screen.view === 'not-found' || !business) {
    title = translate(messages, 'notFoundTitle')
    body =
      `<main class="card card--center"><h1>${t('notFoundTitle')}</h1><p class="muted">${t('notFoundText')}</p>` +
      `<p class="muted small">${t('notFoundHelp')}</p>${footer(reviewPath)}</main>`
  } else if (screen.view === 'feedback') {
    title = translate(messages, 'pageTitle', { business: business.name })
    body = feedbackScreen(business, screen.rating, screen.values ?? EMPTY_FEEDBACK, screen.errors ?? {})
  } else {
    title = translate(messages, 'pageTitle', { business: business.name })
    const blocked = link && !link.canSubmitReview
    body =
      `<main class="card">${header}` +
      `<form class="rate" method="post" action="${reviewPath}">${hiddenLanguage}` +
      `<h2>${t('question')}</h2><p class="muted">${t('tapStars')}</p>` +
      (blocked
        ? `<div class="alert alert--amber" role="alert"><p>${t('reviewLimit')}</p>` +
          `<a class="alert__action" href="/billing" target="_blank" rel="noopener">${t('upgrade')}</a></div>`
        : '') +
      `<div class="stars" role="group" aria-label="${t('starsGroup')}">` +
      STARS.map(
        (star) =>
          `<button class="star" type="submit" name="rating" value="${star}" aria-label="${t('rateAria', { count: star })}"${blocked ? ' disabled' : ''}>${STAR}</button>`
      ).join('') +
      '</div>' +
      (screen.view === 'rate' && screen.error ? `<p class="error" role="alert">${escapeHtml(screen.error)}</p>` : '') +
      `<p class="hint">${t('helps', { business: business.name })}</p>` +
      `</form>${footer(`${reviewPath}${staffQuery}`)}</main>`
    // The feedback form of each rating that leads to one, as the server answers that tap: the entry script shows it
    // the moment the star is tapped, without the round trip (D62). Inert until then, outside what the takeover
    // draws; without scripts, unused.
    if (!blocked) {
      feedbackTemplates = STARS.filter((star) => !isPositiveRating(star))
        .map((star) => `<template data-feedback-rating="${star}">${feedbackScreen(business, star, EMPTY_FEEDBACK, {})}</template>`)
        .join('')
    }
  }

  // Replacement functions, not strings: a name holding `$'`, `$&` or `` $` `` is text, never a replacement pattern.
  return template
    .replace(/<html lang="[^"]*"/, () => `<html lang="${language}"`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
    .replace('<!--review-head-->', () => `<script id="review-data" type="application/json">${jsonForScript(inlined)}</script>`)
    .replace('<!--review-prepaint-->', () => body)
    .replace('<!--review-templates-->', () => feedbackTemplates)
}
