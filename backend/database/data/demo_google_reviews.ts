/*
 * The demo Business Profile's reviews (docs/decisions.md D59): what the demo owner's inbox shows on a development
 * machine, in several of the customer page's languages, so replies, templates, drafts and review images can be
 * tried without Google. Invented people and words.
 */

export interface DemoGoogleReview {
  /** The review id inside the demo location's name. */
  id: string
  reviewer: string
  language: 'hi' | 'ta' | 'en' | 'bn' | 'mr' | 'te' | 'kn'
  stars: number
  comment: string | null
  /** Hours before the seeding. */
  ageHours: number
  /** A reply already given, `replyAfterHours` after the review. */
  reply?: { comment: string; afterHours: number }
}

/** The demo location's resource name, as Business Profile names a location. */
export const DEMO_GOOGLE_LOCATION = 'accounts/demo/locations/demo-cafe'

/** The demo connection's Google account, shown as the connected account. */
export const DEMO_GOOGLE_EMAIL = 'demo-business-profile@reviewroute.in'

export const DEMO_GOOGLE_REVIEWS: DemoGoogleReview[] = [
  {
    id: 'demo-hi-1',
    reviewer: 'सुनीता शर्मा',
    language: 'hi',
    stars: 5,
    comment: 'बहुत स्वादिष्ट खाना और जल्दी सेवा। मसाला चाय ज़रूर पीजिए!',
    ageHours: 5,
  },
  {
    id: 'demo-ta-1',
    reviewer: 'கார்த்திக் சுப்பிரமணியன்',
    language: 'ta',
    stars: 2,
    comment: 'காபி நன்றாக இருந்தது, ஆனால் மேசைக்கு 25 நிமிடம் காத்திருந்தோம்.',
    ageHours: 20,
  },
  {
    id: 'demo-en-1',
    reviewer: 'Rahul Mehta',
    language: 'en',
    stars: 4,
    comment: 'Lovely filter coffee and friendly staff. Parking is hard to find on weekends.',
    ageHours: 30,
    reply: { comment: 'Thank you, Rahul! Try the lane behind us for parking next time.', afterHours: 3 },
  },
  {
    id: 'demo-bn-1',
    reviewer: 'অনিন্দিতা বসু',
    language: 'bn',
    stars: 1,
    comment: 'খাবার ঠান্ডা ছিল এবং বিল ভুল ছিল। আশা করি পরের বার ভালো হবে।',
    ageHours: 52,
  },
  {
    id: 'demo-mr-1',
    reviewer: 'प्रशांत कुलकर्णी',
    language: 'mr',
    stars: 5,
    comment: 'मिसळ पाव अप्रतिम! कुटुंबासोबत येण्यासाठी छान जागा.',
    ageHours: 75,
  },
  {
    id: 'demo-te-1',
    reviewer: 'లక్ష్మి రెడ్డి',
    language: 'te',
    stars: 3,
    comment: 'రుచి బాగుంది కానీ ధరలు కొంచెం ఎక్కువ.',
    ageHours: 100,
  },
  {
    id: 'demo-en-2',
    reviewer: 'Priya Nair',
    language: 'en',
    stars: 5,
    comment: null,
    ageHours: 130,
  },
  {
    id: 'demo-kn-1',
    reviewer: 'ಮಂಜುನಾಥ ಹೆಗ್ಡೆ',
    language: 'kn',
    stars: 4,
    comment: 'ದೋಸೆ ತುಂಬಾ ಚೆನ್ನಾಗಿತ್ತು. ಸಿಬ್ಬಂದಿ ಸ್ನೇಹಪರರು.',
    ageHours: 170,
    reply: { comment: 'ಧನ್ಯವಾದಗಳು! ಮತ್ತೆ ಬನ್ನಿ.', afterHours: 8 },
  },
  {
    id: 'demo-hi-2',
    reviewer: 'अमित वर्मा',
    language: 'hi',
    stars: 2,
    comment: 'खाना ठीक था लेकिन सफ़ाई पर ध्यान देना चाहिए।',
    ageHours: 220,
  },
]
