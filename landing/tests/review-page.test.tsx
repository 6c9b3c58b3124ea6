import { describe, expect, it, vi, afterEach } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { SubmitReviewResponse } from '@reviewroute/backend/types/api'
import { REVIEW_LANGUAGES } from '@reviewroute/backend/contract/review_messages/index'
import en from '@reviewroute/backend/contract/review_messages/en'
import hi from '@reviewroute/backend/contract/review_messages/hi'
import ta from '@reviewroute/backend/contract/review_messages/ta'
import { GOOGLE_WAIT_MS } from '#review/flow'
import { SWITCH_LANGUAGE_FIELD } from '@reviewroute/backend/contract/review_form'
import { mockFetch } from './helpers'
import { effects, GOOGLE, link, open } from './review-server-page'

const star = (count: number, messages = en) => screen.getByRole('button', { name: messages.rateAria.replace('{{count}}', String(count)) })
const fill = (text: string, business = 'Sharma Sweets') => text.replace('{{business}}', business)
const SUBMIT = 'POST /api/review/sharma/submit'
const pending = () => {
  let release: (answer: { status?: number; body?: unknown }) => void = () => {}
  const route = () => new Promise<{ status?: number; body?: unknown }>((resolve) => (release = resolve))
  return { route, release: (answer: { status?: number; body?: unknown }) => act(async () => release(answer)) }
}

