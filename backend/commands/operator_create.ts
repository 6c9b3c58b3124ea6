import { randomBytes } from 'node:crypto'
import { args, BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import User from '#models/user'
import { normalizeEmail } from '#lib/email'
import { clock } from '#lib/clock'

/**
 * Makes a ReviewRoute staff account an operator (docs/decisions.md D34): `node ace operator:create ops@reviewroute.in`.
 * An existing account becomes an operator; otherwise one is created with a one-time password printed here, to be
 * changed after the first sign-in. Either way the operator sets up TOTP on first opening /admin.
 */
export default class OperatorCreate extends BaseCommand {
  static commandName = 'operator:create'
  static description = 'Create an operator account (or make an existing account one)'
  static options: CommandOptions = { startApp: true }

  @args.string({ description: "The operator's email address" })
  declare email: string

  async run() {
    const email = normalizeEmail(this.email ?? '')
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) {
      this.logger.error('Give a valid email address')
      this.exitCode = 1
      return
    }
    const existing = await User.findBy('email', email)
    if (existing) {
      existing.role = 'operator'
      await existing.save()
      this.logger.success(`${email} is now an operator; they set up TOTP when they first open /admin`)
      return
    }
    const password = randomBytes(12).toString('base64url')
    await User.create({ email, password, role: 'operator', firstName: 'Operator', emailVerifiedAt: clock.now() })
    this.logger.success(`operator ${email} created`)
    this.logger.info(`one-time password: ${password} (change it after signing in; TOTP is set up on first opening /admin)`)
  }
}
