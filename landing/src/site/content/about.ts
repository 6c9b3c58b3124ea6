/* Copy of the about page (/about). No figures we cannot back up (docs/decisions.md D12). */
import type { TextSection } from '#site/components/text-sections'
import { ROUTING } from '@reviewroute/web-shared/routing'
import { LANGUAGE_LIST } from './languages'

const BY_RATING = `“${ROUTING.byRating.label}”`
const EVERYONE = `“${ROUTING.everyone.label}”`

export const ABOUT_INTRO =
  'ReviewRoute helps India’s small businesses ask every customer for a rating, turn their goodwill into Google reviews, and hear about problems early.'

export const ABOUT_SECTIONS: TextSection[] = [
  {
    id: 'why',
    title: 'Why we built it',
    blocks: [
      'When people look for a salon, a clinic, a restaurant or a repair shop nearby, they read Google reviews first. Yet most satisfied customers never write one: nobody asked, or it felt like too much effort. A single angry review, meanwhile, can sit at the top of a listing for months.',
      'Large chains have staff and software for this. The kirana store, the coaching centre and the family restaurant usually do not. ReviewRoute is our answer for them.',
    ],
  },
  {
    id: 'what',
    title: 'What it does',
    blocks: [
      'Each business gets a short link and a QR poster. A customer scans it and taps a star rating, and 4 or 5 stars go straight to your Google review form.',
      `For 1 to 3 stars, you choose. With ${BY_RATING}, the customer can tell you privately what went wrong, so you can put it right. With ${EVERYONE}, they can do that or post on Google.`,
      'Setting it up takes a few minutes: search for your business by name, print the poster, and you are ready.',
    ],
  },
  {
    id: 'principles',
    title: 'What we believe',
    blocks: [
      {
        list: [
          `Reviews must be real. We never write, buy or fake reviews, and with ${EVERYONE} every customer can still reach Google if they want to.`,
          'Prices in rupees, with no surprises. You pay by UPI, card or net banking through Razorpay, plans never renew by themselves, and the free trial needs no card.',
          `Made for India. The customer page speaks ${LANGUAGE_LIST}, works on basic smartphones and slow connections, and support keeps Indian business hours.`,
          'Your data is yours. Customers are never asked for their name or phone number, and we do not sell data or show ads.',
        ],
      },
    ],
  },
  {
    id: 'honest',
    title: 'What we will not claim',
    blocks: [
      'We will not promise you a number of new reviews or a higher rating. Results depend on your service and on how many customers you ask. What we can promise is that asking becomes effortless and that you hear about problems early.',
    ],
  },
]
