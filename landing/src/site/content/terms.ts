/* Copy of the terms of service (/terms). Prices are not typed here: the page lists them from the API. */
import type { TextSection } from '#site/components/text-sections'
import { EMAIL_RESPONSE, SUPPORT_EMAIL } from '@reviewroute/web-shared/constants'
import {
  AFTER_TRIAL_RULE,
  FREE_PLAN_BUSINESS_LIMIT,
  FREE_PLAN_MONTHLY_REVIEWS_PER_BUSINESS,
  TRIAL_DAYS,
} from '@reviewroute/backend/contract/product_rules'
import { ROUTING } from '@reviewroute/web-shared/routing'

export const TERMS_UPDATED = '2 December 2026'

const support = { text: SUPPORT_EMAIL, href: `mailto:${SUPPORT_EMAIL}` }
const businesses = `${FREE_PLAN_BUSINESS_LIMIT} ${FREE_PLAN_BUSINESS_LIMIT === 1 ? 'business' : 'businesses'}`
const BY_RATING = `“${ROUTING.byRating.label}”`
const EVERYONE = `“${ROUTING.everyone.label}”`

export const TERMS_INTRO =
  'These terms are the agreement between you, the business owner who uses ReviewRoute, and us, ReviewRoute. ' +
  'By creating an account you accept them. We have tried to write them in plain words; if anything is unclear, ask us.'

/** The section the page fills with the live price table. */
export const TERMS_PLANS_SECTION = 'plans'

export const TERMS_SECTIONS: TextSection[] = [
  {
    id: 'service',
    title: 'The service',
    blocks: [
      'ReviewRoute gives each of your businesses a short review link and a QR poster, where customers rate their visit. Customers who rate you 4 or 5 stars are sent on to your Google review page.',
      `For each business you choose what customers who rate 1 to 3 stars see: with ${BY_RATING}, a private feedback form; with ${EVERYONE}, the same form and also a “Post on Google instead” link. You also get a feedback inbox and analytics.`,
    ],
  },
  {
    id: 'account',
    title: 'Your account',
    blocks: [
      {
        list: [
          'You must be 18 or over and allowed to act for the businesses you add.',
          'Give us true details and keep your password to yourself. You are responsible for what happens under your account.',
          'Tell us at once if you think someone else has used your account.',
        ],
      },
    ],
  },
  {
    id: 'trial',
    title: 'Free trial',
    blocks: [
      `Every new account starts with a ${TRIAL_DAYS}-day free trial of all Pro features. You do not need a card to start it.`,
      'The trial does not convert to a paid plan by itself. We never charge you unless you choose a plan and pay for it.',
      `When the trial ends without a purchase, your account moves to the free limits: ${businesses} and ${FREE_PLAN_MONTHLY_REVIEWS_PER_BUSINESS} customer ratings per business per calendar month (India time). ${AFTER_TRIAL_RULE} Nothing you collected is deleted, and you can buy a plan at any time.`,
    ],
  },
  {
    id: TERMS_PLANS_SECTION,
    title: 'Paid plans and prices',
    blocks: [
      'Pro plans are one-time purchases of 1, 6 or 12 months, paid in Indian rupees through Razorpay (cards, UPI, net banking and wallets). A plan gives you Pro for its full length from the day you pay.',
      'Plans do not renew automatically. We email you a reminder three days before your plan ends; to continue, you buy a new plan. While a plan is active you cannot buy another one.',
      'Current prices:',
    ],
  },
  {
    id: 'refunds',
    title: 'Cancellation and refunds',
    blocks: [
      'Cancelling a plan stops the end-of-plan reminder; your Pro access stays until the end of the period you paid for. A full refund is available within 48 hours of your first payment, and 6- and 12-month plans can get a pro-rated refund for a limited time after that.',
      ['The exact rules and timings are in our ', { text: 'Cancellation & Refund Policy', href: '/cancellation-refund' }, '.'],
    ],
  },
  {
    id: 'google',
    title: 'Google’s review policy',
    blocks: [
      'Your Google reviews are governed by Google’s policies, which you must follow. They forbid review gating (discouraging or stopping unhappy customers from posting on Google, or asking only happy customers), fake reviews and rewards for reviews. Google may remove reviews or restrict listings that break its rules; ReviewRoute cannot change Google’s decisions.',
      {
        list: [
          'Do not use ReviewRoute to keep unhappy customers away from Google.',
          'Do not offer discounts, gifts or anything else in exchange for a review or a particular rating.',
          'Do not post reviews of your own business, or ask staff, family or friends to do so.',
        ],
      },
      `You can change a business’s choice at any time in its settings. With ${EVERYONE}, customers who give 1 to 3 stars still see the private feedback form and also a “Post on Google instead” link, so every customer can reach Google. We recommend ${EVERYONE}.`,
    ],
  },
  {
    id: 'use',
    title: 'Fair use',
    blocks: [
      'Do not use ReviewRoute to send spam, to break the law, to collect data you are not allowed to collect, or to attack, overload or copy the service. We may suspend an account that does, and will tell you why.',
    ],
  },
  {
    id: 'data',
    title: 'Your data',
    blocks: [
      'Your business details, ratings and feedback belong to you. You allow us to store and process them only to provide the service to you.',
      ['How we handle personal data is described in our ', { text: 'Privacy Policy', href: '/privacy' }, '.'],
    ],
  },
  {
    id: 'availability',
    title: 'Availability',
    blocks: [
      'We work to keep ReviewRoute running and your review links working at all times, but we do not promise any particular uptime. The service may be interrupted for maintenance, by faults, or by problems at providers we depend on, such as Google or Razorpay. The footer of this site shows the current system status.',
    ],
  },
  {
    id: 'liability',
    title: 'Responsibility and limits',
    blocks: [
      'ReviewRoute is provided as it is. To the extent Indian law allows, we are not liable for indirect losses such as lost profits or lost reviews, and our total liability to you is limited to the amount you paid us in the 12 months before the claim. Nothing in these terms limits rights you have under Indian consumer law.',
    ],
  },
  {
    id: 'ending',
    title: 'Ending the agreement',
    blocks: [
      'You can stop using ReviewRoute at any time and ask us to delete your account. We may end or suspend an account that seriously breaks these terms. Refunds in either case follow the refund policy.',
    ],
  },
  {
    id: 'changes',
    title: 'Changes',
    blocks: [
      'We may update these terms. We will change the date above and email account holders about important changes before they take effect. A price change never affects a plan you have already paid for.',
    ],
  },
  {
    id: 'law',
    title: 'Law',
    blocks: ['These terms are governed by the laws of India, and disputes are for the courts of India.'],
  },
  {
    id: 'contact',
    title: 'Contact',
    blocks: [['Questions about these terms: ', support, `. We reply ${EMAIL_RESPONSE}.`]],
  },
]
