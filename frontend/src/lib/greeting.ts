/** Who the header greets (docs/screens.md): first name, else the part of the email before the @, else 'there'. */
export function greetingName(user: { firstName?: string | null; email?: string | null } | null | undefined) {
  const first = user?.firstName?.trim()
  if (first) return first
  const local = user?.email?.split('@')[0]?.trim()
  return local || 'there'
}

const DAY_MS = 86_400_000

/**
 * 'Welcome' on the account's first day (an owner who signed up minutes ago has not been here before), 'Welcome
 * back' after; 'Welcome' when the creation date is unknown, since it is never wrong (docs/decisions.md D39).
 */
export function welcomeWord(user: { createdAt?: string | null } | null | undefined, now = new Date()): 'Welcome' | 'Welcome back' {
  const created = Date.parse(user?.createdAt ?? '')
  if (Number.isNaN(created)) return 'Welcome'
  return now.getTime() - created < DAY_MS ? 'Welcome' : 'Welcome back'
}

/** The overview's welcome strip: 'Welcome, Asha!' / 'Welcome back, Asha!'; no 'there' while the owner is unknown. */
export function welcomeTitle(user: Parameters<typeof greetingName>[0] & Parameters<typeof welcomeWord>[0], now = new Date()) {
  return user ? `${welcomeWord(user, now)}, ${greetingName(user)}!` : 'Welcome!'
}

/** Avatar initials: first letters of first and last name, else of the greeting name. */
export function initials(user: { firstName?: string | null; lastName?: string | null; email?: string | null } | null | undefined) {
  const letters = [user?.firstName, user?.lastName].map((part) => part?.trim()?.[0] ?? '').join('')
  return (letters || greetingName(user)[0] || '?').toUpperCase()
}
