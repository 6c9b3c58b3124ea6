/*
 * Names the customer page's server markup (app/web/review_page.ts) and the review bundle share, so the bundle's
 * screens post the same forms the server answers (docs/decisions.md D31). No framework imports: the bundle takes it.
 */

/** The feedback form's id: its language buttons sit in the footer, outside the form, and belong to it by `form=`. */
export const FEEDBACK_FORM_ID = 'feedback-form'

/**
 * What a language button posts the feedback form with: the server answers with the same form in that language,
 * with everything typed and ticked still in it, and stores nothing.
 */
export const SWITCH_LANGUAGE_FIELD = 'switchLang'

/**
 * The feedback form's address, and its language buttons' (`formaction`): the rating and the language in the query,
 * so the address a phone shows after a language switch, asked for again on a reload or a restored tab, draws the
 * same form (docs/decisions.md D62). What was typed travels in the body only.
 */
export const feedbackAction = (code: string, rating: number, language: string) =>
  `/review/${encodeURIComponent(code)}/feedback?rating=${rating}&lang=${encodeURIComponent(language)}`
