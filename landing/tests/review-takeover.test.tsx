import { describe, expect, it } from 'vitest'
import { fireEvent, screen } from '@testing-library/react'
import { REVIEW_LANGUAGES } from '@reviewroute/backend/contract/review_messages/index'
import type { Screen } from '../../backend/app/web/review_page'
import { effects, link, sameMarkup, serve } from './review-server-page'
import { takeOver } from '#review/takeover'
import hi from '@reviewroute/backend/contract/review_messages/hi'

function takeOverAndCompare(served: Parameters<typeof serve>[0]) {
  const before = serve(served)
  takeOver(document, effects())
  const after = document.getElementById('root')!
  if (!sameMarkup(before, after)) {
    // The first differing element, to say what would jump.
    expect(after.innerHTML).toBe(before.innerHTML)
  }
  return after
}

describe('the script takes over the server page without changing it', () => {
  it.each(REVIEW_LANGUAGES)('rating screen in %s: same markup, same texts', (language) => {
    takeOverAndCompare({ language })
  })

  const feedback: Screen = {
    view: 'feedback',
    rating: 2,
    values: { feedback: 'Cold tea', contactMe: true, contactName: 'Asha', contactPhone: '98765' },
    errors: { contactPhone: 'Enter a 10-digit mobile number, or untick the box.' },
  }
  it.each([
    ['the feedback form with its values and a phone error', { screen: feedback }],
    [
      'the feedback form in compliance mode, in Tamil',
      { language: 'ta', screen: { view: 'feedback', rating: 3 }, link: link({}, { complianceMode: true }) },
    ],
    ['a blocked rating screen', { language: 'hi', link: link({ canSubmitReview: false }) }],
    ['a rating screen with an error', { screen: { view: 'rate', error: 'Something went wrong. Please try again.' } }],
    ['thanks, already counted', { language: 'bn', screen: { view: 'thanks', businessName: 'Sharma Sweets', already: true } }],
    ['thanks without a business', { screen: { view: 'thanks', businessName: null }, link: null }],
    ['thanks for a call-back, in Gujarati', { language: 'gu', screen: { view: 'thanks', businessName: 'Sharma Sweets', callback: true } }],
    ['not found', { language: 'ml', screen: { view: 'not-found' }, link: null }],
    ["a personal link's rating screen", { requestToken: 'AbCdEfGhIjKlMnOpQrStUv' }],
    ["a personal link's feedback form", { requestToken: 'AbCdEfGhIjKlMnOpQrStUv', screen: { view: 'feedback', rating: 1 } }],
    ["a staff member's feedback form", { staffCode: 'K7PQ', screen: { view: 'feedback', rating: 2 } }],
    ["a staff member's rating screen", { staffCode: 'K7PQ' }],
  ] as const)('%s', (_, served) => {
    takeOverAndCompare(served as Parameters<typeof serve>[0])
  })

  it('keeps what the customer typed and ticked before the script arrived, and the caret', () => {
    serve({ language: 'hi', screen: { view: 'feedback', rating: 1 } })
    const typed = document.getElementById('feedback') as HTMLTextAreaElement
    fireEvent.input(typed, { target: { value: 'चाय ठंडी थी' } })
    ;(document.querySelector('input[name=contactMe]') as HTMLInputElement).checked = true
    ;(document.getElementById('contactName') as HTMLInputElement).value = 'Asha'
    ;(document.getElementById('contactPhone') as HTMLInputElement).value = '98765 43210'
    typed.focus()
    typed.setSelectionRange(3, 3)

    takeOver(document, effects())

    const textarea = screen.getByLabelText(hi.improveLabel) as HTMLTextAreaElement
    expect(textarea).not.toBe(typed)
    expect(textarea).toHaveValue('चाय ठंडी थी')
    expect(textarea).toHaveFocus()
    expect(textarea.selectionStart).toBe(3)
    expect(screen.getByRole('checkbox')).toBeChecked()
    expect(document.getElementById('contactName')).toHaveValue('Asha')
    expect(document.getElementById('contactPhone')).toHaveValue('98765 43210')
  })

  it('keeps the texts the server put under the fields', () => {
    serve({ language: 'ta', screen: { ...({ view: 'feedback', rating: 2 } as const), errors: { contactPhone: 'X', form: 'Y' } } })
    takeOver(document, effects())
    expect(document.getElementById('contactPhone-error')).toHaveTextContent('X')
    expect(document.getElementById('contactPhone')).toHaveAttribute('aria-describedby', 'contactPhone-error')
    expect(document.getElementById('form-error')).toHaveTextContent('Y')
  })

  it('leaves a page without inlined data alone', () => {
    document.head.innerHTML = ''
    document.body.innerHTML = '<div id="root"><p>as served</p></div>'
    expect(takeOver(document, effects())).toBe(false)
    expect(document.getElementById('root')).toHaveTextContent('as served')
  })
})
