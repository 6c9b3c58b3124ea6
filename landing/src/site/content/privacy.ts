/* Copy of the privacy policy (/privacy). Every statement here should match what the backend actually stores. */
import type { TextSection } from '#site/components/text-sections'
import { EMAIL_RESPONSE, SUPPORT_EMAIL } from '@reviewroute/web-shared/constants'
import { LANGUAGE_COUNT } from './languages'

export const PRIVACY_UPDATED = '22 November 2026'

const support = { text: SUPPORT_EMAIL, href: `mailto:${SUPPORT_EMAIL}` }

export const PRIVACY_INTRO =
  'ReviewRoute helps small businesses collect ratings from their customers. This policy explains what we collect from ' +
  'business owners and from their customers, why, where it is kept, for how long, and what you can ask us to do with it. ' +
  'We follow India’s Digital Personal Data Protection Act, 2023.'

export const PRIVACY_SECTIONS: TextSection[] = [
  {
    id: 'owners',
    title: 'What business owners give us',
    blocks: [
      {
        list: [
          'Account details: your first and last name, email address and password. The password is stored only as a one-way hash; nobody at ReviewRoute can read it.',
          'Your mobile number, which we ask for when your free trial starts, stored with the +91 prefix.',
          'Sign-in tokens that keep you signed in on your devices. Logging out revokes the token of that device.',
          'If you sign in through an external sign-in provider, the name, email and profile picture address it shares with us.',
          'Messages you send through our contact form: your name, email, subject and message.',
        ],
      },
    ],
  },
  {
    id: 'listings',
    title: 'Business listing data from Google',
    blocks: [
      'When you search for your business we look it up on Google and keep the public listing details you choose: the business name, address, Google rating, Google review count and Google place ID. We use the place ID to build the link that opens Google’s review form for your business.',
    ],
  },
  {
    id: 'customers',
    title: 'What customers give us',
    blocks: [
      'Customers who open a review link do not sign in and are never asked for their name, phone number or email. We store:',
      {
        list: [
          'the star rating (1 to 5) and the time it was given;',
          'for ratings of 1 to 3 stars, the feedback text the customer chooses to type (it is optional), which the business owner can read;',
          'whether the customer was sent on to Google;',
          'a fingerprint: a one-way SHA-256 hash of the customer’s IP address together with their browser’s identification string. It lets us limit repeated or abusive submissions. We store the hash, not the IP address, and the hash cannot be turned back into one.',
        ],
      },
      'To enforce these limits our rate limiter also keeps a short-lived counter keyed to the IP address; it expires within an hour. ' +
        `The language a customer picks on the review page (one of its ${LANGUAGE_COUNT}) is remembered in their own browser only.`,
      'Anything a customer writes on Google itself is governed by Google’s privacy policy, not this one.',
    ],
  },
  {
    id: 'usage',
    title: 'Page view counts and analytics',
    blocks: [
      'We count how many times each review link is opened per day. These are plain numbers per business and per day; they do not identify who opened the link. Owners see them, with ratings, in their analytics. We do not use advertising cookies or third-party trackers on this site or on the review pages.',
      'To suggest businesses near you, our server may read the city and country that our hosting network adds to each request. Your browser makes no calls to outside location services and we do not store this location.',
    ],
  },
  {
    id: 'payments',
    title: 'Payments',
    blocks: [
      'Payments are processed by Razorpay. Your card, UPI, net banking or wallet details go straight to Razorpay and are handled under Razorpay’s own privacy policy; we never see or store card numbers, CVVs or UPI PINs. We keep the order and payment IDs, the amount, the plan you bought, its dates and its status.',
    ],
  },
  {
    id: 'use',
    title: 'How we use the data',
    blocks: [
      {
        list: [
          'To run the service: your review links, QR posters, routing of ratings, feedback inbox and analytics.',
          'To email you about your account: an alert when a customer leaves private feedback, and a reminder before a paid plan ends.',
          'To answer your support requests and to keep the service safe from spam and abuse.',
        ],
      },
      'We do not sell personal data, rent it out or use it for advertising.',
    ],
  },
  {
    id: 'sharing',
    title: 'Who else handles it',
    blocks: [
      'Only the providers we need to run ReviewRoute: our hosting provider, Google (business search), Razorpay (payments), our email delivery service and, if you use one, your external sign-in provider. Each gets only what its job needs. We disclose data to authorities only when Indian law requires it.',
    ],
  },
  {
    id: 'storage',
    title: 'Where the data is kept',
    blocks: [
      'Our application servers and database are hosted with an India-focused hosting provider, and we keep your data in India wherever we can. Some of the providers above (such as Google and our email service) may process data outside India under their own safeguards. Connections to ReviewRoute are encrypted (HTTPS).',
    ],
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    blocks: [
      {
        list: [
          'Account, business, rating and feedback data: for as long as your account is open.',
          'When you remove a business from your dashboard, its ratings, feedback and view counts are deleted with it.',
          'When you ask us to delete your account, we delete it and everything belonging to it within 30 days.',
          'Payment records: as long as Indian tax and accounting law requires us to keep them, even after the account is deleted.',
          'Contact-form messages: as long as needed to handle your request, and no longer than 12 months.',
        ],
      },
    ],
  },
  {
    id: 'rights',
    title: 'Your rights',
    blocks: [
      'You can ask us to:',
      {
        list: [
          'tell you what personal data we hold about you and give you a copy;',
          'correct or complete it (you can change your name and phone number yourself on your profile page);',
          'delete it, or withdraw a consent you gave;',
          'name someone to exercise these rights for you if you cannot.',
        ],
      },
      'Customers who left feedback can ask the business, or us, to delete it. Because we do not store customers’ names, please tell us the business, the date and the text so we can find it.',
      'If you are not satisfied with our answer you may complain to the Data Protection Board of India.',
    ],
  },
  {
    id: 'children',
    title: 'Children',
    blocks: ['ReviewRoute accounts are for business owners aged 18 or over. We do not knowingly collect data from children.'],
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    blocks: [
      'If we change what we collect or how we use it, we will update this page and its date, and email account holders about important changes before they take effect.',
    ],
  },
  {
    id: 'contact',
    title: 'Contact and grievances',
    blocks: [
      [
        'For any privacy question, request or complaint, write to ',
        support,
        ' with “Privacy” in the subject. We reply ' + EMAIL_RESPONSE + ' and resolve requests within 30 days.',
      ],
      ['You can also use our ', { text: 'contact page', href: '/contact' }, '.'],
    ],
  },
]
