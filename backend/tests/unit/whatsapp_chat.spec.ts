/*
 * The WhatsApp chat's nine languages: every file has en's keys and placeholders, fits Meta's length limits (counted
 * in code points), keeps the stars of the quick-reply ratings, and its quick replies differ; the opt-out words are
 * what the webhook compares a trimmed, lower-cased message with.
 */
import { test } from '@japa/runner'
import { sameShapeAsEnglish } from '#tests/helpers/translations'
import { REVIEW_LANGUAGES } from '#contract/review_messages/index'
import { CHAT_MESSAGES, OPT_OUT_WORDS, type ChatMessageKey } from '#contract/whatsapp_chat'

const en = CHAT_MESSAGES.en
const enKeys = Object.keys(en).sort() as ChatMessageKey[]

/** Meta's limits: template body and footer, quick-reply buttons 25, interactive buttons 20, any other text 1,024. */
const LIMITS: Partial<Record<ChatMessageKey, number>> = {
  templateBody: 1024,
  templateFooter: 60,
  rate1: 25,
  rate2: 25,
  rate3: 25,
  rate4: 25,
  rate5: 25,
  stopButton: 25,
  postOnGoogle: 20,
  callMeBack: 20,
  noThanks: 20,
}
const DEFAULT_LIMIT = 1024

const RATINGS = [1, 2, 3, 4, 5] as const
const QUICK_REPLIES: ChatMessageKey[] = ['rate1', 'rate2', 'rate3', 'rate4', 'rate5', 'stopButton']

/** The local opt-out word each footer offers next to STOP: it has to be one the webhook understands. */
const FOOTER_WORD: Record<string, string> = {
  hi: 'बंद',
  bn: 'বন্ধ',
  mr: 'बंद',
  te: 'ఆపు',
  ta: 'நிறுத்து',
  gu: 'બંધ',
  kn: 'ನಿಲ್ಲಿಸಿ',
  ml: 'നിർത്തുക',
}

const codePoints = (text: string) => [...text].length

test.group('WhatsApp chat messages', () => {
  test('the nine languages each have their texts', ({ assert }) => {
    assert.sameMembers(Object.keys(CHAT_MESSAGES), [...REVIEW_LANGUAGES])
  })

  for (const lang of REVIEW_LANGUAGES) {
    const messages = CHAT_MESSAGES[lang]

    sameShapeAsEnglish(lang, messages, en)

    test(`${lang}: within Meta's length limits`, ({ assert }) => {
      for (const key of enKeys) {
        const limit = LIMITS[key] ?? DEFAULT_LIMIT
        const length = codePoints(messages[key])
        assert.isAtMost(length, limit, `${lang}.${key} is ${length} characters, over ${limit}`)
      }
    })

    test(`${lang}: rate1..rate5 start with their number of stars, then a word`, ({ assert }) => {
      for (const stars of RATINGS) {
        const value = messages[`rate${stars}`]
        assert.equal([...value].filter((char) => char === '★').length, stars, `${lang}.rate${stars}: stars`)
        assert.match(value, new RegExp(`^★{${stars}} \\S`, 'u'), `${lang}.rate${stars}: stars, a space, a word`)
      }
    })

    test(`${lang}: the quick replies all differ`, ({ assert }) => {
      const texts = QUICK_REPLIES.map((key) => messages[key].trim())
      assert.equal(new Set(texts).size, texts.length, `${lang}: ${texts.join(' | ')}`)
    })

    test(`${lang}: the footer says STOP, the opt-out confirmation says START`, ({ assert }) => {
      assert.include(messages.templateFooter, 'STOP')
      assert.include(messages.optedOut, 'START')
      if (lang !== 'en') {
        assert.include(messages.templateFooter, FOOTER_WORD[lang])
        assert.include(OPT_OUT_WORDS, FOOTER_WORD[lang], `${lang}: the footer's word does not opt out`)
      }
    })
  }

  test('the opt-out words are trimmed, lower-case and unique, with stop and unsubscribe', ({ assert }) => {
    for (const word of OPT_OUT_WORDS) {
      assert.isAbove(word.length, 0)
      assert.equal(word, word.trim(), `"${word}" is not trimmed`)
      assert.equal(word, word.toLowerCase(), `"${word}" is not lower-case`)
      assert.notMatch(word, /\s/, `"${word}" is more than one word`)
    }
    assert.equal(new Set(OPT_OUT_WORDS).size, OPT_OUT_WORDS.length, 'a word appears twice')
    assert.includeMembers([...OPT_OUT_WORDS], ['stop', 'unsubscribe'])
  })
})
