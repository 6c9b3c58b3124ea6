/*
 * Reply templates (docs/decisions.md D46): the workspace's replies to Google reviews, written once and picked in the
 * reply drawer by the review's stars and language. Every member reads them; owners and managers write them.
 */
import type { HttpContext } from '@adonisjs/core/http'
import ReplyTemplate from '#models/reply_template'
import ReplyTemplatePolicy from '#policies/reply_template_policy'
import { serializeReplyTemplate } from '#serializers/reply_templates'
import { createReplyTemplateValidator, updateReplyTemplateValidator } from '#validators/reply_templates'
import { ConflictError } from '#exceptions/app_errors'
import { listAll } from '#lib/list_query'
import { REPLY_TEMPLATE_LIST } from '#queries/list_specs'
import type { ReplyTemplateDto } from '#types/api'

/** Far more than a shop needs; a stop for a script that keeps adding. */
export const MAX_TEMPLATES = 200

export default class ReplyTemplatesController {
  /** GET /api/reply-templates: all of the workspace's, by name (filters `language`, `q`; `_sort`). */
  async index(ctx: HttpContext): Promise<ReplyTemplateDto[]> {
    await ctx.bouncer.with(ReplyTemplatePolicy).authorize('viewAny')
    const templates = ReplyTemplate.query().where('workspace_id', ctx.tenant.member.workspaceId)
    return listAll(ctx, templates, REPLY_TEMPLATE_LIST, serializeReplyTemplate)
  }

  /** POST /api/reply-templates → 201 with the template */
  async store({ tenant, bouncer, request, response }: HttpContext) {
    await bouncer.with(ReplyTemplatePolicy).authorize('create')
    const fields = await request.validateUsing(createReplyTemplateValidator)
    const workspaceId = tenant.member.workspaceId
    const count = await ReplyTemplate.query().where('workspace_id', workspaceId).count('* as total').first()
    if (Number(count?.$extras.total ?? 0) >= MAX_TEMPLATES) {
      throw new ConflictError(`A workspace keeps up to ${MAX_TEMPLATES} reply templates. Delete one you no longer use first.`)
    }
    const template = await ReplyTemplate.create({ workspaceId, ...fields })
    return response.created(serializeReplyTemplate(template))
  }

  /** PATCH /api/reply-templates/{id}: any of name, body, stars, language. */
  async update({ bouncer, params, request }: HttpContext): Promise<ReplyTemplateDto> {
    const template = await ReplyTemplate.find(params.id)
    await bouncer.with(ReplyTemplatePolicy).authorize('manage', template)
    const fields = await request.validateUsing(updateReplyTemplateValidator)
    template!.merge(Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)))
    await template!.save()
    return serializeReplyTemplate(template!)
  }

  /** DELETE /api/reply-templates/{id} → 204 */
  async destroy({ bouncer, params, response }: HttpContext) {
    const template = await ReplyTemplate.find(params.id)
    await bouncer.with(ReplyTemplatePolicy).authorize('manage', template)
    await template!.delete()
    return response.noContent()
  }
}
