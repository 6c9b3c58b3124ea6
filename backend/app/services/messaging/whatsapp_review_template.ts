/*
 * ReviewRoute's review-request template (docs/decisions.md D67): one name, created on the business's WhatsApp
 * Business account in each of the nine languages as a UTILITY template (about the customer's visit, no promotion),
 * with five rating quick-replies and an opt-out. The quick-replies' payloads are set per message and bound to the
 * request: `rr:{request token}:{1-5 | stop}`; the replies' buttons carry `rr:{request token}:{callback | no}`.
 */
import { REVIEW_LANGUAGES, type ReviewLanguage } from '#contract/review_messages/index'
import { chatMessage } from '#contract/whatsapp_chat'

export const REVIEW_TEMPLATE_NAME = 'reviewroute_rating_request'

/** The quick-replies in the template's order: ratings best first, then the opt-out. */
const QUICK_REPLIES = ['5', '4', '3', '2', '1', 'stop'] as const

export type ChatAction = { kind: 'rate'; rating: number } | { kind: 'stop' } | { kind: 'callback' } | { kind: 'no' }

/** Meta's create-template body for `language`. */
export function reviewTemplateDefinition(language: ReviewLanguage) {
  return {
    name: REVIEW_TEMPLATE_NAME,
    language,
    category: 'UTILITY',
    components: [
      {
        type: 'BODY',
        text: chatMessage(language, 'templateBody'),
        example: { body_text: [['Asha', 'Chai Point', 'https://reviewroute.in/r/AbCdEfGhIjKlMnOpQrStUv']] },
      },
      { type: 'FOOTER', text: chatMessage(language, 'templateFooter') },
      {
        type: 'BUTTONS',
        buttons: QUICK_REPLIES.map((reply) => ({
          type: 'QUICK_REPLY',
          text: chatMessage(language, reply === 'stop' ? 'stopButton' : (`rate${reply}` as 'rate5')),
        })),
      },
    ],
  }
}

/** The payloads of one request's quick-replies, in the template's order. */
export const quickReplyPayloads = (requestToken: string) => QUICK_REPLIES.map((reply) => chatPayload(requestToken, reply))

export const chatPayload = (requestToken: string, action: (typeof QUICK_REPLIES)[number] | 'callback' | 'no') =>
  `rr:${requestToken}:${action}`

/** A payload of ours read back: the request's token and what the customer tapped; null for anything else. */
export function parseChatPayload(payload: unknown): { token: string; action: ChatAction } | null {
  if (typeof payload !== 'string') return null
  const match = /^rr:([A-Za-z0-9_-]{22}):(1|2|3|4|5|stop|callback|no)$/.exec(payload)
  if (!match) return null
  const [, token, tapped] = match
  const action: ChatAction =
    tapped === 'stop' || tapped === 'callback' || tapped === 'no' ? { kind: tapped } : { kind: 'rate', rating: Number(tapped) }
  return { token, action }
}

/** Every language ReviewRoute makes the template in. */
export const TEMPLATE_LANGUAGES: readonly ReviewLanguage[] = REVIEW_LANGUAGES
