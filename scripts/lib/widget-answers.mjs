/*
 * Data answers in the shape of GET /api/widget/{code} (docs/decisions.md D49) for the widget's unit tests, its
 * Chromium test's stand-in app and its benchmark: an English, a Hindi and a Tamil business, six reviews each (one
 * long, one without a photo, one whose text is HTML that must show as text). Photos point at `origin`.
 */

export const LABELS = {
  en: {
    writeReview: 'Write a review',
    reviewsOnGoogle: '{count} reviews on Google',
    ratingOutOf: '{rating} out of 5',
    previous: 'Previous review',
    next: 'Next review',
    readMore: 'Read more',
    poweredByGoogle: 'Reviews from Google',
  },
  hi: {
    writeReview: 'रिव्यू लिखें',
    reviewsOnGoogle: 'Google पर {count} रिव्यू',
    ratingOutOf: '5 में से {rating}',
    previous: 'पिछला रिव्यू',
    next: 'अगला रिव्यू',
    readMore: 'और पढ़ें',
    poweredByGoogle: 'Google से लिए गए रिव्यू',
  },
  ta: {
    writeReview: 'ரிவ்யூ எழுதுங்கள்',
    reviewsOnGoogle: 'Google-இல் {count} ரிவ்யூக்கள்',
    ratingOutOf: '5-க்கு {rating}',
    previous: 'முந்தைய ரிவ்யூ',
    next: 'அடுத்த ரிவ்யூ',
    readMore: 'மேலும் படிக்க',
    poweredByGoogle: 'Google-இலிருந்து ரிவ்யூக்கள்',
  },
}

export const HOSTILE_TEXT = '<script>window.__widgetXss = 1</script><img src=x onerror="window.__widgetXss = 2"><b>Bold</b> claims'

const BUSINESSES = {
  en: { name: 'Chai Point Koramangala', average: 4.6, count: 128 },
  hi: { name: 'शर्मा स्वीट्स, करोल बाग', average: 4.4, count: 1234 },
  ta: { name: 'சரவணா பவன், தி. நகர்', average: 4.8, count: 312 },
}

const TEXTS = [
  [
    'Priya S.',
    5,
    'Best masala chai in the area. Staff remembered my order on the second visit and the samosas were fresh out of the fryer. The seating upstairs is quiet enough to work from for an hour or two, and the wifi actually works. Will be back every week.',
  ],
  ['राहुल वर्मा', 5, 'बहुत बढ़िया मिठाइयाँ, काजू कतली एकदम ताज़ा थी। स्टाफ़ भी बहुत अच्छा है।'],
  ['கார்த்திக்', 4, 'சுவையான மசாலா தோசை, சேவை வேகமாக இருந்தது. விலை கொஞ்சம் அதிகம்.'],
  ['Ananya', 5, 'Quick service and friendly people.'],
  ['<img src=x onerror=alert(1)>', 5, HOSTILE_TEXT],
  ['Mohammed Irfan', 4, 'Good food, a little crowded on weekends but worth the wait.'],
]

/** The answer for `code` in `language` (en, hi or ta); `connected: false` gives the badge-only answer. */
export function widgetAnswer({
  code = 'chai-point',
  language = 'en',
  origin = 'http://127.0.0.1',
  layout = 'carousel',
  connected = true,
} = {}) {
  const business = BUSINESSES[language] ?? BUSINESSES.en
  return {
    code,
    layout,
    language,
    labels: LABELS[language] ?? LABELS.en,
    business: {
      name: business.name,
      listingUrl: 'https://www.google.com/maps/place/?q=place_id:ChIJtest123',
      reviewUrl: `${origin}/review/${code}`,
    },
    rating: { average: business.average, count: business.count },
    connected,
    reviews: connected
      ? TEXTS.map(([reviewer, stars, text], index) => ({
          id: index + 1,
          stars,
          text,
          reviewer,
          photoUrl: index === 3 ? null : `${origin}/widget-test-photos/${index + 1}.svg`,
          time: new Date(Date.UTC(2026, 10 - index, 20, 10)).toISOString(),
          pinned: index === 0,
        }))
      : [],
  }
}
