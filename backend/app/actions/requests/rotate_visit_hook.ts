import { randomBytes } from 'node:crypto'
import type Business from '#models/business'

/** Turns a business's after-visit hook on, or gives it a new secret address (the old one stops working). */
export default class RotateVisitHook {
  async handle(business: Business) {
    business.visitHookSecret = randomBytes(32).toString('base64url')
    await business.save()
    return business
  }
}
