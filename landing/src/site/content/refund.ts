/* Copy of the cancellation and refund policy (/cancellation-refund), with the rules of docs/product-rules.md. */
import type { TextSection } from '#site/components/text-sections'
import { EMAIL_RESPONSE, SUPPORT_EMAIL } from '@reviewroute/web-shared/constants'

export const REFUND_UPDATED = '22 November 2026'

const support = { text: SUPPORT_EMAIL, href: `mailto:${SUPPORT_EMAIL}` }

export const REFUND_INTRO =
  'ReviewRoute Pro plans are one-time purchases of 1, 6 or 12 months. They never renew by themselves, so you are never charged again without choosing to pay. Here is when you can get money back and how long it takes.'

/** The section the page fills with the refund-timing table. */
export const REFUND_TIMING_SECTION = 'timing'

/** How long a refund takes to reach the customer, by payment method (docs/product-rules.md). */
export const REFUND_TIMINGS = [
  ['Credit and debit cards, net banking', '5-7 business days'],
  ['UPI and wallets', '1-3 business days'],
] as const

export const REFUND_SECTIONS: TextSection[] = [
  {
    id: 'rules',
    title: 'When you can get a refund',
    blocks: [
      {
        list: [
          'Any plan: a full refund if you ask within 48 hours of your first payment.',
          'Annual (12-month) plans: a pro-rated refund for the unused part of the plan if you ask within 30 days of payment.',
          '6-month plans: a pro-rated refund for the unused part of the plan if you ask within 14 days of payment.',
          'Monthly plans: no refund after the first 48 hours.',
        ],
      },
      'After these windows a plan is not refundable, but it stays active until the end of the period you paid for.',
    ],
  },
  {
    id: 'request',
    title: 'How to ask for a refund',
    blocks: [
      ['Email ', support, ' from the address of your ReviewRoute account, with “Refund request” in the subject. Please include:'],
      {
        list: [
          'the Razorpay payment ID (it starts with “pay_” and is in the receipt Razorpay emailed you) or the date and amount of the payment;',
          'if you like, the reason; it helps us improve.',
        ],
      },
      `We reply ${EMAIL_RESPONSE} and confirm the amount. The refund goes back to the account, card or UPI ID you paid with, through Razorpay.`,
    ],
  },
  {
    id: REFUND_TIMING_SECTION,
    title: 'How long a refund takes',
    blocks: ['Once we have approved it, the money normally reaches you within:'],
  },
  {
    id: 'cancelling',
    title: 'Cancelling a plan',
    blocks: [
      'You can cancel from your profile page (Cancel Subscription). Cancelling does not take back or refund anything already paid: your Pro access stays until the end of the period you paid for, and we stop the reminder email we send before a plan ends. A refund, where the rules above allow one, is a separate request.',
      'When the period ends, your account moves to the free limits. Your businesses, ratings and feedback are kept.',
    ],
  },
  {
    id: 'questions',
    title: 'Questions',
    blocks: [
      [
        'Write to ',
        support,
        ' or use our ',
        { text: 'contact page', href: '/contact' },
        '. The full terms are in our ',
        { text: 'Terms of Service', href: '/terms' },
        '.',
      ],
    ],
  },
]
