import type User from '#models/user'
import { mobileNumberProblem, normalizeIndianMobile } from '#lib/phone'
import { FieldError } from '#exceptions/app_errors'

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

  /**
   * The owner's own number is a mobile we can call or message about the account: 10 digits starting 6-9, typed in any
   * of the usual Indian forms, stored as '+91' and the digits (docs/product-rules.md#accounts-and-tokens).
   */
  static phone(raw: string): string {
    const phone = normalizeIndianMobile(raw)
    if (!phone) throw new FieldError('phone', mobileNumberProblem(raw)!)
    return phone
  }
}
