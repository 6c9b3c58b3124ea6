/*
 * Copy of the marketing pages. Facts here must stay true of the product (docs/decisions.md D8, D12): plan limits come
 * from the shared constants, prices only from the API, and no figure is stated as a measured result.
 */
import type { MarketingIconName } from '#site/components/marketing-icon'
import type { NavAnchor } from '#site/components/header'
import { AFTER_TRIAL_RULE, TRIAL_DAYS } from '@reviewroute/backend/contract/product_rules'
import { POLICY_SENTENCE, ROUTING } from '@reviewroute/web-shared/routing'
import { LANGUAGE_COUNT, LANGUAGE_LIST } from './languages'

/*
 * Every customer is asked; the owner chooses per business how (docs/decisions.md D51). The copy names the choice in
 * the words the add-business question uses, and never sells keeping low ratings off Google as the product.
 */
const BY_RATING = `“${ROUTING.byRating.label}”`
const EVERYONE = `“${ROUTING.everyone.label}”`

/** One story of the landing pages' testimonial carousel (docs/screens.md#landing-pages). */
export interface Testimonial {
  quote: string
  name: string
  business: string
}

export interface Feature {
  icon: MarketingIconName
  title: string
  text: string
  /** An anchor for links to this one feature (the footer's "Analytics" is /#analytics). */
  id?: string
}

export interface Step {
  title: string
  text: string
}

export interface FaqItem {
  question: string
  answer: string
}

// Illustrative owners, not real customers: swap in real owners' words (with their permission) once they exist.
export const OWNER_STORIES: Testimonial[] = [
  {
    quote:
      'Guests would praise the biryani at the counter and then simply walk out. Now the QR stand next to the bill asks them for us, and fresh Google reviews keep coming in through the week.',
    name: 'Farhan Qureshi',
    business: 'Qureshi Family Kitchen, Lucknow',
  },
  {
    quote:
      'If a client is unhappy with a haircut, I hear about it on my phone the same day. I call her that evening, we fix it, and she books again.',
    name: 'Priya Nair',
    business: 'Mirror & Mehendi Salon, Kochi',
  },
  {
    quote:
      'Many of our older patients are more comfortable in Hindi, so the Hindi rating page made all the difference. Our receptionist just points to the poster at the front desk.',
    name: 'Dr. Anil Deshpande',
    business: 'Deshpande Dental Care, Pune',
  },
  {
    quote:
      'I set it up one evening after closing: searched my shop name, printed the poster and stuck it next to the billing counter. That was it.',
    name: 'Harpreet Kaur',
    business: 'Kaur General Store, Ludhiana',
  },
  {
    quote:
      'Our regulars always loved us, but our Google page never showed it. A quick scan while they wait for the bill is all it takes now.',
    name: 'Meera Iyer',
    business: 'Filter Kaapi Corner, Chennai',
  },
  {
    quote: 'In the Diwali rush nobody has time to ask customers for a review. The poster on the counter does the asking for us.',
    name: 'Rakesh Agarwal',
    business: 'Agarwal Mithai Bhandar, Jaipur',
  },
  {
    quote: 'The private feedback told us Saturday waiting times were too long. We opened a second slot, and patients noticed.',
    name: 'Sneha Kulkarni',
    business: 'Stride Physio Clinic, Nagpur',
  },
  {
    quote: 'I send the review link on WhatsApp along with the invoice. Customers tap five stars and land straight on my Google page.',
    name: 'Imran Shaikh',
    business: 'QuickFix Mobiles, Hyderabad',
  },
]

export const HOW_IT_WORKS: Step[] = [
  {
    title: 'Find your business',
    text: 'Type your business name as it appears on Google Maps. We pick up your listing and create your review link and QR poster.',
  },
  {
    title: 'Put the QR where customers pay',
    text: 'Print the poster for your billing counter, reception or table, or share the short link on WhatsApp and SMS with the bill.',
  },
  {
    title: 'Every customer rates the visit',
    text: `4-5 stars open your Google review page. For 1-3 stars you choose: ${BY_RATING} shows them a private feedback form; ${EVERYONE} shows the form and a link to Google too.`,
  },
]

export const FEATURES: Feature[] = [
  {
    icon: 'route',
    title: 'You choose how customers are asked',
    text: `With ${BY_RATING}, 4-5 stars go on to Google and 1-3 stars leave you private feedback. With ${EVERYONE}, 1-3 stars may post on Google too. Change it any time.`,
  },
  {
    icon: 'qr',
    title: 'Ready-to-print QR poster',
    text: 'A styled poster with your business name and a clear "Scan QR Code to Share Your Experience" line, made for counters, tables and reception desks.',
  },
  {
    icon: 'link',
    title: 'Short review link',
    text: 'A link you can choose yourself, easy to paste into WhatsApp messages, SMS, invoices and your Instagram bio.',
  },
  {
    icon: 'inbox',
    title: 'Private feedback inbox',
    text: 'Read what went wrong in the customer’s own words, get an email when it arrives, and mark it resolved once you have fixed it.',
  },
  {
    icon: 'chart',
    title: 'Simple analytics',
    text: 'See how many people opened your link, how they rated you and how many went on to Google, day by day.',
  },
  {
    icon: 'globe',
    title: `Speaks ${LANGUAGE_COUNT}`,
    text: `The rating page speaks your customer’s language: ${LANGUAGE_LIST}, with a one-tap switch. You can also fix the language for each business.`,
  },
]

