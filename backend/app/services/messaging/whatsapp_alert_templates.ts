/*
 * The templates owners' alerts go out in from ReviewRoute's own number (docs/decisions.md D69), as Meta's
 * create-template bodies: the authentication code that proves a member's number, and the utility alerts (a private
 * low rating, a Google review, a summary) with the buttons a member acts with. `node ace whatsapp:platform-templates`
 * creates the missing ones and shows every one's state.
 */
import { appUrl } from '#lib/app_url'
import { ALERT_CODE_TEMPLATE } from '#lib/whatsapp_platform'

export const FEEDBACK_ALERT_TEMPLATE = 'reviewroute_feedback_alert'
export const GOOGLE_REVIEW_ALERT_TEMPLATE = 'reviewroute_google_review_alert'
export const SUMMARY_TEMPLATE = 'reviewroute_summary'

/** A link button to the dashboard: the path after the app's address is the message's parameter. */
const openButton = (example: string) => ({ type: 'URL', text: 'Open', url: `${appUrl('/')}{{1}}`, example: [appUrl(`/${example}`)] })

export function platformTemplateDefinitions() {
  return [
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
    {
      name: FEEDBACK_ALERT_TEMPLATE,
      language: 'en',
      category: 'UTILITY',
      components: [
        {
          type: 'BODY',
          text: 'New {{1}}-star private rating for {{2}} from {{3}}: "{{4}}"',
          example: { body_text: [['2', 'Chai Point', 'Kavya', 'The food was cold']] },
        },
        {
          type: 'BUTTONS',
          buttons: [{ type: 'QUICK_REPLY', text: 'Call back' }, { type: 'QUICK_REPLY', text: 'Mark resolved' }, openButton('feedbacks')],
        },
      ],
    },
    {
      name: GOOGLE_REVIEW_ALERT_TEMPLATE,
      language: 'en',
      category: 'UTILITY',
      components: [
        {
          type: 'BODY',
          text: 'New {{1}}-star Google review of {{2}} by {{3}}: "{{4}}"',
          example: { body_text: [['1', 'Chai Point', 'Ravi', 'Waited 40 minutes']] },
        },
        { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Draft a reply' }, openButton('dashboard/google')] },
      ],
    },
    {
      name: SUMMARY_TEMPLATE,
      language: 'en',
      category: 'UTILITY',
      components: [
        {
          type: 'BODY',
          text: 'Your {{1}} summary for {{2}}: {{3}} ratings, {{4}} average, {{5}} private feedback to read.',
          example: { body_text: [['weekly', 'Chai Point', '24', '4.5', '3']] },
        },
        { type: 'BUTTONS', buttons: [openButton('dashboard')] },
      ],
    },
  ]
}