describe('customer review page: rating', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('shows the rating screen in the served language without any request', () => {
    const { fetchMock } = mockFetch({})
    open({ language: 'ta' })
    expect(screen.getByRole('heading', { name: 'Sharma Sweets' })).toBeInTheDocument()
    expect(screen.getByText(ta.question)).toBeInTheDocument()
    expect(screen.getByText(fill(ta.helps))).toBeInTheDocument()
    const group = screen.getByRole('group', { name: ta.starsGroup })
    expect(within(group).getAllByRole('button')).toHaveLength(5)
    expect(star(3, ta)).toHaveAttribute('type', 'submit')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it("from a personal link, a rating carries the review request's token and the page's language (docs/decisions.md D32, D65)", async () => {
    const token = 'AbCdEfGhIjKlMnOpQrStUv'
    const { calls } = mockFetch({ [SUBMIT]: () => ({ body: { redirect: false, counted: true } }) })
    open({ requestToken: token }, effects({ isMobile: true }))
    await userEvent.click(star(2))
    await userEvent.click(screen.getByRole('button', { name: en.submitFeedback }))
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0].body).toEqual({ rating: 2, language: 'en', requestToken: token })
  })

  it("from a staff member's link or QR, a 5 carries their code", async () => {
    const { calls } = mockFetch({ [SUBMIT]: () => ({ body: { redirect: true, url: GOOGLE, counted: true } }) })
    open({ staffCode: 'K7PQ' }, effects({ isMobile: true }))
    await userEvent.click(star(5))
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0].body).toEqual({ rating: 5, language: 'en', staffCode: 'K7PQ' })
  })

  it('the language switch is nine links the server answers, the current one marked; nothing stored', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem')
    open({ language: 'hi' })
    const links = within(screen.getByRole('navigation', { name: hi.language })).getAllByRole('link')
    expect(links.map((a) => a.getAttribute('href'))).toEqual(REVIEW_LANGUAGES.map((code) => `/review/sharma?lang=${code}`))
    expect(links.find((a) => a.getAttribute('aria-current') === 'true')).toHaveAttribute('lang', 'hi')
    expect(setItem).not.toHaveBeenCalled()
  })

  it('5 stars on a phone: "Taking you to Google…" at once, then Google in place when the server answers', async () => {
    const answer = pending()
    const { calls } = mockFetch({ [SUBMIT]: answer.route })
    const fx = open({}, effects({ isMobile: true }))
    await userEvent.click(star(5))
    expect(screen.getByText(en.redirecting)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: en.openGoogle })).toHaveAttribute('href', GOOGLE)
    for (const count of [1, 2, 3, 4, 5]) expect(star(count)).toBeDisabled()
    expect(fx.navigate).not.toHaveBeenCalled()
    expect(calls[0].body).toEqual({ rating: 5, language: 'en' })
    expect(calls[0].headers.Authorization).toBeUndefined()

    await answer.release({ body: { redirect: true, url: 'https://google.example/review', counted: true } satisfies SubmitReviewResponse })
    expect(fx.navigate).toHaveBeenCalledWith('https://google.example/review')
    expect(fx.openTab).not.toHaveBeenCalled()
  })

  it(`a phone waits at most ${GOOGLE_WAIT_MS} ms for the answer, and goes once`, async () => {
    const answer = pending()
    mockFetch({ [SUBMIT]: answer.route })
    const fx = open({}, effects({ isMobile: true }))
    await userEvent.click(star(4))
    expect(fx.schedule).toHaveBeenCalledWith(expect.any(Function), GOOGLE_WAIT_MS)
    act(() => fx.schedule.mock.calls[0][0]())
    expect(fx.navigate).toHaveBeenCalledWith(GOOGLE)
    await answer.release({ body: { redirect: true, url: GOOGLE, counted: true } })
    expect(fx.navigate).toHaveBeenCalledTimes(1)
  })

  it.each([
    ['the network fails', () => Promise.reject(new TypeError('network down'))],
    ['the server fails', () => ({ status: 500, body: { error: 'Internal error' } })],
    ['the server refuses with 429', () => ({ status: 429, body: { error: 'Too many requests' } })],
  ])('a 4-5 still goes to Google when %s', async (_, route) => {
    mockFetch({ [SUBMIT]: route })
    const fx = open({}, effects({ isMobile: true }))
    await userEvent.click(star(5))
    await waitFor(() => expect(fx.navigate).toHaveBeenCalledWith(GOOGLE))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('4 stars on desktop: Google opens in a new tab on the tap, and this tab says where to finish', async () => {
    const answer = pending()
    const { calls } = mockFetch({ [SUBMIT]: answer.route })
    const fx = open({ language: 'hi' }, effects({ isMobile: false }))
    await userEvent.click(star(4, hi))
    expect(fx.openTab).toHaveBeenCalledWith(GOOGLE)
    expect(screen.getByRole('heading', { name: hi.googleTabTitle })).toBeInTheDocument()
    expect(screen.getByText(fill(hi.googleTabText))).toBeInTheDocument()
    expect(screen.getByRole('link', { name: hi.openGoogle })).toHaveAttribute('href', GOOGLE)
    expect(screen.queryByText(fill(hi.thanksText))).not.toBeInTheDocument()
    expect(calls[0].body).toEqual({ rating: 4, language: 'hi' })
    await answer.release({ body: { redirect: true, url: GOOGLE, counted: true } })
    expect(fx.navigate).not.toHaveBeenCalled()
    expect(fx.schedule).not.toHaveBeenCalled()
  })

  it('desktop with the new tab blocked: goes to Google in place like a phone', async () => {
    mockFetch({ [SUBMIT]: () => ({ body: { redirect: true, url: GOOGLE, counted: true } }) })
    const fx = open({}, effects({ isMobile: false, tabOpens: false }))
    await userEvent.click(star(5))
    expect(screen.getByText(en.redirecting)).toBeInTheDocument()
    await waitFor(() => expect(fx.navigate).toHaveBeenCalledWith(GOOGLE))
  })

  it('stars are keyboard operable', async () => {
    open()
    act(() => star(2).focus())
    await userEvent.keyboard('{Enter}')
    expect(screen.getByRole('heading', { name: en.feedbackTitle })).toBeInTheDocument()
  })

  it("blocked: the page language's limit text and Upgrade to Pro (new tab), stars disabled", async () => {
    const { fetchMock } = mockFetch({})
    open({ language: 'ta', link: link({ canSubmitReview: false, message: 'Usage limit exceeded: 50 reviews.' }) })
    expect(screen.getByRole('alert')).toHaveTextContent(ta.reviewLimit)
    expect(screen.queryByText(/Usage limit exceeded/)).not.toBeInTheDocument()
    const upgrade = screen.getByRole('link', { name: ta.upgrade })
    expect(upgrade).toHaveAttribute('href', '/billing')
    expect(upgrade).toHaveAttribute('target', '_blank')
    for (const count of [1, 2, 3, 4, 5]) expect(star(count, ta)).toBeDisabled()
    expect(fetchMock).not.toHaveBeenCalled()
  })
})

