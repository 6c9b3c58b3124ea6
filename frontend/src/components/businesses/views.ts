/*
 * The two routes of the shared My Businesses screen (docs/screens.md) and what differs between them:
 * - businesses: the management grid (short URL edit, settings, remove, and the QR in a dialog);
 * - qr-codes (the phone bar's QR tab): every card shows its QR with the downloads, nothing destructive.
 * (/dashboard/analytics is the all-businesses analytics page, docs/decisions.md D36.)
 */
export type BusinessesView = 'businesses' | 'qr-codes'

export const VIEW_COPY: Record<BusinessesView, { title: string; text: string }> = {
  'businesses': { title: 'My Businesses', text: 'Manage your review links, QR codes and settings.' },
  'qr-codes': { title: 'QR Codes', text: 'Download a QR code or a printable poster for each business.' },
}

/** Only the management view offers settings and removal. */
export const canManage = (view: BusinessesView) => view === 'businesses'
