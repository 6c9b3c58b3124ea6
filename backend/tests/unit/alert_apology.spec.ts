/*
 * The apology behind an alert's "Call back": one {name} and one {business} per language, written in the language's
 * own script, filled literally, reading well with and without a name, short enough for a wa.me link.
 */
import { test } from '@japa/runner'
import { SCRIPT } from '#tests/helpers/translations'
import { REVIEW_LANGUAGES } from '#contract/review_messages/index'
import { CALL_BACK_APOLOGY, callBackApology } from '#contract/alert_apology'

const count = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].length

test.group('Call-back apology', () => {
  test('the nine languages each have an apology', ({ assert }) => {
    assert.sameMembers(Object.keys(CALL_BACK_APOLOGY), [...REVIEW_LANGUAGES])
  })

  test('the English text', ({ assert }) => {
    assert.equal(
      callBackApology('en', 'Sharma Sweets', 'Kavya Rao'),
      'Hello Kavya, this is Sharma Sweets. We are sorry your visit was not what you hoped for, and we would like to make it right. When may we call you?'
    )
    assert.match(callBackApology('en', 'Sharma Sweets', null), /^Hello, this is Sharma Sweets\. /)
    assert.match(callBackApology('en', 'Sharma Sweets', 'S. Kavya'), /^Hello Kavya, /)
  })

  for (const lang of REVIEW_LANGUAGES) {
    const text = CALL_BACK_APOLOGY[lang]

    test(`${lang}: exactly one {name} and one {business}, no other braces`, ({ assert }) => {
      assert.equal(count(text, /\{name\}/g), 1, `${lang}: {name}`)
      assert.equal(count(text, /\{business\}/g), 1, `${lang}: {business}`)
      assert.notMatch(text.replace(/\{(name|business)\}/g, ''), /[{}]/)
    })

    test(`${lang}: written in its own script`, ({ assert }) => {
      const letters = [...text.replace(/\{(name|business)\}/g, '').matchAll(/[\p{L}\p{M}]/gu)].map((match) => match[0])
      const inScript = letters.filter((letter) => SCRIPT[lang].test(letter)).length
      assert.isAbove(letters.length, 20)
      assert.isAtLeast(inScript / letters.length, 0.9, `${lang}: ${inScript} of ${letters.length} letters in its script`)
    })

    test(`${lang}: fills the name and the business literally`, ({ assert }) => {
      const filled = callBackApology(lang, 'Cafe $& $1 $$', '  Kavya  Rao ')
      assert.include(filled, 'Cafe $& $1 $$')
      assert.include(filled, 'Kavya')
      assert.notInclude(filled, 'Rao')
      assert.notMatch(filled, /[{}]/)
    })

    test(`${lang}: reads cleanly without a name`, ({ assert }) => {
      for (const name of [null, '', '   ']) {
        const filled = callBackApology(lang, 'Sharma Sweets', name)
        assert.include(filled, 'Sharma Sweets')
        assert.notMatch(filled, /[{}]/)
        assert.notMatch(filled, /\s{2}/, `${lang}: a double space`)
        assert.notMatch(filled, /\s[,.?!।]/u, `${lang}: punctuation after a space`)
        assert.notMatch(filled, /[,.?!।]{2}/u, `${lang}: two punctuation marks together`)
        assert.equal(filled, filled.trim())
      }
    })

    test(`${lang}: under 400 characters`, ({ assert }) => {
      const filled = callBackApology(lang, 'Sri Lakshmi Family Restaurant', 'Kavya')
      assert.isBelow([...filled].length, 400)
      assert.isBelow(filled.length, 400)
    })
  }
})