describe('customer review page: feedback after 1-3', () => {
  afterEach(() => vi.unstubAllGlobals())

  async function toFeedback(language: 'en' | 'hi' | 'ta' = 'en', rating = 2, fx = effects()) {
    const messages = { en, hi, ta }[language]
    open({ language }, fx)
    await userEvent.click(star(rating, messages))
    return fx
  }

  it('asks for feedback with the call-back fieldset and the privacy line', async () => {
    const { calls } = mockFetch({})
    await toFeedback('en', 2)
    expect(screen.getByRole('heading', { name: en.feedbackTitle })).toBeInTheDocument()
    expect(screen.getByText('You rated your visit 2 out of 5')).toBeInTheDocument()
    expect(screen.getByRole('group', { name: fill(en.contactLegend) })).toBeInTheDocument()
    expect(screen.getByRole('checkbox', { name: en.contactMe })).not.toBeChecked()
    expect(screen.getByText(fill(en.contactPrivacy))).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: en.contactPhone })).toHaveAttribute('type', 'tel')
    expect(calls).toHaveLength(0)
  })

  it('sends trimmed feedback without any contact when not ticked, then /thanks in the page language', async () => {
    const { calls } = mockFetch({ [SUBMIT]: () => ({ body: { redirect: false, counted: true } }) })
    const fx = await toFeedback('hi', 2)
    await userEvent.type(screen.getByLabelText(hi.improveLabel), '  इंतज़ार लंबा था  ')
    await userEvent.type(screen.getByLabelText(hi.contactPhone), '98765 43210')
    await userEvent.click(screen.getByRole('button', { name: hi.submitFeedback }))
    await waitFor(() => expect(fx.navigate).toHaveBeenCalledWith('/thanks?code=sharma&lang=hi'))
    expect(calls[0].body).toEqual({ rating: 2, language: 'hi', feedback: 'इंतज़ार लंबा था' })
  })

  it('checks the phone before sending: the translated text under the field, no request', async () => {
    const { calls } = mockFetch({})
    await toFeedback('ta', 1)
    await userEvent.click(screen.getByRole('checkbox', { name: ta.contactMe }))
    const phone = screen.getByLabelText(ta.contactPhone)
    await userEvent.type(phone, '12345 67890')
    await userEvent.click(screen.getByRole('button', { name: ta.submitFeedback }))
    expect(document.getElementById('contactPhone-error')).toHaveTextContent(ta.contactPhoneInvalid)
    expect(phone).toHaveAttribute('aria-invalid', 'true')
    expect(phone).toHaveFocus()
    expect(calls).toHaveLength(0)
  })

  it.each(['+91 98765-43210', '098765 43210', '9876543210', '91-6000000000'])('accepts %s and sends the call-back', async (typed) => {
    const { calls } = mockFetch({ [SUBMIT]: () => ({ body: { redirect: false, counted: true } }) })
    const fx = await toFeedback('en', 3)
    await userEvent.click(screen.getByRole('checkbox', { name: en.contactMe }))
    await userEvent.type(screen.getByLabelText(en.contactName), ' Asha ')
    await userEvent.type(screen.getByLabelText(en.contactPhone), typed)
    await userEvent.click(screen.getByRole('button', { name: en.submitFeedback }))
    await waitFor(() => expect(fx.navigate).toHaveBeenCalled())
    expect(calls[0].body).toEqual({ rating: 3, language: 'en', contactMe: true, contactName: 'Asha', contactPhone: typed })
  })

  it('a stored call-back ends on thanks with callback=1, so the page can say the number went to the business', async () => {
    mockFetch({ [SUBMIT]: () => ({ body: { redirect: false, counted: true } }) })
    const fx = await toFeedback('ta', 2)
    await userEvent.click(screen.getByRole('checkbox', { name: ta.contactMe }))
    await userEvent.type(screen.getByLabelText(ta.contactPhone), '98765 43210')
    await userEvent.click(screen.getByRole('button', { name: ta.submitFeedback }))
    await waitFor(() => expect(fx.navigate).toHaveBeenCalledWith('/thanks?code=sharma&lang=ta&callback=1'))
  })

  it('a rating not counted again ends on thanks with already=1', async () => {
    mockFetch({ [SUBMIT]: () => ({ body: { redirect: false, counted: false } }) })
    const fx = await toFeedback('en', 1)
    await userEvent.click(screen.getByRole('button', { name: en.submitFeedback }))
    await waitFor(() => expect(fx.navigate).toHaveBeenCalledWith('/thanks?code=sharma&lang=en&already=1'))
  })

  it('shows Submitting... while the feedback is sent', async () => {
    const answer = pending()
    mockFetch({ [SUBMIT]: answer.route })
    await toFeedback('en', 1)
    await userEvent.click(screen.getByRole('button', { name: en.submitFeedback }))
    expect(screen.getByRole('button', { name: en.submitting })).toBeDisabled()
    await answer.release({ body: { redirect: false, counted: true } })
  })

  it.each([
    ['429', { status: 429, body: { error: 'Too many requests. Please wait a moment and try again.' } }, 'form-error', ta.tooManyRequests],
    [
      '422 on the phone',
      {
        status: 422,
        body: {
          error: 'Validation failed',
          errors: [{ field: 'contactPhone', message: 'Enter a 10-digit mobile number, or untick the box.' }],
        },
      },
      'contactPhone-error',
      ta.contactPhoneInvalid,
    ],
    ['500', { status: 500, body: { error: 'Internal server error' } }, 'form-error', ta.tryAgain],
  ])("a %s answer shows the page language's own text, never the server's sentence", async (_, answer, id, text) => {
    mockFetch({ [SUBMIT]: () => answer })
    const fx = await toFeedback('ta', 2)
    await userEvent.click(screen.getByRole('button', { name: ta.submitFeedback }))
    await waitFor(() => expect(document.getElementById(id)).toHaveTextContent(text))
    expect(document.body).not.toHaveTextContent(answer.body.error)
    expect(screen.getByRole('button', { name: ta.submitFeedback })).toBeEnabled()
    expect(fx.navigate).not.toHaveBeenCalled()
  })

  it('a network failure says the rating was not sent, and allows another try', async () => {
    mockFetch({ [SUBMIT]: () => Promise.reject(new TypeError('network down')) })
    await toFeedback('hi', 3)
    await userEvent.click(screen.getByRole('button', { name: hi.submitFeedback }))
    expect(await screen.findByRole('alert')).toHaveTextContent(hi.submitFailed)
    expect(screen.getByRole('button', { name: hi.submitFeedback })).toBeEnabled()
  })

  it('a 403 upgrade answer shows the limit text and Upgrade to Pro, and stops sending', async () => {
    mockFetch({ [SUBMIT]: () => ({ status: 403, body: { error: 'Usage limit exceeded', upgrade: true } }) })
    await toFeedback('hi', 2)
    await userEvent.click(screen.getByRole('button', { name: hi.submitFeedback }))
    expect(await screen.findByRole('alert')).toHaveTextContent(hi.reviewLimit)
    expect(screen.getByRole('link', { name: hi.upgrade })).toHaveAttribute('href', '/billing')
    expect(screen.getByRole('button', { name: hi.submitFeedback })).toBeDisabled()
  })

  it('its language switch is nine buttons posting the form with everything typed and ticked, nothing sent through the API', async () => {
    const { fetchMock } = mockFetch({})
    await toFeedback('en', 2)
    await userEvent.type(screen.getByLabelText(en.improveLabel), 'The tea was cold')
    await userEvent.click(screen.getByRole('checkbox', { name: en.contactMe }))
    await userEvent.type(screen.getByLabelText(en.contactName), 'Asha')
    await userEvent.type(screen.getByLabelText(en.contactPhone), '98765 43210')

    const switcher = within(screen.getByRole('navigation', { name: en.language }))
    expect(switcher.getAllByRole('button').map((button) => button.getAttribute('value'))).toEqual([...REVIEW_LANGUAGES])
    expect(switcher.queryAllByRole('link')).toHaveLength(0)
    // The browser's own submission carries the form to the server (the bundle holds no other language's texts).
    const posted = new Promise<{ prevented: boolean; action: string; fields: Record<string, string> }>((resolve) =>
      window.addEventListener(
        'submit',
        (event) => {
          const form = event.target as HTMLFormElement
          resolve({
            prevented: event.defaultPrevented,
            action: (event.submitter?.getAttribute('formaction') ?? form.getAttribute('action'))!,
            fields: Object.fromEntries(new FormData(form, event.submitter) as unknown as Iterable<[string, string]>),
          })
          event.preventDefault()
        },
        { once: true }
      )
    )
    await userEvent.click(switcher.getByRole('button', { name: hi.languageName }))

    expect(await posted).toEqual({
      prevented: false,
      action: '/review/sharma/feedback?rating=2&lang=hi',
      fields: {
        lang: 'en',
        rating: '2',
        feedback: 'The tea was cold',
        contactMe: '1',
        contactName: 'Asha',
        contactPhone: '98765 43210',
        [SWITCH_LANGUAGE_FIELD]: 'hi',
      },
    })
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('Change rating goes back to the stars and keeps the typed feedback', async () => {
    await toFeedback('en', 2)
    await userEvent.type(screen.getByLabelText(en.improveLabel), 'Slow')
    await userEvent.click(screen.getByRole('link', { name: en.changeRating }))
    expect(screen.getByText(en.question)).toBeInTheDocument()
    await userEvent.click(star(3))
    expect(screen.getByLabelText(en.improveLabel)).toHaveValue('Slow')
  })

  it('compliance mode offers "Post on Google instead"; otherwise no Google link for low ratings', async () => {
    open({ link: link({}, { complianceMode: true }) })
    await userEvent.click(star(3))
    const google = screen.getByRole('link', { name: en.postOnGoogle })
    expect(google).toHaveAttribute('href', GOOGLE)
    expect(google).toHaveAttribute('target', '_blank')
    open()
    await userEvent.click(star(3))
    expect(screen.queryByRole('link', { name: en.postOnGoogle })).not.toBeInTheDocument()
  })
})

