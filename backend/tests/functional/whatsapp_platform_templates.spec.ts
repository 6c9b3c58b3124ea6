/*
 * `node ace whatsapp:platform-templates` (docs/decisions.md D69): the alert templates made on ReviewRoute's own
 * WhatsApp Business account (Meta's stub records them), each once, and their states as Meta has them.
 */
import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import app from '@adonisjs/core/services/app'
import env from '#start/env'
import EnsurePlatformTemplates from '#actions/platform/ensure_platform_templates'
import { ALERT_CODE_TEMPLATE } from '#lib/whatsapp_platform'
import { PLATFORM_WABA, whatsappPlatform } from '#tests/helpers/whatsapp_stub'

test.group('WhatsApp alert templates on ReviewRoute’s own number', (group) => {
  const platform = whatsappPlatform(group)

  test('made once each, with their categories; a second run shows Meta’s states', async ({ assert }) => {
    const ensure = await app.container.make(EnsurePlatformTemplates)
    const first = await ensure.handle()
    assert.deepEqual(
      first.map(({ name, category, created }) => `${name}:${category}:${created}`),
      [
        `${ALERT_CODE_TEMPLATE}:AUTHENTICATION:true`,
        'reviewroute_feedback_alert:UTILITY:true',
        'reviewroute_google_review_alert:UTILITY:true',
        'reviewroute_summary:UTILITY:true',
      ]
    )
    const made = platform.stub.templates.filter((template) => template.wabaId === PLATFORM_WABA)
    assert.lengthOf(made, 4)
    const feedback = made.find((template) => template.name === 'reviewroute_feedback_alert')!
    const buttons = feedback.components.find((component) => component.type === 'BUTTONS')!.buttons!
    assert.deepEqual(
      buttons.map((button) => button.text),
      ['Call back', 'Mark resolved', 'Open']
    )

    platform.stub.setTemplateStatus(feedback.id, 'APPROVED')
    platform.stub.setTemplateStatus(
      made.find((template) => template.name === 'reviewroute_summary')!.id,
      'REJECTED',
      'TAG_CONTENT_MISMATCH'
    )
    const second = await ensure.handle()
    assert.isTrue(second.every((state) => !state.created))
    assert.lengthOf(
      platform.stub.templates.filter((template) => template.wabaId === PLATFORM_WABA),
      4
    )
    assert.containsSubset(
      second.find((state) => state.name === 'reviewroute_feedback_alert'),
      { status: 'APPROVED', reason: null }
    )
    assert.containsSubset(
      second.find((state) => state.name === 'reviewroute_summary'),
      {
        status: 'REJECTED',
        reason: 'TAG_CONTENT_MISMATCH',
      }
    )
  })

  test('the command fails with what to set when the platform number is not set', async ({ assert }) => {
    const saved = env.get('WHATSAPP_PLATFORM_WABA_ID')
    env.set('WHATSAPP_PLATFORM_WABA_ID', '')
    try {
      const command = await ace.exec('whatsapp:platform-templates', [])
      assert.equal(command.exitCode, 1)
    } finally {
      env.set('WHATSAPP_PLATFORM_WABA_ID', saved)
    }
    const command = await ace.exec('whatsapp:platform-templates', [])
    assert.equal(command.exitCode, 0)
  })
})
