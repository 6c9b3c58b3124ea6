import type WhatsAppAccount from '#models/whatsapp_account'
import { REVIEW_LANGUAGES } from '#contract/review_messages/index'
import type { WhatsAppAccountDto, WhatsAppSignupConfigDto } from '#types/api'

/**
 * The workspace's WhatsApp Business connection as the owner sees it (templates preloaded; docs/decisions.md D67): a
 * connection Meta reported removed answers `connected: false` with its notice, so the banner says why.
 */
export function serializeWhatsAppAccount(
  account: WhatsAppAccount | null,
  embeddedSignup: WhatsAppSignupConfigDto | null
): WhatsAppAccountDto {
  const connected = account !== null && account.disconnectedAt === null
  const order = (language: string) => REVIEW_LANGUAGES.indexOf(language as (typeof REVIEW_LANGUAGES)[number])
  return {
    connected,
    wabaId: connected ? account.wabaId : null,
    phoneNumberId: connected ? account.phoneNumberId : null,
    displayPhoneNumber: connected ? account.displayPhoneNumber : null,
    verifiedName: connected ? account.verifiedName : null,
    qualityRating: connected ? account.qualityRating : null,
    messagingLimit: connected ? account.messagingLimit : null,
    coexistence: connected ? account.coexistence : false,
    accessTokenSet: connected,
    templates: connected
      ? [...account.templates]
          .sort((a, b) => order(a.language) - order(b.language))
          .map(({ name, language, status, reason }) => ({ name, language, status, reason }))
      : [],
    notice:
      account?.noticeKind && account.noticeMessage && account.noticeAt
        ? { kind: account.noticeKind, message: account.noticeMessage, at: account.noticeAt.toISO()! }
        : null,
    embeddedSignup,
  }
}
