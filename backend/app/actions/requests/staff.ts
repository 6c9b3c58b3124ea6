import { randomInt } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import { clock } from '#lib/clock'
import { SHORT_URL_ALPHABET } from '#lib/constants'

/** Whether a value looks like a staff code (as the address `?s=` or a form's `staff` carries it). */
export const isStaffCode = (code: unknown): code is string => typeof code === 'string' && /^[A-Za-z0-9]{1,16}$/.test(code)

/** A staff member's code: 4 characters without look-alikes, unique within the business. */
export const newStaffCode = () => Array.from({ length: 4 }, () => SHORT_URL_ALPHABET[randomInt(SHORT_URL_ALPHABET.length)]).join('')

/**
 * The staff member a rating came through (docs/decisions.md D32): the request's own staff member when it came from
 * a personal link, else the `?s=` code of the link or QR, if it is one of this business's; else nobody.
 */
export async function staffIdOf(businessId: number, code: string | null | undefined, requestId: number | null) {
  if (requestId !== null) {
    const row = await db.from('review_requests').where('id', requestId).select('staff_id').first()
    if (row?.staff_id) return Number(row.staff_id)
  }
  if (!isStaffCode(code)) return null
  const staff = await db.from('staff').where({ business_id: businessId, code }).select('id').first()
  return staff ? Number(staff.id) : null
}

/** A new staff member of the business, with a fresh code. */
export async function addStaff(businessId: number, name: string) {
  for (let attempt = 0; ; attempt++) {
    const code = newStaffCode()
    try {
      const [id] = await db.table('staff').insert({ business_id: businessId, name, code, created_at: clock.now().toJSDate() })
      return { id: Number(id), code }
    } catch (error) {
      if ((error as { code?: string }).code !== 'ER_DUP_ENTRY' || attempt > 5) throw error
    }
  }
}
