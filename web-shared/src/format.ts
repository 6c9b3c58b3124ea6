/** Paise → "₹2,499" with Indian digit grouping (docs/decisions.md D8). */
export function rupees(paise: number, { decimals = false } = {}) {
  return new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: decimals ? 2 : 0,
    maximumFractionDigits: decimals ? 2 : 0,
  }).format(paise / 100)
}

/**
 * The review link customers open on `origin` (README.md#api). What owners see and share is the API's `reviewUrl`
 * (APP_URL's, as posters and mails carry it), never the address the page was opened from.
 */
export const reviewLink = (shortUrl: string, origin: string) => `${origin.replace(/\/+$/, '')}/review/${shortUrl}`

/** docs/decisions.md D3: the Google "write a review" page of a listing. */
export const googleReviewLink = (placeId: string) => `https://search.google.com/local/writereview?placeid=${encodeURIComponent(placeId)}`

/** One formatter for every count: building an Intl.NumberFormat costs more than formatting with it. */
const COUNT = new Intl.NumberFormat('en-IN')
export const formatCount = (count: number) => COUNT.format(count)
