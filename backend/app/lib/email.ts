/**
 * The one form of an email address the product stores, looks up and throttles by: trimmed, lower case and
 * Unicode NFC (a composed `é` and `e` + combining accent are the same text). Accents are kept: `séc@` and
 * `sec@` are different addresses, compared exactly by the database (migration 0012).
 */
export const normalizeEmail = (email: string) => email.normalize('NFC').trim().toLowerCase()
