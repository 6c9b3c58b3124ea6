/*
 * The poster PDF's text runs (docs/product-rules.md#qr-posters): a line is cut where its script changes, so each
 * part is set in the Noto Sans of its script; spaces, digits, punctuation and the zero-width joiners stay with the
 * text around them.
 */
import { test } from '@japa/runner'
import { scriptRuns } from '#services/posters/poster_fonts'

test.group('Poster fonts: script runs', () => {
  test('Latin and Devanagari in one line are two runs; the space stays with the run before it', ({ assert }) => {
    assert.deepEqual(scriptRuns('QR कोड स्कैन करें'), [
      { script: 'latin', text: 'QR ' },
      { script: 'devanagari', text: 'कोड स्कैन करें' },
    ])
    assert.deepEqual(scriptRuns('ReviewRoute द्वारा संचालित'), [
      { script: 'latin', text: 'ReviewRoute ' },
      { script: 'devanagari', text: 'द्वारा संचालित' },
    ])
  })

  test('digits and punctuation join the script they stand in; a leading one joins the run after it', ({ assert }) => {
    assert.deepEqual(scriptRuns('फिर 1 से 5 स्टार दें।'), [{ script: 'devanagari', text: 'फिर 1 से 5 स्टार दें।' }])
    assert.deepEqual(scriptRuns('“முருகன்” (24/7)'), [{ script: 'tamil', text: '“முருகன்” (24/7)' }])
    assert.deepEqual(scriptRuns('Kerala Kitchen — കേരള'), [
      { script: 'latin', text: 'Kerala Kitchen — ' },
      { script: 'malayalam', text: 'കേരള' },
    ])
  })

  test('a zero-width joiner stays inside its conjunct; each of the seven scripts is told apart', ({ assert }) => {
    assert.deepEqual(scriptRuns('ಸ್ಟಾರ್‌ಗಳ'), [{ script: 'kannada', text: 'ಸ್ಟಾರ್‌ಗಳ' }])
    const samples = {
      devanagari: 'हिंदी',
      bengali: 'বাংলা',
      gujarati: 'ગુજરાતી',
      tamil: 'தமிழ்',
      telugu: 'తెలుగు',
      kannada: 'ಕನ್ನಡ',
      malayalam: 'മലയാളം',
    }
    for (const [script, text] of Object.entries(samples)) assert.deepEqual(scriptRuns(text), [{ script, text }])
    assert.deepEqual(scriptRuns('2026'), [{ script: 'latin', text: '2026' }])
  })
})
