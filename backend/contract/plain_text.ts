/*
 * Text people type that other people read (docs/product-rules.md#plain-text): no control characters and no
 * characters that reorder text, whatever the field. A workspace's name (workspace_names.ts) and the replies posted
 * on Google under a business's name (reply templates, inbox replies, auto-reply) take this one rule; a reply may
 * still have line breaks and tabs.
 */

// C0 and C1 controls, and the characters that reorder text (the right-to-left override among them).
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/

/** The same, except the line feed, the carriage return and the tab that text of several lines is made of. */
// eslint-disable-next-line no-control-regex
const CONTROL_OUTSIDE_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/

export const CONTROL_CHARACTERS_MESSAGE =
  'This text cannot contain control or text-direction characters (such as NUL, a bell or a right-to-left override). Please remove them.'

/** Whether `text` holds a control or text-direction character; with `lines`, line breaks and tabs are allowed. */
export function hasControlCharacters(text: string, { lines = false } = {}) {
  return (lines ? CONTROL_OUTSIDE_LINES : CONTROL_CHARACTERS).test(text)
}

/** `text` without them (line breaks and tabs kept with `lines`), for text that came from elsewhere. */
export function withoutControlCharacters(text: string, { lines = false } = {}) {
  return text.replace(new RegExp((lines ? CONTROL_OUTSIDE_LINES : CONTROL_CHARACTERS).source, 'g'), '')
}
