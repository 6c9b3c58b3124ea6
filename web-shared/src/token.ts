/*
 * The owner's bearer token in this browser. A stored value counts only when it is a real token (docs/product-rules.md):
 * a non-empty string, not 'null' or 'undefined', longer than 20 characters.
 */
export const TOKEN_KEY = 'reviewroute.token'
const MIN_TOKEN_LENGTH = 20

export function isValidToken(token: unknown): token is string {
  return typeof token === 'string' && token.length > MIN_TOKEN_LENGTH && token !== 'null' && token !== 'undefined'
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null
  } catch {
    return null
  }
}

export function getToken(): string | null {
  const token = storage()?.getItem(TOKEN_KEY)
  return isValidToken(token) ? token : null
}

export function setToken(token: string) {
  storage()?.setItem(TOKEN_KEY, token)
}

export function clearToken() {
  storage()?.removeItem(TOKEN_KEY)
}
