import type Business from '#models/business'

/** Turns a business's after-visit hook off: its address stops working. */
export default class TurnOffVisitHook {
  async handle(business: Business) {
    business.visitHookSecret = null
    await business.save()
    return business
  }
}
