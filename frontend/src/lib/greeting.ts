/** Who the header greets (docs/screens.md): first name, else the part of the email before the @, else 'there'. */
export function greetingName(user: { firstName?: string | null; email?: string | null } | null | undefined) {
  const first = user?.firstName?.trim()
  if (first) return first
  const local = user?.email?.split('@')[0]?.trim()
  return local || 'there'
}

/** Avatar initials: first letters of first and last name, else of the greeting name. */
export function initials(user: { firstName?: string | null; lastName?: string | null; email?: string | null } | null | undefined) {
  const letters = [user?.firstName, user?.lastName]
    .map((part) => part?.trim()?.[0] ?? '')
    .join('')
  return (letters || greetingName(user)[0] || '?').toUpperCase()
}
