/*
 * The customer page as the browser meets it (docs/decisions.md D31): GET /review/{code} renders the rating form
 * in the chosen language and gives the browser its device cookie; the form posts a rating to POST /review/{code}
 * (4-5: 303 to Google, always; 1-3: the feedback form), the feedback form posts to POST /review/{code}/feedback
 * (303 to /thanks). Everything works without JavaScript; the script takes over the same screens.
 */
import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import logger from '@adonisjs/core/services/logger'
import { errors as limiterErrors } from '@adonisjs/limiter'
import OpenReviewLink from '#actions/reviews/open_review_link'
import FindBusinessByCode from '#actions/reviews/find_business_by_code'
import CheckReviewAllowance from '#actions/reviews/check_review_allowance'
import SubmitReview from '#actions/reviews/submit_review'
import { FieldError, LinkPausedError, NotFoundError, UpgradeRequiredError } from '#exceptions/app_errors'
import { isPositiveRating } from '#contract/product_rules'
import { bundles } from '#web/bundles'
import { sendHtml } from '#web/html_response'
import { ensureDevice, raterOf } from '#web/review_device'
import { pageLanguage, renderReviewPage, translate, type FeedbackValues, type PageInput, type Screen } from '#web/review_page'
import { SWITCH_LANGUAGE_FIELD } from '#contract/review_form'
import { isReviewLanguage } from '#contract/review_messages/index'
import { pickReviewLanguage } from '#lib/review_language'
import { serializePublicBusiness } from '#serializers/businesses'
import Business from '#models/business'
import { brands } from '#services/brand/brands'
import RecordRequestProgress from '#actions/requests/record_request_progress'
import { requestOfToken } from '#queries/review_requests'
import { isRequestToken } from '#lib/request_tokens'
import { isStaffCode } from '#lib/staff_codes'
import { FEEDBACK_MAX_LENGTH } from '#lib/constants'
import { googleReviewLinkOf } from '#lib/app_url'
import { isDemoPlace } from '#contract/demo_places'
import { demoGooglePage } from '#web/demo_google_page'
import { feedbackFormValidator, ratingFormValidator } from '#validators/review'
import type { ReviewLinkDto } from '#types/api'

const NO_STORE = 'private, no-store'
const PAUSED = 'paused' as const

/** A posted rating as a whole number 1-5, or null. */
async function ratingOf(value: unknown) {
  const [error, form] = await ratingFormValidator.tryValidate({ rating: value })
  return error ? null : form.rating
}

const text = (value: unknown, max: number) => (typeof value === 'string' ? value.slice(0, max) : '')

export default class ReviewPageController {
  private findBusiness = new FindBusinessByCode()
  private checkAllowance = new CheckReviewAllowance()

  /**
   * The page's language: a language button the feedback form was posted with, `?lang=` or the form's `lang`, the
   * owner's pinned one, then the browser's.
   */
  private language(ctx: HttpContext, pinned: string | null | undefined) {
    const switched = ctx.request.input(SWITCH_LANGUAGE_FIELD)
    const requested = isReviewLanguage(switched) ? switched : ctx.request.input('lang')
    return pageLanguage(pickReviewLanguage(requested, pinned, ctx.request.header('accept-language')))
  }

  /** `business`: whose page it is, for its agency's brand (docs/decisions.md D42, "Brand"). */
  private async send(ctx: HttpContext, status: number, input: PageInput, screen: Screen, business?: Business | null) {
    const [template, brand] = await Promise.all([bundles.reviewHtml(), business ? brands.forWorkspace(business.workspaceId) : null])
    return sendHtml(ctx, status, template && renderReviewPage(template, { ...input, brand }, screen), NO_STORE)
  }

  private notFound(ctx: HttpContext, code: string) {
    const language = this.language(ctx, null)
    return this.send(
      ctx,
      404,
      { code, link: null, error: translate(language.messages, 'notFoundText'), ...language },
      { view: 'not-found' }
    )
  }

  /** A link an operator paused (docs/decisions.md D34): said politely, in the customer's language. */
  private paused(ctx: HttpContext, code: string) {
    const language = this.language(ctx, null)
    return this.send(ctx, 423, { code, link: null, error: translate(language.messages, 'pausedText'), ...language }, { view: 'paused' })
  }

