/*
 * A Google reply template's placeholders (docs/decisions.md D45, D60), filled the same way by the dashboard's reply
 * drawer and by auto-reply: `{reviewer}` (a reviewer without a name is "there": "Thank you, there") and
 * `{business}`. One pass with a replacement function, so a name is always its own text: `$&` or `$'` in it is no
 * replacement pattern, and a reviewer called "{business}" is not filled in again.
 */
export const REPLY_TEMPLATE_PLACEHOLDERS = ['reviewer', 'business'] as const

/** The longest name a reply template may have, in characters (the API refuses more, the dashboard's field stops there). */
export const REPLY_TEMPLATE_NAME_MAX = 80

export function fillTemplate(body: string, { reviewer, business }: { reviewer: string | null; business: string }) {
  const values: Record<(typeof REPLY_TEMPLATE_PLACEHOLDERS)[number], string> = { reviewer: reviewer?.trim() || 'there', business }
  return body.replace(/\{(reviewer|business)\}/g, (_, name: keyof typeof values) => values[name])
}
