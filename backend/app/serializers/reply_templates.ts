import type ReplyTemplate from '#models/reply_template'
import type { ReplyTemplateDto, ReplyTemplateLanguage } from '#types/api'

export function serializeReplyTemplate(template: ReplyTemplate): ReplyTemplateDto {
  return {
    id: template.id,
    name: template.name,
    body: template.body,
    stars: [...template.stars].sort((a, b) => a - b),
    language: template.language as ReplyTemplateLanguage,
  }
}