  /**
   * The business behind the address's code for the page's handlers; when there is none (404) or an operator paused
   * it (423), that page is sent and the answer is null.
   */
  private async linkOr(ctx: HttpContext, code: string) {
    const business = await this.current(code)
    if (business && business !== PAUSED) return business
    await (business === PAUSED ? this.paused(ctx, code) : this.notFound(ctx, code))
    return null
  }

  /** An earlier code of the business: on to the current one, keeping the query (docs/decisions.md D31). */
  private async current(code: string) {
    try {
      return await this.findBusiness.handle(code)
    } catch (error) {
      if (error instanceof NotFoundError) return null
      if (error instanceof LinkPausedError) return PAUSED
      throw error
    }
  }

  /**
   * GET /review/{code}/google: where a 4-5 star rating of a demo-catalogue listing goes, a note that this is a demo
   * (no such place exists on Google, docs/decisions.md D59); a real listing's address goes on to its Google form.
   */
  async google(ctx: HttpContext) {
    const code = String(ctx.params.code)
    const business = await this.linkOr(ctx, code)
    if (!business) return
    if (!isDemoPlace(business.placeId)) return ctx.response.redirect().status(302).toPath(business.googleReviewUrl)
    return sendHtml(ctx, 200, demoGooglePage(business.name, `/review/${encodeURIComponent(business.shortUrl)}`), NO_STORE)
  }

  /** GET /review/{code}: the rating form, with the business inlined so nothing else is fetched. */
  @inject()
  async show(ctx: HttpContext, openLink: OpenReviewLink) {
    const code = String(ctx.params.code)
    const business = await this.linkOr(ctx, code)
    if (!business) return
    if (business.shortUrl !== code.toLowerCase()) {
      const query = ctx.request.url(true).slice(ctx.request.url().length)
      return ctx.response
        .redirect()
        .status(301)
        .toPath(`/review/${encodeURIComponent(business.shortUrl)}${query}`)
    }
    ensureDevice(ctx)
    const link = await openLink.handle(code)
    // `?rating=1..3`: the feedback form for that rating (an address the language links once gave it), unless ratings are closed.
    const rating = await ratingOf(ctx.request.input('rating'))
    const screen: Screen =
      rating !== null && !isPositiveRating(rating) && link.canSubmitReview ? { view: 'feedback', rating } : { view: 'rate' }
    return this.send(
      ctx,
      200,
      { code, link, staffCode: this.staffCodeOf(ctx, 's'), ...this.language(ctx, business.language) },
      screen,
      business
    )
  }

  /** POST /review/{code} `rating`: 4-5 on to Google (303) whatever happens; 1-3 the feedback form. */
  @inject()
  async rate(ctx: HttpContext, submitReview: SubmitReview) {
    const code = String(ctx.params.code)
    const business = await this.linkOr(ctx, code)
    if (!business) return
    const language = this.language(ctx, business.language)
    const link = this.linkOf(business)
    const rating = await ratingOf(ctx.request.input('rating'))
    if (rating === null) {
      return this.send(ctx, 400, { code, link, ...language }, { view: 'rate', error: translate(language.messages, 'tryAgain') }, business)
    }
    const requestToken = this.requestTokenOf(ctx)
    const staffCode = this.staffCodeOf(ctx, 'staff')
    if (!isPositiveRating(rating)) {
      // A business out of free ratings says so now, not after the customer has written their feedback.
      const allowance = await this.checkAllowance.handle(business)
      if (!allowance.allowed)
        return this.send(
          ctx,
          403,
          { code, link: { ...link, canSubmitReview: false }, requestToken, staffCode, ...language },
          { view: 'rate' },
          business
        )
      return this.send(ctx, 200, { code, link, requestToken, staffCode, ...language }, { view: 'feedback', rating }, business)
    }
    const rated = { rating, requestToken, staffCode, language: language.language }
    const { url } = (await submitReview.handle(code, rated, raterOf(ctx.request)).catch((error) => {
      logger.warn({ err: error }, 'a 4-5 form rating failed before storing; the customer goes on to Google')
      return { url: googleReviewLinkOf(business) }
    })) as { url: string }
    return ctx.response.redirect().status(303).toPath(url)
  }

