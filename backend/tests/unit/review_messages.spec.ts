import { test } from '@japa/runner'
import { sameShapeAsEnglish } from '#tests/helpers/translations'
import { REVIEW_LANGUAGES, type ReviewLanguage, type ReviewMessages } from '#contract/review_messages/index'
import en from '#contract/review_messages/en'
import hi from '#contract/review_messages/hi'
import bn from '#contract/review_messages/bn'
import mr from '#contract/review_messages/mr'
import te from '#contract/review_messages/te'
import ta from '#contract/review_messages/ta'
import gu from '#contract/review_messages/gu'
import kn from '#contract/review_messages/kn'
import ml from '#contract/review_messages/ml'

/* The customer page's nine languages (docs/decisions.md D31): every file has en's keys, placeholders and script. */

const modules: Record<ReviewLanguage, ReviewMessages> = { en, hi, bn, mr, te, ta, gu, kn, ml }

/** Each Indic script's Unicode block. */
const SCRIPTS = {
  devanagari: [0x0900, 0x097f],
  bengali: [0x0980, 0x09ff],
  gurmukhi: [0x0a00, 0x0a7f],
  gujarati: [0x0a80, 0x0aff],
  oriya: [0x0b00, 0x0b7f],
  tamil: [0x0b80, 0x0bff],
  telugu: [0x0c00, 0x0c7f],
  kannada: [0x0c80, 0x0cff],
  malayalam: [0x0d00, 0x0d7f],
} as const
type Script = keyof typeof SCRIPTS

const SCRIPT_OF: Record<Exclude<ReviewLanguage, 'en'>, Script> = {
  hi: 'devanagari',
  mr: 'devanagari',
  bn: 'bengali',
  te: 'telugu',
  ta: 'tamil',
  gu: 'gujarati',
  kn: 'kannada',
  ml: 'malayalam',
}

/** The danda and double danda live in the Devanagari block but every other Indic script uses them too. */
const SHARED = new Set([0x0964, 0x0965])

const inBlock = (code: number, script: Script) => code >= SCRIPTS[script][0] && code <= SCRIPTS[script][1]
const scriptsIn = (text: string) => {
  const found = new Set<Script>()
  for (const char of text) {
    const code = char.codePointAt(0)!
    if (SHARED.has(code)) continue
    for (const script of Object.keys(SCRIPTS) as Script[]) if (inBlock(code, script)) found.add(script)
  }
  return found
}
const enKeys = Object.keys(en).sort()

test.group('review messages', () => {
  test('the nine languages each have a module', ({ assert }) => {
    assert.sameMembers(Object.keys(modules), [...REVIEW_LANGUAGES])
  })

  for (const lang of REVIEW_LANGUAGES) {
    const messages = modules[lang]

    sameShapeAsEnglish(lang, messages, en)

    test(`${lang}: clean Unicode, brand names in Latin letters, Western digits`, ({ assert }) => {
      for (const key of enKeys as (keyof ReviewMessages)[]) {
        const value = messages[key]
        assert.equal(value, value.normalize('NFC'), `${lang}.${key} is not NFC`)
        // ZWNJ/ZWJ are real orthography in some scripts; other invisible characters are not.
        assert.notMatch(value, /[\u200b\u200e\u200f\u2060\ufeff\u00ad]/, `${lang}.${key} has an invisible character`)
        for (const brand of ['Google', 'ReviewRoute', 'QR', 'Pro']) {
          if (new RegExp(`\\b${brand}\\b`).test(en[key])) assert.include(value, brand, `${lang}.${key} lost "${brand}"`)
        }
        for (const digit of en[key].replace(/\{\{[^{}]*\}\}/g, '').match(/\d+/g) ?? []) {
          assert.include(value, digit, `${lang}.${key} lost the number ${digit}`)
        }
        // Native digits sit at offsets 0x66-0x6f of each Indic block.
        for (const char of value) {
          const offset = (char.codePointAt(0)! - 0x0900) % 0x80
          const indic = char.codePointAt(0)! >= 0x0900 && char.codePointAt(0)! <= 0x0d7f
          assert.isFalse(indic && offset >= 0x66 && offset <= 0x6f, `${lang}.${key} uses a native digit`)
        }
      }
    })

    if (lang === 'en') {
      test('en: no Indic script at all', ({ assert }) => {
        for (const [key, value] of Object.entries(messages)) assert.equal(scriptsIn(value).size, 0, `en.${key}`)
      })
      continue
    }

    const own = SCRIPT_OF[lang]
    test(`${lang}: written in ${own}, and in no other Indic script`, ({ assert }) => {
      assert.deepEqual([...scriptsIn(messages.languageName)], [own], `${lang}.languageName`)
      const values = Object.entries(messages)
      const native = values.filter(([, value]) => scriptsIn(value).has(own))
      assert.isAtLeast(native.length / values.length, 0.8, `${lang}: only ${native.length}/${values.length} in ${own}`)
      for (const [key, value] of values) {
        const others = [...scriptsIn(value)].filter((script) => script !== own)
        assert.deepEqual(others, [], `${lang}.${key} has ${others.join(', ')} characters`)
      }
    })
  }

  test('languageName is each language’s own name', ({ assert }) => {
    assert.deepEqual(Object.fromEntries(REVIEW_LANGUAGES.map((lang) => [lang, modules[lang].languageName])), {
      en: 'English',
      hi: 'हिंदी',
      bn: 'বাংলা',
      mr: 'मराठी',
      te: 'తెలుగు',
      ta: 'தமிழ்',
      gu: 'ગુજરાતી',
      kn: 'ಕನ್ನಡ',
      ml: 'മലയാളം',
    })
  })
})
