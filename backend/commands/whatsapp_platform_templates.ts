import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import EnsurePlatformTemplates from '#actions/platform/ensure_platform_templates'

/** Creates the alert templates on ReviewRoute's own WhatsApp number and shows their states (docs/decisions.md D69). */
export default class WhatsAppPlatformTemplates extends BaseCommand {
  static commandName = 'whatsapp:platform-templates'
  static description = "Create and check the owners' alert templates on ReviewRoute's own WhatsApp Business number"
  static options: CommandOptions = { startApp: true }

  async run() {
    try {
      const ensure = await this.app.container.make(EnsurePlatformTemplates)
      const states = await ensure.handle()
      const table = this.ui.table()
      table.head(['Template', 'Language', 'Category', 'State', "Meta's reason", 'This run'])
      for (const state of states) {
        table.row([state.name, state.language, state.category, state.status, state.reason ?? '', state.created ? 'created' : 'was there'])
      }
      table.render()
      const waiting = states.filter((state) => state.status !== 'APPROVED')
      if (waiting.length) this.logger.warning(`${waiting.length} not approved yet: alerts of those kinds wait for Meta's review`)
      else this.logger.success('every alert template is approved')
    } catch (error) {
      this.logger.error((error as Error).message)
      this.exitCode = 1
    }
  }
}
