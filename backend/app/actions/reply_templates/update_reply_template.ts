import type ReplyTemplate from '#models/reply_template'
import type { ReplyTemplateFields } from '#actions/reply_templates/create_reply_template'

/** Changes what is given of a template's name, body, stars and language; what is left out stays. */
export default class UpdateReplyTemplate {
  async handle(template: ReplyTemplate, fields: Partial<ReplyTemplateFields>) {
    template.merge(Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)))
    await template.save()
    return template
  }
}
