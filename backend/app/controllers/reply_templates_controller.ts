/*
 * Reply templates (docs/decisions.md D46): the workspace's replies to Google reviews, written once and picked in the
 * reply drawer by the review's stars and language. Every member reads them; owners and managers write them.
 */
import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import ReplyTemplate from '#models/reply_template'
import ReplyTemplatePolicy from '#policies/reply_template_policy'
import CreateReplyTemplate from '#actions/reply_templates/create_reply_template'
import UpdateReplyTemplate from '#actions/reply_templates/update_reply_template'
import DeleteReplyTemplate from '#actions/reply_templates/delete_reply_template'
import { serializeReplyTemplate } from '#serializers/reply_templates'
import { createReplyTemplateValidator, updateReplyTemplateValidator } from '#validators/reply_templates'
import { listAll } from '#lib/list_query'
import { REPLY_TEMPLATE_LIST } from '#queries/list_specs'
import type { ReplyTemplateDto } from '#types/api'

export default class ReplyTemplatesController {
  /** GET /api/reply-templates: all of the workspace's, by name (filters `language`, `q`; `_sort`). */
  async index(ctx: HttpContext): Promise<ReplyTemplateDto[]> {
    await ctx.bouncer.with(ReplyTemplatePolicy).authorize('viewAny')
    return listAll(ctx, ReplyTemplatePolicy.visible(ctx.tenant.member), REPLY_TEMPLATE_LIST, serializeReplyTemplate)
  }

  /** POST /api/reply-templates → 201 with the template */
  @inject()
  async store({ tenant, bouncer, request, response }: HttpContext, createTemplate: CreateReplyTemplate) {
    await bouncer.with(ReplyTemplatePolicy).authorize('create')
    const fields = await request.validateUsing(createReplyTemplateValidator)
    return response.created(serializeReplyTemplate(await createTemplate.handle(tenant.member, fields)))
  }

  /** PATCH /api/reply-templates/{id}: any of name, body, stars, language. */
  @inject()
  async update({ bouncer, params, request }: HttpContext, updateTemplate: UpdateReplyTemplate): Promise<ReplyTemplateDto> {
    const template = await ReplyTemplate.find(params.id)
    await bouncer.with(ReplyTemplatePolicy).authorize('manage', template)
    const fields = await request.validateUsing(updateReplyTemplateValidator)
    return serializeReplyTemplate(await updateTemplate.handle(template!, fields))
  }

  /** DELETE /api/reply-templates/{id} → 204 */
  @inject()
  async destroy({ bouncer, params, response }: HttpContext, deleteTemplate: DeleteReplyTemplate) {
    const template = await ReplyTemplate.find(params.id)
    await bouncer.with(ReplyTemplatePolicy).authorize('manage', template)
    await deleteTemplate.handle(template!)
    return response.noContent()
  }
}
