import ReplyTemplate from '#models/reply_template'
import type Member from '#policies/member'
import { ConflictError } from '#exceptions/app_errors'

/** Far more than a shop needs; a stop for a script that keeps adding. */
export const MAX_TEMPLATES = 200

export interface ReplyTemplateFields {
  name: string
  body: string
  stars: number[]
  language: string
}

/** A new reply template of the member's workspace (docs/decisions.md D46), up to `MAX_TEMPLATES` of them (409). */
export default class CreateReplyTemplate {
  async handle(by: Member, fields: ReplyTemplateFields) {
    const workspaceId = by.workspaceId
    const count = await ReplyTemplate.query().where('workspace_id', workspaceId).count('* as total').first()
    if (Number(count?.$extras.total ?? 0) >= MAX_TEMPLATES) {
      throw new ConflictError(`A workspace keeps up to ${MAX_TEMPLATES} reply templates. Delete one you no longer use first.`)
    }
    return ReplyTemplate.create({ workspaceId, ...fields })
  }
}