describe('thanks and not found', () => {
  it('thanks names the business, or says it was already in', () => {
    open({ language: 'ta', screen: { view: 'thanks', businessName: 'Sharma Sweets' } })
    expect(screen.getByRole('heading', { name: ta.thanksTitle })).toBeInTheDocument()
    expect(screen.getByText(fill(ta.thanksText))).toBeInTheDocument()
    open({ screen: { view: 'thanks', businessName: 'Sharma Sweets', already: true } })
    expect(screen.getByText(fill(en.alreadyRated))).toBeInTheDocument()
    expect(screen.getAllByRole('link')[1]).toHaveAttribute('href', '/thanks?code=sharma&already=1&lang=hi')
  })

  it('thanks confirms a call-back the customer asked for, and its language links keep saying so', () => {
    open({ language: 'hi', screen: { view: 'thanks', businessName: 'Sharma Sweets', callback: true } })
    expect(screen.getByText(fill(hi.thanksText))).toBeInTheDocument()
    expect(screen.getByText(fill(hi.callbackText))).toBeInTheDocument()
    expect(screen.getByRole('link', { name: en.languageName })).toHaveAttribute('href', '/thanks?code=sharma&callback=1&lang=en')
    open({ screen: { view: 'thanks', businessName: 'Sharma Sweets' } })
    expect(screen.queryByText(fill(en.callbackText))).not.toBeInTheDocument()
  })

  it('not found, in the served language', () => {
    open({ language: 'hi', screen: { view: 'not-found' }, link: null })
    expect(screen.getByRole('heading', { name: hi.notFoundTitle })).toBeInTheDocument()
    expect(screen.getByText(hi.notFoundText)).toBeInTheDocument()
  })
})