/** The front door tells the same story from the owner's side, so it has its own words. */
export const FRONT_DOOR_FEATURES: Feature[] = [
  {
    icon: 'star',
    title: 'Ask everyone, every day',
    text: 'The poster and link ask every customer while the visit is fresh, not just the regulars who remember to.',
  },
  {
    icon: 'message',
    title: 'Hear complaints first',
    text: 'When a visit goes wrong, the customer can write to you privately and an email lets you know, so you can call back the same day.',
  },
  {
    icon: 'shield',
    title: 'Play by Google’s rules',
    text: `Choose ${EVERYONE} and customers who give 1-3 stars also get a “Post on Google instead” link, so nobody is kept away from Google.`,
  },
  {
    icon: 'qr',
    title: 'Posters that look good',
    text: 'Download a styled QR poster with your business name, ready for the print shop next door.',
  },
  {
    icon: 'chart',
    id: 'analytics',
    title: 'Know what is working',
    text: 'Visits, ratings and Google hand-offs per day, plus the topics customers mention most: waiting, staff, price.',
  },
  {
    icon: 'globe',
    title: `Speaks ${LANGUAGE_COUNT}`,
    text: `Customers rate you in ${LANGUAGE_LIST}. Your staff never has to explain anything.`,
  },
]

export const PROBLEMS = [
  'Happy customers pay, smile and leave without a word online.',
  'One bad evening turns into a one-star review that everyone reads.',
  'You find out about a rude waiter or a long queue weeks too late.',
]

export const SOLUTIONS = [
  'Every customer is asked for a rating while the visit is fresh.',
  '4-5 stars go straight to your Google review page.',
  'A customer who had a bad visit can tell you privately, so you can call back and put it right.',
  `You choose how customers are asked: ${BY_RATING} or ${EVERYONE}.`,
]

const FAQ = {
  trial: {
    question: 'How does the free trial work?',
    answer: `You get every Pro feature free for ${TRIAL_DAYS} days, and no card is needed to start. The trial does not turn into a paid plan by itself: you are only charged if you choose a plan.`,
  },
  afterTrial: {
    question: 'What happens when my trial ends?',
    answer: `Nothing is deleted. ${AFTER_TRIAL_RULE} Choose a Pro plan whenever you want your full dashboard and unlimited reviews back.`,
  },
  pricing: {
    question: 'How much does it cost?',
    answer:
      'Pro plans are priced in rupees, monthly or for 6 or 12 months; the longer plans cost less per month. You can see today’s prices in the pricing section above. You pay once for the period you choose, and it does not renew automatically.',
  },
  routing: {
    question: 'Which customers are sent to Google?',
    answer: `Every customer is asked for a rating, and you choose for each business what happens next. ${BY_RATING}: ${ROUTING.byRating.text} ${EVERYONE}: ${ROUTING.everyone.text} Private feedback is only seen by you, in your dashboard.`,
  },
  compliance: {
    question: 'Is this allowed by Google’s review policy?',
    answer: `${POLICY_SENTENCE} Choose ${EVERYONE} for a business and customers who give 1 to 3 stars also see a “Post on Google instead” link next to the private feedback form. We recommend it.`,
  },
  qr: {
    question: 'What do I put up in my shop?',
    answer:
      'Download your QR poster from the dashboard and print it on A4 or A5 for the billing counter, tables or reception. The same review link works on WhatsApp, SMS and printed bills.',
  },
  language: {
    question: 'Can my customers rate in Hindi or their own language?',
    answer: `Yes. The rating page speaks ${LANGUAGE_COUNT}: ${LANGUAGE_LIST}. It opens in the language of the customer’s phone, with a switch to change it. You can also set one language for each business.`,
  },
  setup: {
    question: 'Do I need a website or technical help?',
    answer: 'No. All you need is your business listed on Google Maps. Search for it by name, and your link and poster are ready to use.',
  },
} satisfies Record<string, FaqItem>

export const INDIAN_FAQ: FaqItem[] = [FAQ.trial, FAQ.routing, FAQ.pricing, FAQ.afterTrial]
export const GROW_FAQ: FaqItem[] = [FAQ.setup, FAQ.trial, FAQ.language, FAQ.compliance]
export const FRONT_DOOR_FAQ: FaqItem[] = [FAQ.trial, FAQ.afterTrial, FAQ.routing, FAQ.compliance, FAQ.qr, FAQ.language, FAQ.pricing]

export const INDIAN_ANCHORS: NavAnchor[] = [
  { href: '#features', label: 'Features' },
  { href: '#pricing', label: 'Pricing' },
  { href: '#testimonials', label: 'Testimonials' },
]

export const GROW_ANCHORS: NavAnchor[] = [
  { href: '#features', label: 'Features' },
  { href: '#pricing', label: 'Pricing' },
  { href: '#reviews', label: 'Reviews' },
]

export const FRONT_DOOR_ANCHORS: NavAnchor[] = [
  { href: '#how-it-works', label: 'How it works' },
  { href: '#features', label: 'Features' },
  { href: '#pricing', label: 'Pricing' },
  { href: '#faq', label: 'FAQ' },
]
