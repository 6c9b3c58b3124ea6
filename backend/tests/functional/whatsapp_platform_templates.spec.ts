/*
 * `node ace whatsapp:platform-templates` (docs/decisions.md D69): the alert templates made on ReviewRoute's own
 * WhatsApp Business account (Meta's stub records them), each once, and their states as Meta has them.
 */
import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import app from '@adonisjs/core/services/app'
import env from '#start/env'
import { ALERT_TEXTS } from '#contract/alert_texts'
import { REVIEW_LANGUAGES } from '#contract/review_messages/index'
import EnsurePlatformTemplates from '#actions/platform/ensure_platform_templates'
import { ALERT_CODE_TEMPLATE } from '#lib/whatsapp_platform'
import { PLATFORM_WABA, whatsappPlatform } from '#tests/helpers/whatsapp_stub'

test.group('WhatsApp alert templates on ReviewRoute’s own number', (group) => {
  const platform = whatsappPlatform(group)

  test('made once each, with their categories; a second run shows Meta’s states', async ({ assert }) => {
    const ensure = await app.container.make(EnsurePlatformTemplates)
    const first = await ensure.handle()
    // The code in English (Meta writes its words); each alert in the nine alert languages.
    assert.lengthOf(first, 1 + 3 * REVIEW_LANGUAGES.length)
    assert.isTrue(first.every((state) => state.created))
    assert.deepEqual(
      first.slice(0, 7).map(({ name, language, category }) => `${name}:${language}:${category}`),
      [
        `${ALERT_CODE_TEMPLATE}:en:AUTHENTICATION`,
        'reviewroute_feedback_alert:en:UTILITY',
        'reviewroute_google_review_alert:en:UTILITY',
        'reviewroute_summary:en:UTILITY',
        'reviewroute_feedback_alert:hi:UTILITY',
        'reviewroute_google_review_alert:hi:UTILITY',
        'reviewroute_summary:hi:UTILITY',
      ]
    )
    const made = platform.stub.templates.filter((template) => template.wabaId === PLATFORM_WABA)
    assert.lengthOf(made, first.length)
    const feedbackIn = (language: string) =>
      made.find((template) => template.name === 'reviewroute_feedback_alert' && template.language === language)!
    const buttonsOf = (language: string) =>
      feedbackIn(language)
        .components.find((component) => component.type === 'BUTTONS')!
        .buttons!.map((button) => button.text)
    assert.deepEqual(buttonsOf('en'), ['Call back', 'Mark resolved', 'Open'])
    assert.deepEqual(buttonsOf('ta'), [ALERT_TEXTS.ta.callBackButton, ALERT_TEXTS.ta.markResolvedButton, ALERT_TEXTS.ta.openButton])
    assert.equal(feedbackIn('hi').components.find((component) => component.type === 'BODY')!.text, ALERT_TEXTS.hi.feedbackTemplate)
    const feedback = feedbackIn('en')

    platform.stub.setTemplateStatus(feedback.id, 'APPROVED')
    platform.stub.setTemplateStatus(
      made.find((template) => template.name === 'reviewroute_summary' && template.language === 'en')!.id,
      'REJECTED',
      'TAG_CONTENT_MISMATCH'
    )
    const second = await ensure.handle()
    assert.isTrue(second.every((state) => !state.created))
    assert.lengthOf(
      platform.stub.templates.filter((template) => template.wabaId === PLATFORM_WABA),
      first.length
    )
    assert.containsSubset(
      second.find((state) => state.name === 'reviewroute_feedback_alert' && state.language === 'en'),
      { status: 'APPROVED', reason: null }
    )
    assert.containsSubset(
      second.find((state) => state.name === 'reviewroute_summary' && state.language === 'en'),
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
