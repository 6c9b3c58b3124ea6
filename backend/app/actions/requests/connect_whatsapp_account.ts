import db from '@adonisjs/lucid/services/db'
import WhatsAppAccount from '#models/whatsapp_account'
import WhatsAppTemplate from '#models/whatsapp_template'
import type Member from '#policies/member'
import { ConflictError } from '#exceptions/app_errors'
import { isDuplicateKey } from '#lib/db_errors'
import { clock } from '#lib/clock'
import { whatsappAccountOf } from '#queries/whatsapp_accounts'
import type { ReviewLanguage } from '#contract/review_messages/index'
import type { WhatsAppTemplateStatus } from '#types/requests'

export interface WhatsAppAccountInput {
  phoneNumberId: string
  accessToken: string
  /** The owner's own approved template per language (the manual form). */
  templates: Partial<Record<ReviewLanguage, string>>
}

/** A connection as it is stored: the number, what Meta says about it, and its templates. */
export interface WhatsAppConnection {
  phoneNumberId: string
  accessToken: string
  wabaId?: string | null
  displayPhoneNumber?: string | null
  verifiedName?: string | null
  qualityRating?: string | null
  messagingLimit?: string | null
  coexistence?: boolean
  pin?: string | null
  templates: {
    name: string
    language: ReviewLanguage
    status: WhatsAppTemplateStatus
    reason?: string | null
    metaTemplateId?: string | null
    managed: boolean
  }[]
}

/**
 * Connects the member's workspace to its WhatsApp Business number (docs/decisions.md D32, D67), or replaces the
 * connection, in one transaction: the access token (and a registration pin) stored sealed with the app key, the
 * templates replaced, an earlier disconnection or notice cleared. A number another workspace has connected is a
 * 409; one whose connection Meta reported removed there is taken over.
 */
export default class ConnectWhatsAppAccount {
  /** The manual form: the owner's number, token and approved template names. */
  handle(by: Member, input: WhatsAppAccountInput) {
    return this.store(by, {
      phoneNumberId: input.phoneNumberId,
      accessToken: input.accessToken,
      templates: Object.entries(input.templates).map(([language, name]) => ({
        name: name!,
        language: language as ReviewLanguage,
        status: 'APPROVED' as const,
        managed: false,
      })),
    })
  }

  async store(by: Member, connection: WhatsAppConnection) {
    const { workspaceId, user } = by
    const now = clock.now()
    try {
      await db.transaction(async (trx) => {
        await WhatsAppAccount.query({ client: trx })
          .where('phone_number_id', connection.phoneNumberId)
          .whereNot('workspace_id', workspaceId)
          .whereNotNull('disconnected_at')
          .delete()
        const account =
          (await WhatsAppAccount.query({ client: trx }).where('workspace_id', workspaceId).forUpdate().first()) ??
          new WhatsAppAccount().merge({ workspaceId, createdAt: now })
        account.useTransaction(trx)
        account.merge({
          userId: user.id,
          phoneNumberId: connection.phoneNumberId,
          accessTokenEncrypted: WhatsAppAccount.sealToken(connection.accessToken),
          wabaId: connection.wabaId ?? null,
          displayPhoneNumber: connection.displayPhoneNumber ?? null,
          verifiedName: connection.verifiedName ?? null,
          qualityRating: connection.qualityRating ?? null,
          messagingLimit: connection.messagingLimit ?? null,
          coexistence: connection.coexistence ?? false,
          pinEncrypted: connection.pin ? WhatsAppAccount.sealToken(connection.pin) : null,
          disconnectedAt: null,
          noticeKind: null,
          noticeMessage: null,
          noticeAt: null,
          updatedAt: now,
        })
        await account.save()
        await WhatsAppTemplate.query({ client: trx }).where('whatsapp_account_id', account.id).delete()
        if (connection.templates.length) {
          await WhatsAppTemplate.createMany(
            connection.templates.map((template) => ({
              whatsappAccountId: account.id,
              name: template.name,
              language: template.language,
              status: template.status,
              reason: template.reason ?? null,
              metaTemplateId: template.metaTemplateId ?? null,
              managed: template.managed,
              createdAt: now,
              updatedAt: now,
            })),
            { client: trx }
          )
        }
      })
    } catch (error) {
      if (isDuplicateKey(error)) throw new ConflictError('This WhatsApp number is connected to another account.')
      throw error
    }
    return (await whatsappAccountOf(workspaceId))!
  }
}
