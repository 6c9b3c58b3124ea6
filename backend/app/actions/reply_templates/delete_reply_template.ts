import type ReplyTemplate from '#models/reply_template'

/** Deletes a reply template; replies already written from it stay as they are. */
export default class DeleteReplyTemplate {
  async handle(template: ReplyTemplate) {
    await template.delete()
  }
}
