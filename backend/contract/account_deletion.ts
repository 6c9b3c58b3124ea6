/*
 * What deleting an account removes and what it keeps (docs/product-rules.md#data-retention), in the words the
 * delete dialog shows before and the confirming mail repeats after, so both say the same.
 */

/** How long payments and invoices outlive a deleted account (tax law, docs/decisions.md D29). */
export const TAX_RECORD_YEARS = 8

export const DELETED_WITH_ACCOUNT = [
  'Your account: name, email, phone and password',
  'Every business, with its review link and QR code. Printed posters and QR codes stop working',
  'All ratings and feedback your customers left',
  'Your customer list and the review requests sent to it',
  'Analytics: page views and conversions',
  'Your plan, and every signed-in device',
]

export const KEPT_AFTER_DELETION = [
  `Payments and invoices, for ${TAX_RECORD_YEARS} years because tax law requires it. They are no longer linked to your name.`,
  'Messages you sent us, no longer linked to an account.',
]
