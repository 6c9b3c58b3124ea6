/*
 * The first paint's pieces (rendered at build time by prerender.tsx) and how they become the page's HTML: each
 * `__SLOT_name__` takes a text, escaped; each `__PIECE_name__` takes a piece's HTML. Small and free of React and
 * antd: it runs in the first paint's own chunk, which the early script loads before the app has downloaded.
 */
/** index.html's <script type="application/json"> holding the pieces (vite.config.ts writes it). */
export const PIECES_ID = 'first-paint-pieces'

export const SLOT = (name: SlotName) => `__SLOT_${name}__`
export const PIECE = (name: PieceName) => `__PIECE_${name}__`

export type SlotName =
  | 'greetingName'
  | 'businessLabel'
  | 'initials'
  | 'imageUrl'
  | 'email'
  | 'welcomeTitle'
  | 'businessName'
  | 'address'
  | 'total'
  | 'average'
  | 'google'
  | 'note'
  | 'privateRatings'
  | 'privateLine'
export type PieceName = 'leading' | 'avatar' | 'banners' | 'welcome' | 'cards'

export interface FirstPaintPieces {
  /** The layout, with PIECE(…) in the places of the others. */
  shell: string
  /** The header's greeting (one business) or business selector (two or more). */
  greeting: string
  selector: string
  /** The avatar: initials, or the profile picture. */
  initials: string
  image: string
  verify: string
  /** The trial banner by days left (1 to the trial's length). */
  trial: Record<string, string>
  welcome: string
  /** The four cards, without and with the note that the Google rating is the higher one. */
  cards: string
  cardsWithNote: string
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char])

/** `html` with each slot's text (escaped: they are the owner's own words) and each piece's HTML in place. */
export function fill(html: string, slots: Partial<Record<SlotName, string>>, pieces: Partial<Record<PieceName, string>> = {}) {
  return html
    .replace(/__PIECE_([A-Za-z]+)__/g, (_, name: PieceName) => pieces[name] ?? '')
    .replace(/__SLOT_([A-Za-z]+)__/g, (_, name: SlotName) => escapeHtml(slots[name] ?? ''))
}
