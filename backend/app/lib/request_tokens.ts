/** A personal link's token as we make them (16 random bytes, base64url); anything else is no request. */
export const isRequestToken = (token: unknown): token is string => typeof token === 'string' && /^[A-Za-z0-9_-]{22}$/.test(token)
