/*
 * The templates owners' alerts go out in from ReviewRoute's own number (docs/decisions.md D69, D71), as Meta's
 * create-template bodies: the authentication code that proves a member's number, and the utility alerts (a private
 * low rating, a Google review, a summary) with the buttons a member acts with, each in the nine alert languages
 * (contract/alert_texts). `node ace whatsapp:platform-templates` creates the missing ones and shows every one's state.
 */
import { appUrl } from '#lib/app_url'
import { ALERT_CODE_TEMPLATE } from '#lib/whatsapp_platform'
import { ALERT_TEXTS, type AlertTexts } from '#contract/alert_texts'
import { REVIEW_LANGUAGES } from '#contract/review_messages/index'

export const FEEDBACK_ALERT_TEMPLATE = 'reviewroute_feedback_alert'
export const GOOGLE_REVIEW_ALERT_TEMPLATE = 'reviewroute_google_review_alert'
export const SUMMARY_TEMPLATE = 'reviewroute_summary'

/** A link button to the dashboard: the path after the app's address is the message's parameter. */
const openButton = (texts: AlertTexts, example: string) => ({
  type: 'URL',
  text: texts.openButton,
  url: `${appUrl('/')}{{1}}`,
  example: [appUrl(`/${example}`)],
})

/** The alert templates in one language. */
function alertTemplates(language: (typeof REVIEW_LANGUAGES)[number]) {
  const texts = ALERT_TEXTS[language]
  return [
    {
      name: FEEDBACK_ALERT_TEMPLATE,
      language,
      category: 'UTILITY',
      components: [
        { type: 'BODY', text: texts.feedbackTemplate, example: { body_text: [['2', 'Chai Point', 'Kavya', 'The food was cold']] } },
        {
          type: 'BUTTONS',
          buttons: [
            { type: 'QUICK_REPLY', text: texts.callBackButton },
            { type: 'QUICK_REPLY', text: texts.markResolvedButton },
            openButton(texts, 'feedbacks'),
          ],
        },
      ],
    },
    {
      name: GOOGLE_REVIEW_ALERT_TEMPLATE,
      language,
      category: 'UTILITY',
      components: [
        { type: 'BODY', text: texts.googleReviewTemplate, example: { body_text: [['1', 'Chai Point', 'Ravi', 'Waited 40 minutes']] } },
        { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: texts.draftReplyButton }, openButton(texts, 'dashboard/google')] },
      ],
    },
    {
      name: SUMMARY_TEMPLATE,
      language,
      category: 'UTILITY',
      components: [
        { type: 'BODY', text: texts.summaryTemplate, example: { body_text: [[texts.weekly, 'Chai Point', '24', '4.5', '3']] } },
        { type: 'BUTTONS', buttons: [openButton(texts, 'dashboard')] },
      ],
    },
  ]
}

export function platformTemplateDefinitions() {
  return [
    // The code's words are Meta's own (an authentication template has no text of ours); English for every member.
    {
      name: ALERT_CODE_TEMPLATE,
      language: 'en',
      category: 'AUTHENTICATION',
      components: [
        { type: 'BODY', add_security_recommendation: true },
        { type: 'FOOTER', code_expiration_minutes: 10 },
        { type: 'BUTTONS', buttons: [{ type: 'OTP', otp_type: 'COPY_CODE', text: 'Copy code' }] },
      ],
    },
    ...REVIEW_LANGUAGES.flatMap(alertTemplates),
  ]
}
