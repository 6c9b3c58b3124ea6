/*
 * The owner's alert texts in the nine languages: every file has en's keys, the same `{{placeholders}}` and the same
 * lines (a link where English has one, at the end of its line); template bodies Meta accepts (one line, no run of
 * spaces, no parameter at either end or next to another); buttons within Meta's limits (counted in code points);
 * each text written in its language's own script, with ReviewRoute, WhatsApp and Google kept as they are.
 */
import { test } from '@japa/runner'
import { SCRIPT, sameShapeAsEnglish } from '#tests/helpers/translations'
import { REVIEW_LANGUAGES } from '#contract/review_messages/index'
import { ALERT_TEXTS, alertText, type AlertTextKey } from '#contract/alert_texts'

const en = ALERT_TEXTS.en
const KEYS = Object.keys(en) as AlertTextKey[]

/** The bodies of the templates ReviewRoute creates on its WhatsApp number. */
const TEMPLATES: AlertTextKey[] = ['feedbackTemplate', 'googleReviewTemplate', 'summaryTemplate']
/** A template's quick-reply buttons 25 code points, the chat's interactive reply buttons 20. */
const BUTTON_LIMITS: Partial<Record<AlertTextKey, number>> = {
  callBackButton: 25,
  markResolvedButton: 25,
  openButton: 25,
  draftReplyButton: 25,
  postReplyButton: 20,
  editInAppButton: 20,
}
/** Meta's limit for a template's body and an interactive message's text. */
const BODY_LIMIT = 1024

/** Names kept in Latin letters in every language (Profile and Notifications are the English dashboard's). */
const KEPT_NAMES = ['ReviewRoute', 'WhatsApp', 'Google', 'Profile', 'Notifications']
const LATIN_WORDS = /\b(?:ReviewRoute|WhatsApp|Google|Profile|Notifications|STOP|AI)\b/g

/** The links the chat's answers end a line with, for WhatsApp to show them as links. */
const LINK_AT_END = /\{\{(?:link|tel|waLink)\}\}$/

const count = (text: string, word: string) => text.split(word).length - 1
const codePoints = (text: string) => [...text].length

/** Per line: empty, only a placeholder, ending with a link, or text. */
const lineShapes = (text: string) =>
  text.split('\n').map((line) => {
    if (line === '') return 'empty'
    if (/^\{\{\w+\}\}$/.test(line)) return `only ${line}`
    return `ends ${LINK_AT_END.exec(line)?.[0] ?? 'with text'}`
  })

test.group('Alert texts', () => {
  test('the nine languages each have their texts', ({ assert }) => {
    assert.sameMembers(Object.keys(ALERT_TEXTS), [...REVIEW_LANGUAGES])
  })

  test('the English text filled', ({ assert }) => {
    assert.equal(alertText('en', 'feedbackTitle', { stars: 2, business: 'Chai Point' }), '2★ private rating at Chai Point')
    assert.equal(alertText('en', 'summaryTemplate'), en.summaryTemplate, 'Meta parameters stay as written')
  })

  for (const lang of REVIEW_LANGUAGES) {
    const texts = ALERT_TEXTS[lang]

    sameShapeAsEnglish(lang, texts, en)

    test(`${lang}: no text padded with spaces`, ({ assert }) => {
      for (const key of KEYS) assert.equal(texts[key], texts[key].trim(), `${lang}.${key} has spaces at an end`)
    })

    test(`${lang}: the same lines as en, each link where English has it`, ({ assert }) => {
      for (const key of KEYS) {
        assert.deepEqual(lineShapes(texts[key]), lineShapes(en[key]), `${lang}.${key}`)
      }
      const lines = texts.calledBack.split('\n')
      assert.match(lines[0], /\{\{tel\}\}$/, `${lang}.calledBack: {{tel}} ends the first line`)
      assert.equal(lines.at(-1), '{{waLink}}', `${lang}.calledBack: {{waLink}} alone on the last line`)
    })

    test(`${lang}: template bodies as Meta accepts them`, ({ assert }) => {
      for (const key of TEMPLATES) {
        const body = texts[key]
        assert.isAtMost(codePoints(body), BODY_LIMIT, `${lang}.${key} is too long`)
        assert.notMatch(body, /[\n\r\t]/, `${lang}.${key}: a line break or tab`)
        assert.notMatch(body, / {5}/, `${lang}.${key}: more than 4 spaces in a row`)
        assert.notMatch(body, /^\s*\{\{\d+\}\}/, `${lang}.${key} starts with a parameter`)
        assert.notMatch(body, /\{\{\d+\}\}\s*$/, `${lang}.${key} ends with a parameter`)
        assert.notMatch(body, /\}\}\s*\{\{/, `${lang}.${key}: two parameters side by side`)
      }
      // The period words are summaryTemplate's {{1}}: Meta's rules for a parameter's value.
      for (const key of ['daily', 'weekly'] as const) {
        assert.notMatch(texts[key], /[\n\r\t{}]| {5}/, `${lang}.${key}`)
      }
      assert.notEqual(texts.daily, texts.weekly, `${lang}: daily and weekly are the same`)
    })

    test(`${lang}: buttons within Meta's limits, other texts within ${BODY_LIMIT}`, ({ assert }) => {
      for (const key of KEYS) {
        const limit = BUTTON_LIMITS[key] ?? BODY_LIMIT
        const length = codePoints(texts[key])
        assert.isAtMost(length, limit, `${lang}.${key} is ${length} characters, over ${limit}`)
      }
      const buttons = Object.keys(BUTTON_LIMITS).map((key) => texts[key as AlertTextKey])
      assert.equal(new Set(buttons).size, buttons.length, `${lang}: two buttons read the same`)
    })

    test(`${lang}: the answers name the buttons as they read`, ({ assert }) => {
      assert.include(texts.noDraft, `"${texts.draftReplyButton}"`, `${lang}.noDraft`)
      assert.include(texts.alreadyDrafted, `"${texts.postReplyButton}"`, `${lang}.alreadyDrafted`)
    })

    test(`${lang}: written in its own script`, ({ assert }) => {
      for (const key of KEYS) {
        const words = texts[key].replace(/\{\{\w+\}\}/g, '').replace(LATIN_WORDS, '')
        const letters = [...words.matchAll(/[\p{L}\p{M}]/gu)].map((match) => match[0])
        const inScript = letters.filter((letter) => SCRIPT[lang].test(letter)).length
        assert.isAbove(letters.length, 0, `${lang}.${key}: no words`)
        assert.isAtLeast(inScript / letters.length, 0.9, `${lang}.${key}: ${inScript} of ${letters.length} letters in its script`)
      }
    })

    test(`${lang}: ReviewRoute, WhatsApp, Google, Profile and Notifications kept as in English`, ({ assert }) => {
      for (const key of KEYS) {
        for (const name of KEPT_NAMES) {
          assert.equal(count(texts[key], name), count(en[key], name), `${lang}.${key}: ${name}`)
        }
      }
    })
  }
})