  /**
   * GET /review/{code}/feedback?rating=&lang=: the feedback form's own address (what a phone shows after a language
   * button, docs/decisions.md D62) asked for again on a reload or a restored tab: the form for that 1-3 rating in that
   * language, empty (what was typed went with the POST). Without a 1-3 rating, the rating screen.
   */
  async feedbackPage(ctx: HttpContext) {
    const code = String(ctx.params.code)
    const business = await this.linkOr(ctx, code)
    if (!business) return
    const language = this.language(ctx, business.language)
    const rating = await ratingOf(ctx.request.input('rating'))
    if (rating === null || isPositiveRating(rating)) return this.toRatingScreen(ctx, business, language.language)
    ensureDevice(ctx)
    const link = this.linkOf(business)
    // A business out of free ratings says so before the customer writes, as after a tap.
    const allowance = await this.checkAllowance.handle(business)
    if (!allowance.allowed) {
      return this.send(ctx, 200, { code, link: { ...link, canSubmitReview: false }, ...language }, { view: 'rate' }, business)
    }
    return this.send(ctx, 200, { code, link, ...language }, { view: 'feedback', rating }, business)
  }

  /** POST /review/{code}/feedback: stores a 1-3 rating with its feedback and call-back, then 303 to /thanks. */
  @inject()
  async feedback(ctx: HttpContext, submitReview: SubmitReview) {
    const code = String(ctx.params.code)
    const business = await this.linkOr(ctx, code)
    if (!business) return
    const language = this.language(ctx, business.language)
    const { messages } = language
    const link = this.linkOf(business)
    const rating = await ratingOf(ctx.request.input('rating'))
    if (rating === null || isPositiveRating(rating)) return this.toRatingScreen(ctx, business, language.language)
    const values = this.feedbackValuesOf(ctx)
    const requestToken = this.requestTokenOf(ctx)
    const staffCode = this.staffCodeOf(ctx, 'staff')
    const again = (status: number, errors?: NonNullable<Extract<Screen, { view: 'feedback' }>['errors']>) =>
      this.send(ctx, status, { code, link, requestToken, staffCode, ...language }, { view: 'feedback', rating, values, errors }, business)
    // A language button: the same form in the chosen language, everything typed and ticked still in it; nothing stored.
    if (this.switchingLanguage(ctx)) return again(200)
    const [tooLong, form] = await feedbackFormValidator.tryValidate(values)
    if (tooLong) return again(422, { feedback: translate(messages, 'feedbackTooLong', { max: FEEDBACK_MAX_LENGTH }) })

    try {
      const result = await submitReview.handle(
        code,
        {
          rating,
          feedback: form.feedback || null,
          contactMe: form.contactMe,
          contactName: form.contactName || null,
          contactPhone: form.contactPhone || null,
          requestToken,
          staffCode,
          language: language.language,
        },
        raterOf(ctx.request)
      )
      const query = new URLSearchParams({ code: business.shortUrl, lang: language.language })
      if (!result.counted) query.set('already', '1')
      else if (form.contactMe) query.set('callback', '1')
      return ctx.response.redirect().status(303).toPath(`/thanks?${query}`)
    } catch (error) {
      if (error instanceof FieldError) return again(422, { contactPhone: translate(messages, 'contactPhoneInvalid') })
      if (error instanceof limiterErrors.E_TOO_MANY_REQUESTS) return again(429, { form: translate(messages, 'tooManyRequests') })
      if (error instanceof UpgradeRequiredError) {
        return this.send(ctx, 403, { code, link: { ...link, canSubmitReview: false }, ...language }, { view: 'rate' }, business)
      }
      if (error instanceof NotFoundError) return this.notFound(ctx, code)
      if (error instanceof LinkPausedError) return this.paused(ctx, code)
      logger.error({ err: error }, 'a feedback form could not be stored')
      return again(503, { form: translate(messages, 'tryAgain') })
    }
  }

  /**
   * GET /thanks?code=&lang=: the last screen, in the customer's language, naming the business when known, and
   * saying the number went to it when the customer asked to be called back (`callback=1`).
   */
  async thanks(ctx: HttpContext) {
    const code = text(ctx.request.input('code'), 64)
    const found = code ? await this.current(code).catch(() => null) : null
    const business = found === PAUSED ? null : found
    const language = this.language(ctx, business?.language)
    const link = business ? this.linkOf(business) : null
    const already = ctx.request.input('already') === '1'
    const callback = ctx.request.input('callback') === '1'
    return this.send(
      ctx,
      200,
      { code: business?.shortUrl ?? '', link, ...language },
      { view: 'thanks', businessName: business?.name ?? null, already, callback },
      business
    )
  }

