/**
 * Whether the owner is asked to verify their address (docs/decisions.md D29): only on an explicit
 * `emailVerified: false`; a server from before verification sends no such field, and its owners must not be nagged
 * about a mail that never comes.
 */
export const needsEmailVerification = (user: { emailVerified?: boolean } | null | undefined) => user?.emailVerified === false
