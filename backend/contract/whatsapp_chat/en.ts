/*
 * What a customer sees of ReviewRoute inside WhatsApp, in English (the source of the other eight languages):
 * the review-request template ReviewRoute creates on the business's WhatsApp Business account, and the replies to
 * a rating tapped in the chat. Meta's limits: a template's body 1,024 characters, a quick-reply button 25, an
 * interactive button or call-to-action 20. `{{1}}`, `{{2}}`, `{{3}}` in the template body are Meta's positional
 * parameters (customer, business, personal link); `{{business}}` and `{{stars}}` in replies are ours.
 */
const en = {
  /** The template's body: tied to the customer's visit, no promotion (Meta's UTILITY category). */
  templateBody: 'Hi {{1}}, thank you for visiting {{2}}. How was your visit? Tap a rating below. You can also rate on this page: {{3}}',
  templateFooter: 'Reply STOP to get no more messages',
  /** The five quick-reply ratings, best first (Meta shows the first three and the rest under "See all options"). */
  rate5: '★★★★★ Excellent',
  rate4: '★★★★ Good',
  rate3: '★★★ Okay',
  rate2: '★★ Poor',
  rate1: '★ Very poor',
  /** The opt-out quick reply. */
  stopButton: 'Stop messages',

  /** 4-5 stars (and every rating when the business invites everyone to Google): the Google link. */
  thanksGoogle: 'Thank you for rating {{business}} {{stars}}! Would you share it on Google? It takes a minute and helps a lot.',
  postOnGoogle: 'Post on Google',
  /** 1-3 stars, when low ratings stay private: what went wrong, answered in the chat. */
  askWhatWentWrong:
    'Sorry your visit to {{business}} was not good. What went wrong? Reply here with a message or a voice note: only {{business}} will see it.',
  /** 1-3 stars, when everyone is invited to Google: the private way as well. */
  offerPrivate: 'You can also tell {{business}} privately: reply here with a message or a voice note.',
  callMeBack: 'Call me back',
  noThanks: 'No, thanks',
  callBackNoted: 'Thank you. {{business}} will call you back on this number.',
  noThanksNoted: 'Thank you for telling us.',
  /** The first message of feedback after a 1-3 rating. */
  feedbackReceived: 'Thank you, {{business}} has your message.',
  /** A later tap on a request already rated: the first rating stands. */
  alreadyRated: 'You have already rated {{business}}. Thank you!',
  optedOut: 'You will get no more messages from {{business}}. Reply START if you change your mind.',
}

export default en

export type ChatMessageKey = keyof typeof en
export type ChatMessages = Record<ChatMessageKey, string>
