import type User from '#models/user'
import { normalizeIndianPhone } from '#lib/phone'
import { FieldError } from '#exceptions/app_errors'
import { PHONE_MESSAGE } from '#validators/messages'

interface ProfileInput {
  firstName?: string | null
  lastName?: string | null
  /** The profile dialog's single name field: first word is the first name, the rest the last name. */
  name?: string
  phone?: string | null
}

/** Edits the owner's own name and phone. The email is read-only (docs/decisions.md D14). */
export default class UpdateProfile {
  async handle(user: User, input: ProfileInput) {
    if (input.name !== undefined && input.firstName === undefined && input.lastName === undefined) {
      const [first = '', ...rest] = input.name.split(/\s+/).filter(Boolean)
      user.firstName = first.slice(0, 100) || null
      user.lastName = rest.join(' ').slice(0, 100) || null
    }
    if (input.firstName !== undefined) user.firstName = input.firstName || null
    if (input.lastName !== undefined) user.lastName = input.lastName || null
    if (input.phone !== undefined) user.phone = input.phone ? UpdateProfile.phone(input.phone) : null
    await user.save()
    return user
  }

  static phone(raw: string): string {
    const phone = normalizeIndianPhone(raw)
    if (!phone) throw new FieldError('phone', PHONE_MESSAGE)
    return phone
  }
}
