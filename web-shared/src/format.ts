/** Paise → "₹2,499" with Indian digit grouping (docs/decisions.md D8). */
export function rupees(paise: number, { decimals = false } = {}) {
  return new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: decimals ? 2 : 0,
    maximumFractionDigits: decimals ? 2 : 0,
  }).format(paise / 100)
}

/** The review link customers open (README.md#api). */
export const reviewLink = (shortUrl: string, origin = globalThis.location?.origin ?? '') => `${origin}/review/${shortUrl}`

/** docs/decisions.md D3: the Google "write a review" page of a listing. */
export const googleReviewLink = (placeId: string) => `https://search.google.com/local/writereview?placeid=${encodeURIComponent(placeId)}`

/** One formatter for every count: building an Intl.NumberFormat costs more than formatting with it. */
const COUNT = new Intl.NumberFormat('en-IN')
export const formatCount = (count: number) => COUNT.format(count)
