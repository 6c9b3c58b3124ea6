/*
 * What an owner's phone shows of ReviewRoute's alerts, in English (the source of the other eight languages): the
 * alert templates ReviewRoute creates on its own WhatsApp number, the push notifications, and the chat's answers to
 * the alert buttons. Meta's limits: a template's body 1,024 characters, a quick-reply or URL button 25, an
 * interactive reply button or call-to-action 20. `{{1}}`...`{{5}}` in a template body are Meta's positional
 * parameters; every other `{{name}}` is ours, filled before sending.
 */
const en = {
  /** A private 1-3 star rating: stars, business, customer, their first words. */
  feedbackTemplate: 'New {{1}}-star private rating for {{2}} from {{3}}: "{{4}}"',
  /** A new Google review: stars, business, reviewer, their words. */
  googleReviewTemplate: 'New {{1}}-star Google review of {{2}} by {{3}}: "{{4}}"',
  /** A summary: period (`daily` or `weekly` below), business, ratings, average, private feedback to read. */
  summaryTemplate: 'Your {{1}} summary for {{2}}: {{3}} ratings, {{4}} average, {{5}} private feedback to read.',
  daily: 'daily',
  weekly: 'weekly',

  /** The template buttons (25 characters at most). */
  callBackButton: 'Call back',
  markResolvedButton: 'Mark resolved',
  openButton: 'Open',
  draftReplyButton: 'Draft a reply',
  /** The chat's buttons under a draft (20 characters at most). */
  postReplyButton: 'Post reply',
  editInAppButton: 'Edit in app',

  /** A notification's title and the alert's line on Profile. */
  feedbackTitle: '{{stars}}★ private rating at {{business}}',
  googleReviewTitle: '{{stars}}★ Google review of {{business}}',
  dailyTitle: 'Daily summary for {{business}}',
  weeklyTitle: 'Weekly summary for {{business}}',
  summaryBody: '{{ratings}} ratings, {{average}} average, {{toRead}} private feedback to read.',
  /** Stand-ins for what a rating or review does not say. */
  aCustomer: 'a customer',
  askedToBeCalledBack: 'Asked to be called back',
  noComment: 'No comment',
  aGoogleUser: 'A Google user',
  noText: 'No text',

  /** The chat's answers to a tap. `{{link}}` is the item in the dashboard. */
  calledBack:
    'Call {{name}} on {{phone}}: {{tel}}\n\nOr write to them on WhatsApp, with an apology in their language ready to send:\n{{waLink}}',
  theCustomer: 'the customer',
  noPhone: '{{name}} left no mobile number, so there is nobody to call back. The feedback: {{link}}',
  thisCustomer: 'This customer',
  resolved: 'Marked resolved. The feedback: {{link}}',
  suggestedReply: 'Suggested reply:',
  changeFirst: 'Or change it first:',
  posted: 'Posted on Google. The review: {{link}}',
  /** `{{reason}}` is the dashboard's own sentence (in English) for why the action failed. */
  failed: '{{reason}} Nothing was done.',
  notAllowed: 'Your role in {{workspace}} does not allow this, so nothing was done.',
  notOurs: 'This button is not from a ReviewRoute alert, so nothing was done.',
  otherNumber: 'This alert was sent to another WhatsApp number. Only the member it was sent to can act on it, from their own number.',
  gone: 'This alert is about something that no longer exists on ReviewRoute, so nothing was done.',
  noLongerMember: 'You are no longer a member of {{workspace}} on ReviewRoute, so this alert can no longer be acted on.',
  stopped: 'WhatsApp alerts are off for this number. Turn them on again on Profile, Notifications.',
  help: 'This number sends your ReviewRoute alerts. Tap a button on an alert to act on it, or open the app: {{link}}',
  noDraft: 'There is no draft to post yet. Tap "Draft a reply" on the alert first.',
  answeredMeanwhile: 'This review was answered in the meantime, so the draft was not posted. Open the app to change the reply: {{link}}',
  noTemplate: "AI drafts are not set up and no reply template is for this review's stars. Write the reply in the app: {{link}}",
  /** A button tapped again. */
  alreadyCalledBack: 'The call-back details were sent above.',
  alreadyResolved: 'This feedback is already marked resolved.',
  alreadyDrafted: 'A draft was already sent above. Tap "Post reply" under it, or edit it in the app.',
  alreadyPosted: 'This reply was already posted on Google.',
}

export type AlertTextKey = keyof typeof en
export type AlertTexts = Record<AlertTextKey, string>
export default en satisfies AlertTexts
