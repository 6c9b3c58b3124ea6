/*
 * The outside services a journey's product talks to, on loopback: Google Places (New) with invented listings,
 * Razorpay's Orders API (scripts/lib/razorpay-stub.mjs, shared with the backend's tests), and the Google Business
 * Profile the Google journey connects (scripts/lib/google-business-stub.mjs) with its Pub/Sub push secret, and the
 * Facebook Login for Business configuration of Meta's WhatsApp stub (scripts/lib/whatsapp-stub.mjs).
 */
import { startRazorpayStub } from '../../lib/razorpay-stub.mjs'
import { json, startStubServer } from '../../lib/stub-server.mjs'

export const GOOGLE_KEY = 'journeys'

/** The people the local OpenID provider (standing in for Google) knows: the login is the subject. */
export const OIDC_ACCOUNTS = {
  'google-priya': { email: 'priya.nair@gmail.test', email_verified: true, given_name: 'Priya', family_name: 'Nair' },
}
export const RAZORPAY = {
  keyId: 'rzp_test_journeys',
  keySecret: 'journeys_key_secret_5d1c0a',
  webhookSecret: 'journeys_webhook_secret_9b7e42',
}

/** Invented listings in Google's Place shape (the fields the product asks for in X-Goog-FieldMask). */
export const GOOGLE_PLACES = [
  {
    id: 'ChIJj0urnEyUrjsR7y3kVqT1b8Q',
    displayName: { text: 'Udupi Tiffin Corner', languageCode: 'en' },
    formattedAddress: '14, Gandhi Bazaar Main Road, Basavanagudi, Bengaluru, Karnataka 560004, India',
    rating: 4.3,
    userRatingCount: 812,
  },
  {
    id: 'ChIJ3bYk9xGUrjsRqL0mWc2vT1E',
    displayName: { text: 'Udupi Krishna Bhavan', languageCode: 'en' },
    formattedAddress: '7, DVG Road, Basavanagudi, Bengaluru, Karnataka 560004, India',
    rating: 4.1,
    userRatingCount: 455,
  },
  {
    id: 'ChIJx8W2c6L9DDkR4pZtN0aHq7k',
    displayName: { text: 'Lakshmi Sweets & Namkeen', languageCode: 'en' },
    formattedAddress: 'Shop 3, Sector 18 Market, Noida, Uttar Pradesh 201301, India',
    rating: 4.5,
    userRatingCount: 1290,
  },
  {
    id: 'ChIJt7Vd0sHBwjsR1kq9mYbXc2o',
    displayName: { text: 'Sahyadri Dental Clinic', languageCode: 'en' },
    formattedAddress: 'Office 12, Karve Road, Kothrud, Pune, Maharashtra 411038, India',
    rating: 4.7,
    userRatingCount: 233,
  },
  {
    id: 'ChIJm4Rk2pQZXjkR8sL1vBn6w0c',
    displayName: { text: 'Marwar Thali House', languageCode: 'en' },
    formattedAddress: 'Near Clock Tower, Sardar Market, Jodhpur, Rajasthan 342001, India',
    rating: 3.9,
    userRatingCount: 167,
  },
]

/** The Facebook Login for Business configuration the dashboard opens Meta's Embedded Signup with (WHATSAPP_CONFIG_ID). */
export const WHATSAPP_CONFIG_ID = '918273645501234'

/** The secret path segment of the product's Pub/Sub push address in the journeys. */
export const PUBSUB_TOKEN = 'journeys-pubsub-7f3a9c'

/** The Business Profile the Google journey connects: account 1050 with a listed restaurant and an unlisted kitchen. */
export const GOOGLE_PROFILE_ACCOUNTS = {
  1050: [
    {
      id: '7311',
      title: 'Marwar Thali House',
      placeId: 'ChIJm4Rk2pQZXjkR8sL1vBn6w0c',
      addressLines: ['Near Clock Tower, Sardar Market'],
      locality: 'Jodhpur',
      postalCode: '342001',
    },
    {
      id: '7312',
      title: 'Marwar Thali Cloud Kitchen',
      addressLines: ['Plot 9, Basni Industrial Area'],
      locality: 'Jodhpur',
      postalCode: '342005',
    },
  ],
}

const googleError = (code, status, message) => ({ error: { code, message, status } })

/**
 * Google Places API (New) as documented: Text Search (POST /v1/places:searchText) and Place Details
 * (GET /v1/places/{id}), with the key in X-Goog-Api-Key and the response fields in X-Goog-FieldMask.
 */
export function startGoogleStub() {
  return startStubServer((request, res) => {
    if (request.headers['x-goog-api-key'] !== GOOGLE_KEY) {
      return json(res, 403, googleError(403, 'PERMISSION_DENIED', 'API key not valid. Please pass a valid API key.'))
    }
    const fieldMask = String(request.headers['x-goog-fieldmask'] ?? '')
    if (!fieldMask) return json(res, 400, googleError(400, 'INVALID_ARGUMENT', 'FieldMask is a required parameter.'))
    const url = new URL(request.url, 'http://stub')

    if (request.method === 'POST' && url.pathname === '/v1/places:searchText') {
      let body
      try {
        body = JSON.parse(request.body)
      } catch {
        return json(res, 400, googleError(400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.'))
      }
      if (typeof body.textQuery !== 'string' || !body.textQuery.trim()) {
        return json(res, 400, googleError(400, 'INVALID_ARGUMENT', 'textQuery is required.'))
      }
      const words = body.textQuery.toLowerCase().split(/\s+/).filter(Boolean)
      const places = GOOGLE_PLACES.filter((place) => {
        const haystack = `${place.displayName.text} ${place.formattedAddress}`.toLowerCase()
        return words.every((word) => haystack.includes(word))
      }).slice(0, body.pageSize ?? 20)
      // Google answers {} when nothing matches.
      return json(res, 200, places.length ? { places } : {})
    }

    const details = url.pathname.match(/^\/v1\/places\/([^/]+)$/)
    if (request.method === 'GET' && details) {
      const place = GOOGLE_PLACES.find((candidate) => candidate.id === decodeURIComponent(details[1]))
      if (!place) return json(res, 404, googleError(404, 'NOT_FOUND', `Place '${details[1]}' not found.`))
      return json(res, 200, place)
    }
    return json(res, 404, googleError(404, 'NOT_FOUND', `Method not found: ${request.method} ${url.pathname}`))
  })
}

/** Razorpay's Orders API for the journeys' keys, with the orders it created. */
export const startRazorpay = () => startRazorpayStub(RAZORPAY)
