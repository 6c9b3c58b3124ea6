/** The browser a token was issued to, as stored with it (the token's `name` column holds at most 255). */
export const deviceLabel = (userAgent: string | undefined | null) => (userAgent ?? '').trim().slice(0, 255) || undefined
