/* Copy of the help center (/help). The contact page links to these sections by id. */
import type { TextSection } from '#site/components/text-sections'
import { EMAIL_RESPONSE, SIGN_UP_URL, SUPPORT_EMAIL, WHATSAPP_SUPPORT } from '@reviewroute/web-shared/constants'
import {
  AFTER_TRIAL_RULE,
  FREE_PLAN_BUSINESS_LIMIT,
  FREE_PLAN_MONTHLY_REVIEWS_PER_BUSINESS,
  TRIAL_DAYS,
} from '@reviewroute/backend/contract/product_rules'
import { GOOGLE_POLICY_URL, POLICY_SENTENCE, ROUTING } from '@reviewroute/web-shared/routing'
import { LANGUAGE_COUNT, LANGUAGE_LIST } from './languages'

const support = { text: SUPPORT_EMAIL, href: `mailto:${SUPPORT_EMAIL}` }
const BY_RATING = `“${ROUTING.byRating.label}”`
const EVERYONE = `“${ROUTING.everyone.label}”`
const businesses = `${FREE_PLAN_BUSINESS_LIMIT} ${FREE_PLAN_BUSINESS_LIMIT === 1 ? 'business' : 'businesses'}`

export const HELP_INTRO = 'Everything you need to set up ReviewRoute, print your QR poster and understand where your customers’ ratings go.'

/** The id of the closing contact section, which the page fills with the support hours. */
export const HELP_CONTACT_SECTION = 'contact'

export const HELP_SECTIONS: TextSection[] = [
  {
    id: 'getting-started',
    title: 'Getting started',
    blocks: [
      {
        list: [
          [
            'Create your account with ',
            { text: 'Start Free Trial', href: SIGN_UP_URL },
            ' using your email and a password. Your trial starts right away; no card is needed.',
          ],
          'Enter your 10-digit mobile number when asked. We use it only to reach you about your account.',
          'Search for your business by the name it has on Google Maps and pick it from the suggestions. You get a short review link and a QR poster at once.',
          'Put the poster where customers pay or wait, and share the link on WhatsApp, SMS or your bills.',
        ],
      },
    ],
  },
  {
    id: 'qr-poster',
    title: 'Your QR poster',
    blocks: [
      'The QR Code and Link card on your dashboard gives you a poster with your business name, “Scan QR Code to Share Your Experience” and a row of stars. “Print A4” and “Print A5” download a sharp PDF to print, with your review link printed under the code for customers who cannot scan; “Download poster (PNG)” is an image for sharing. “Download QR code only” (in the quick actions, and under the poster in My Businesses) gives you the plain QR code, for your own designs or bills.',
      {
        list: [
          'Print it at A5 or A4 size and place it at eye level near the billing counter, reception or table.',
          'Scan it once with your own phone to check it opens your review page.',
          'You can change the short link (3 to 32 lowercase letters, digits or hyphens) under My Businesses. Old posters stop working when you change it, so print new ones.',
        ],
      },
    ],
  },
  {
    id: 'routing',
    title: 'How routing works',
    blocks: [
      'Every customer opens the link, sees your business name and taps 1 to 5 stars. What a customer who gives 1, 2 or 3 stars sees next is your choice for that business.',
      {
        list: [
          '4 or 5 stars, with either choice: the customer is taken straight to Google’s review form for your business and writes the review there, in their own words.',
          `1, 2 or 3 stars with ${BY_RATING}: the customer sees a private feedback form. Writing something is optional. You get an email when they do, and every such rating appears on your Feedback page, where you can mark it resolved.`,
          `1, 2 or 3 stars with ${EVERYONE}: the same private feedback form, and also a “Post on Google instead” link for a customer who would rather review you on Google.`,
        ],
      },
      'Every rating is saved, so your analytics show visits, ratings and how many customers went on to Google.',
    ],
  },
  {
    id: 'compliance-mode',
    title: `How customers are asked: ${BY_RATING} or ${EVERYONE}`,
    blocks: [
      'When you add a business you choose how its customers are asked, and you can change it at any time in the business’s Settings. Its card on My Businesses shows the choice.',
      {
        list: [
          `${ROUTING.byRating.label}: ${ROUTING.byRating.text} This is how ReviewRoute first worked, and it is preselected.`,
          `${ROUTING.everyone.label}: ${ROUTING.everyone.text} You still hear about problems first, and every customer can reach Google.`,
        ],
      },
      [POLICY_SENTENCE, ' Read ', { text: 'Google’s policy on fake engagement', href: GOOGLE_POLICY_URL }, `. We recommend ${EVERYONE}.`],
    ],
  },
  {
    id: 'free-plan',
    title: 'Free plan limits',
    blocks: [
      `Free accounts get ${businesses} and ${FREE_PLAN_MONTHLY_REVIEWS_PER_BUSINESS} reviews per business per month. The count starts again on the 1st of every month (India time).`,
      `${AFTER_TRIAL_RULE} Your billing page names the business that keeps working.`,
      'When a business reaches the limit or is paused, its review page tells customers it cannot take ratings right now, until the next month or until you upgrade. Everything you already collected stays readable.',
    ],
  },
  {
    id: 'trial',
    title: 'Free trial',
    blocks: [
      `The trial lasts ${TRIAL_DAYS} days from sign-up and includes every Pro feature: unlimited businesses, reviews and analytics. A banner on your dashboard shows the days left.`,
      'The trial never turns into a paid plan by itself and we never ask for a card to start it. When it ends, your dashboard opens only billing, profile, help and the legal pages until you choose a plan. ' +
        `${AFTER_TRIAL_RULE} Nothing is deleted.`,
    ],
  },
  {
    id: 'billing',
    title: 'Plans and billing',
    blocks: [
      [
        'Pro plans cover 1, 6 or 12 months and are paid once, in rupees, through Razorpay: UPI, debit and credit cards, net banking or wallets. Compare them on your ',
        { text: 'billing page', href: '/billing' },
        '.',
      ],
      'Plans do not renew automatically. We email you three days before your plan ends so you can buy the next one if you want to.',
      [
        'Cancelling (Profile, then Cancel Subscription) stops that reminder; you keep Pro until the end of the period you paid for. Refunds follow our ',
        { text: 'Cancellation & Refund Policy', href: '/cancellation-refund' },
        '.',
      ],
    ],
  },
  {
    id: 'languages',
    title: `Customer page in ${LANGUAGE_COUNT}`,
    blocks: [
      `Your customers’ review page speaks ${LANGUAGE_COUNT}: ${LANGUAGE_LIST}. It follows the language of the customer’s phone, and a switch at the top lets them change it. If most of your customers prefer one language, you can fix the page to it in the business’s settings.`,
    ],
  },
  {
    id: 'chat-support',
    title: 'Priority chat support',
    blocks: [
      [
        'Pro subscribers get priority chat support on WhatsApp: ',
        { text: 'chat with us', href: WHATSAPP_SUPPORT },
        '. Send the email address of your account so we can find it quickly.',
      ],
      ['Everyone can write to ', support, ` and we reply ${EMAIL_RESPONSE}.`],
    ],
  },
  {
    id: HELP_CONTACT_SECTION,
    title: 'Still need help?',
    blocks: [['Use the ', { text: 'contact form', href: '/contact' }, ' or email ', support, '. Our support hours:']],
  },
]