  /** What the feedback form holds, cut to its fields' sizes (the validator then says when the feedback is too long). */
  /** The feedback form without a 1-3 rating: back to the rating screen, in the same language (303). */
  private toRatingScreen(ctx: HttpContext, business: { shortUrl: string }, language: string) {
    return ctx.response
      .redirect()
      .status(303)
      .toPath(`/review/${encodeURIComponent(business.shortUrl)}?lang=${language}`)
  }

  private feedbackValuesOf(ctx: HttpContext): FeedbackValues {
    const contactMe = ctx.request.input('contactMe')
    return {
      feedback: text(ctx.request.input('feedback'), FEEDBACK_MAX_LENGTH * 2),
      contactMe: contactMe !== undefined && contactMe !== null,
      contactName: text(ctx.request.input('contactName'), 100),
      contactPhone: text(ctx.request.input('contactPhone'), 20),
    }
  }

  /** The feedback form came through one of its language buttons rather than "Submit Feedback". */
  private switchingLanguage(ctx: HttpContext) {
    const switched = ctx.request.input(SWITCH_LANGUAGE_FIELD)
    return switched !== undefined && switched !== null
  }

  /** The personal link's token a form carried (`request`), if it looks like one. */
  private requestTokenOf(ctx: HttpContext) {
    const token = ctx.request.input('request')
    return isRequestToken(token) ? token : undefined
  }

  /** A staff code from the address (`s`) or a form (`staff`), if it looks like one. */
  private staffCodeOf(ctx: HttpContext, field: 's' | 'staff') {
    const code = ctx.request.input(field)
    return isStaffCode(code) ? code : undefined
  }

  /** The review request of `/r/{token}` and its business, or null. */
  private async requestOf(token: string) {
    const request = await requestOfToken(token)
    const business = request ? await Business.find(request.business_id) : null
    return request && business ? { request, business } : null
  }

  /**
   * GET /r/{token}: a review request's personal link (docs/decisions.md D32). The business's review page, with all
   * of its behaviour and languages; opening it marks the request opened, and a rating through it marks it rated.
   */
  @inject()
  async personal(ctx: HttpContext, openLink: OpenReviewLink, progress: RecordRequestProgress) {
    const token = String(ctx.params.token)
    const found = await this.requestOf(token)
    if (!found) return this.notFound(ctx, '')
    const { request, business } = found
    await progress.opened(request.id)
    ensureDevice(ctx)
    const link = await openLink.handle(business.shortUrl)
    const input = { code: business.shortUrl, link, requestToken: token, ...this.language(ctx, business.language) }
    return this.send(ctx, 200, input, { view: 'rate' }, business)
  }

  /** GET /r/{token}/stop: asks before opting out (link previews and scanners open links; only the button opts out). */
  async stopPage(ctx: HttpContext) {
    const token = String(ctx.params.token)
    const found = await this.requestOf(token)
    if (!found) return this.notFound(ctx, '')
    const link = this.linkOf(found.business)
    return this.send(
      ctx,
      200,
      { code: found.business.shortUrl, link, ...this.language(ctx, found.business.language) },
      { view: 'stop', token },
      found.business
    )
  }

  /** POST /r/{token}/stop: the customer gets no more review requests from this business. */
  @inject()
  async stop(ctx: HttpContext, progress: RecordRequestProgress) {
    const token = String(ctx.params.token)
    const found = await this.requestOf(token)
    if (!found) return this.notFound(ctx, '')
    await progress.optedOut(found.request.id, found.request.customer_id)
    const link = this.linkOf(found.business)
    return this.send(
      ctx,
      200,
      { code: found.business.shortUrl, link, ...this.language(ctx, found.business.language) },
      { view: 'stopped', token },
      found.business
    )
  }

  /** The page's view of a business without counting another page view (forms and thanks are not new visits). */
  private linkOf(business: Parameters<typeof serializePublicBusiness>[0]): ReviewLinkDto {
    return { business: serializePublicBusiness(business), canSubmitReview: true, reviewCount: business.reviewCount }
  }
}
