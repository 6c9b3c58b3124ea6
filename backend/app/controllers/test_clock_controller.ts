import type { HttpContext } from '@adonisjs/core/http'
import vine from '@vinejs/vine'
import { DateTime } from 'luxon'
import { clock } from '#lib/clock'
import { FieldError } from '#exceptions/app_errors'

const moveClockValidator = vine.compile(vine.object({ travelTo: vine.string().trim().maxLength(40) }))

/**
 * Moves the business clock of this process (docs/decisions.md D14): end-to-end journeys run the real server and need to
 * reach "trial over". The route exists only when the clock is movable (NODE_ENV=test or TEST_CLOCK=true), and
 * production refuses to start with TEST_CLOCK on.
 */
export default class TestClockController {
  async show() {
    return { now: clock.now().toISO(), offsetMs: clock.offsetMs }
  }

  async update({ request }: HttpContext) {
    const { travelTo } = await request.validateUsing(moveClockValidator)
    const instant = DateTime.fromISO(travelTo, { zone: 'utc' })
    if (!instant.isValid) throw new FieldError('travelTo', 'travelTo must be an ISO 8601 time')
    clock.travelTo(instant)
    return { now: clock.now().toISO(), offsetMs: clock.offsetMs }
  }

  async destroy() {
    clock.reset()
    return { now: clock.now().toISO(), offsetMs: 0 }
  }
}
