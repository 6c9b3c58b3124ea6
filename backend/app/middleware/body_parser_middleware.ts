import { inject } from '@adonisjs/core'
import BodyParserMiddleware from '@adonisjs/core/bodyparser_middleware'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import config from '@adonisjs/core/services/config'
import type { BodyParserConfig } from '@adonisjs/core/types/bodyparser'
import { BadRequestError, PayloadTooLargeError } from '#exceptions/app_errors'
import { BRAND_LOGO_MAX_LABEL } from '#services/brand/brand_logo'

/**
 * Routes whose JSON body may be larger than BODY_LIMIT, with their own limit and the sentence for a body over it:
 * an agency's brand carries its logo as a data URL (100 KB of image is about 137 KB of base64).
 */
export const LARGER_BODIES: Record<string, { limit: string; limitBytes: number; tooLarge: string }> = {
  '/api/workspaces/:id/brand': { limit: '160kb', limitBytes: 160 * 1024, tooLarge: `The logo must be at most ${BRAND_LOGO_MAX_LABEL}.` },
}

/**
 * The framework's body parser, except that a body it fails to read without saying why (JSON nested thousands
 * deep overflows its copy of the body; a `Content-Encoding: gzip` header on a body that is not gzip) is a 400,
 * not a 500. Its own refusals (malformed JSON, too large, unsupported encoding) keep their status.
 */
@inject()
export default class ReadableBodyParserMiddleware {
  #larger = new Map<string, BodyParserMiddleware>()

  constructor(private parser: BodyParserMiddleware) {}

  /** The parser for a route with a larger JSON limit, made once. */
  #parserFor(pattern: string, limit: string) {
    let parser = this.#larger.get(pattern)
    if (!parser) {
      const base = config.get<BodyParserConfig>('bodyparser')
      parser = new BodyParserMiddleware({ ...base, json: { ...base.json, limit } })
      this.#larger.set(pattern, parser)
    }
    return parser
  }

  async handle(ctx: HttpContext, next: NextFn) {
    let parsed = false
    const larger = ctx.route ? LARGER_BODIES[ctx.route.pattern] : undefined
    const parser = larger ? this.#parserFor(ctx.route!.pattern, larger.limit) : this.parser
    try {
      return await parser.handle(ctx, () => {
        parsed = true
        return next()
      })
    } catch (error) {
      if (!parsed && larger && Number((error as { status?: unknown })?.status) === 413) throw new PayloadTooLargeError(larger.tooLarge)
      if (parsed || Number((error as { status?: unknown })?.status) > 0) throw error
      throw new BadRequestError('The request body could not be read. Send a JSON object.')
    }
  }
}
