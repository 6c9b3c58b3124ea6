import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { isOperatorRoute, operatorOrNoRoute } from '#middleware/operator_middleware'

/**
 * Router middleware, ahead of the body parser: on an operator route, whoever is not an operator gets the answer of
 * a path that does not exist before the body is read. Otherwise a malformed or oversized body would be a 400 or a
 * 413 on a console route and a 404 elsewhere, and a scanner could list the console by sending one.
 */
export default class OperatorGateMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    if (isOperatorRoute(ctx)) await operatorOrNoRoute(ctx)
    return next()
  }
}
