import { BaseSeeder } from '@adonisjs/lucid/seeders'
import SubscriptionPlan from '#models/subscription_plan'
import { PLANS } from '#database/data/plans'

/** Brings subscription_plans in line with database/data/plans.ts (every environment, idempotent). */
export default class PlansSeeder extends BaseSeeder {
  async run() {
    await SubscriptionPlan.updateOrCreateMany(
      'planType',
      PLANS.map((plan) => ({ ...plan, features: [...plan.features], isActive: true })),
      { client: this.client }
    )
  }
}
