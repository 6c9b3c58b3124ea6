import vine from '@vinejs/vine'
import { messages } from '#validators/messages'
import { FEEDBACK_MAX_LENGTH, RATING_MAX, RATING_MIN } from '#lib/constants'
import { REVIEW_LANGUAGES } from '#contract/review_messages/index'

/** A JSON integer 1-5 (strings such as "5" are refused: the page always sends numbers). */
export const submitReviewValidator = vine.compile(
  vine.object({
    rating: vine.number({ strict: true }).withoutDecimals().range([RATING_MIN, RATING_MAX]),
    feedback: vine.string().trim().maxLength(FEEDBACK_MAX_LENGTH).nullable().optional(),
    /** The call-back after a 1-3 rating (docs/decisions.md D31): only with the tick are name and phone kept. */
    contactMe: vine.boolean({ strict: true }).optional(),
    contactName: vine.string().trim().maxLength(100).nullable().optional(),
    contactPhone: vine.string().trim().maxLength(20).nullable().optional(),
    /** The personal link's token when the page was opened from a review request (docs/decisions.md D32). */
    requestToken: vine.string().trim().maxLength(40).nullable().optional(),
    /** The staff code of the link or QR the page was opened from (`?s=`). */
    staffCode: vine.string().trim().maxLength(16).nullable().optional(),
    /** The page's language (docs/decisions.md D65): a personal link's customer is next asked in it. */
    language: vine.enum(REVIEW_LANGUAGES).optional(),
  })
)
submitReviewValidator.messagesProvider = messages

export const resolveFeedbackValidator = vine.compile(
  vine.object({
    resolved: vine.boolean({ strict: true }),
  })
)
resolveFeedbackValidator.messagesProvider = messages

/** A star as the page without JavaScript posts it (or `?rating=` carries it): the digit of the button pressed. */
const formRating = () =>
  vine
    .string()
    .regex(new RegExp(`^[${RATING_MIN}-${RATING_MAX}]$`))
    .transform(Number)

/** POST /review/{code} (docs/decisions.md D31); the page answers a failure in the customer's language. */
export const ratingFormValidator = vine.compile(vine.object({ rating: formRating() }))

/**
 * POST /review/{code}/feedback (its `rating` as ratingFormValidator): the feedback and the optional call-back, as the
 * page keeps them to show again (text already cut to a bound); the phone is checked with the rating, by SubmitReview.
 */
export const feedbackFormValidator = vine.compile(
  vine.object({
    feedback: vine.string().trim().maxLength(FEEDBACK_MAX_LENGTH),
    contactMe: vine.boolean({ strict: true }),
    contactName: vine.string().trim(),
    contactPhone: vine.string().trim(),
  })
)
