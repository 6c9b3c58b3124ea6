import env from '#start/env'

/** An absolute link into the product: APP_URL + path. */
export const appUrl = (path: string) => `${env.get('APP_URL').replace(/\/+$/, '')}${path}`

/** A review request's personal link and its stop link (docs/decisions.md D32). */
export const personalLink = (token: string) => appUrl(`/r/${token}`)
export const stopLink = (token: string) => appUrl(`/r/${token}/stop`)
