import { inject } from '@adonisjs/core'
import BodyParserMiddleware from '@adonisjs/core/bodyparser_middleware'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { BadRequestError } from '#exceptions/app_errors'

/**
 * The framework's body parser, except that a body it fails to read without saying why (JSON nested thousands
 * deep overflows its copy of the body; a `Content-Encoding: gzip` header on a body that is not gzip) is a 400,
 * not a 500. Its own refusals (malformed JSON, too large, unsupported encoding) keep their status.
 */
@inject()
export default class ReadableBodyParserMiddleware {
  constructor(private parser: BodyParserMiddleware) {}

  async handle(ctx: HttpContext, next: NextFn) {
    let parsed = false
    try {
      return await this.parser.handle(ctx, () => {
        parsed = true
        return next()
      })
    } catch (error) {
      if (parsed || Number((error as { status?: unknown })?.status) > 0) throw error
      throw new BadRequestError('The request body could not be read. Send a JSON object.')
    }
  }
}
