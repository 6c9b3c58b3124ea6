/*
 * The customer page's texts in English: the source every other language translates (docs/decisions.md D31).
 * Customers read these on a phone in a shop: short, warm, plain words. `{{name}}` is filled in; keep it.
 */
const en = {
  /** The language's own name, on the language switch. */
  languageName: 'English',
  /** <title> of the rating page. */
  pageTitle: '{{business}} · Rate your visit',
  loading: 'Loading…',
  notFoundTitle: 'Business Not Found',
  notFoundText: 'This review link is invalid or expired.',
  notFoundHelp: 'Check the link on the poster or in the message, or ask the business for a new one.',
  pausedTitle: 'This review link is paused',
  pausedText: 'This business is not collecting reviews here right now. Thank you for wanting to share your experience.',
  question: 'How was your experience?',
  tapStars: 'Tap the stars to rate your visit',
  helps: 'Your rating helps {{business}} improve their service',
  /** Screen-reader label of the group of five star buttons. */
  starsGroup: 'Your rating',
  /** Screen-reader label of each star button. */
  rateAria: 'Rate {{count}} out of 5',
  feedbackTitle: 'Thanks for rating your visit',
  yourRating: 'You rated your visit {{count}} out of 5',
  improveLabel: 'How can we improve? (Optional)',
  improvePlaceholder: 'Tell {{business}} what went wrong…',
  feedbackTooLong: 'Please keep your feedback under {{max}} characters.',
  /** The optional call-back after a 1-3 rating: nothing is stored unless the box is ticked. */
  contactLegend: 'Would you like {{business}} to call you back?',
  contactMe: 'Yes, please contact me about this',
  contactName: 'Your name',
  contactPhone: 'Mobile number (10 digits)',
  contactPhoneInvalid: 'Enter a 10-digit mobile number, or untick the box.',
  contactPrivacy: 'Only {{business}} sees your number, and only to get back to you about this visit.',
  submitFeedback: 'Submit Feedback',
  submitting: 'Submitting...',
  postOnGoogle: 'Post on Google instead',
  changeRating: 'Change rating',
  /** Shown when the business's free plan has run out (the owner previewing their own page sees it too). */
  reviewLimit: 'Review limit reached. Please upgrade to continue.',
  upgrade: 'Upgrade to Pro',
  submitFailed: 'Failed to submit rating',
  tryAgain: 'Something went wrong. Please try again.',
  tooManyRequests: 'Too many tries from this network. Please wait a minute and try again.',
  /** After a 4-5 tap, while the Google page opens. */
  redirecting: 'Taking you to Google…',
  openGoogle: 'Open Google reviews',
  /** Desktop: Google opened in a new tab; this tab says where to finish. */
  googleTabTitle: 'Almost done!',
  googleTabText: 'Write your review in the Google tab that just opened. It takes a minute and helps {{business}} a lot.',
  thanksTitle: 'Thank you!',
  thanksText: 'Your feedback has been shared with {{business}}.',
  thanksGeneric: 'Your feedback has been shared with the business.',
  /** The same phone rated this business a moment ago: the new rating is not counted twice. */
  alreadyRated: 'Thanks, your rating for {{business}} is already in.',
  /** On thanks, when the customer asked to be called back and the rating was stored. */
  callbackText: 'We’ve passed your number to {{business}}. They will call you back about this.',
  language: 'Language',
  poweredBy: 'Powered by ReviewRoute',
  errorTitle: 'Something went wrong',
  errorText: 'The page ran into an error and cannot continue.',
  reload: 'Reload Page',
  /** The personal request the owner sends from their own WhatsApp (docs/decisions.md D32); plain text, keep the links. */
  requestMessage:
    'Hi {{customer}}, thank you for visiting {{business}}! Could you tell us how it went? It takes ten seconds: {{link}}\n\nTo stop these messages: {{stopLink}}',
  /** The review request by email, in the business's language: subject, reminder's subject, line under the button, why it came. */
  requestSubject: 'How was your visit to {{business}}?',
  requestReminderSubject: 'A reminder: How was your visit to {{business}}?',
  requestOpenLink: 'Or open this link:',
  requestReason: '{{business}} sent you this because you visited them and agreed to hear from them.',
  /** The stop link's page: the customer opts out of this business's review requests. */
  stopTitle: 'Stop review requests?',
  stopText: '{{business}} will not send you review requests again.',
  stopButton: 'Stop requests',
  stoppedTitle: 'Done',
  stoppedText: 'You will not get review requests from {{business}} again.',
  /** The printable QR poster on the shop's counter. */
  posterScan: 'Scan QR Code to Share Your Experience',
  /** The website widget on the business's own site (docs/decisions.md D49); {{count}} and {{rating}} filled by the widget. */
  widgetWriteReview: 'Write a review',
  widgetReviewsOnGoogle: '{{count}} reviews on Google',
  widgetRatingOutOf: '{{rating}} out of 5',
  widgetPrevious: 'Previous review',
  widgetNext: 'Next review',
  widgetReadMore: 'Read more',
  widgetPoweredByGoogle: 'Reviews from Google',
}

export default en
