/*
 * The script arrives after the server's page has painted, and the customer may already have typed. Before drawing
 * the same screen over it, read what the server's forms hold (values, texts under fields) and where the caret
 * is, so nothing typed, ticked or said is lost; then draw in one go (no frame without the page).
 */
import { createRoot } from 'react-dom/client'
import { flushSync } from 'react-dom'
import type { InlinedReview } from '@reviewroute/backend/types/api'
import { createI18n } from '@reviewroute/web-shared/i18n'
import { I18nProvider } from '@reviewroute/web-shared/i18n-react'
import { ErrorBoundary } from '@reviewroute/web-shared/error-boundary'
import { ReviewPage, type Carried, type Effects } from './review-page'
import { NotFoundPage, ThanksPage } from './thanks-page'
import { isMobileUserAgent } from '@reviewroute/web-shared/user-agent'

type Field = HTMLInputElement | HTMLTextAreaElement

/** What the page does in a real browser: go to Google in this tab or a new one, wait. */
export const browserEffects = (): Effects => ({
  isMobile: isMobileUserAgent(),
  navigate: (url) => window.location.assign(url),
  openTab: (url) => {
    const tab = window.open(url, '_blank')
    if (tab) tab.opener = null
    return tab !== null
  },
  schedule: (fn, ms) => void window.setTimeout(fn, ms),
})

const TAKEN_OVER: readonly string[] = ['rate', 'feedback', 'thanks', 'not-found'] satisfies InlinedReview['view'][]

export function readServerPage(root: ParentNode): Carried {
  const carried: Carried = {}
  const rateError = root.querySelector('form.rate .error')?.textContent
  if (rateError) carried.rateError = rateError
  const form = root.querySelector<HTMLFormElement>('form.feedback')
  if (!form) return carried
  const field = (name: string) => form.elements.namedItem(name) as Field | null
  const text = (id: string) => form.querySelector(`#${id}`)?.textContent || undefined
  carried.values = {
    feedback: field('feedback')?.value ?? '',
    contactMe: (field('contactMe') as HTMLInputElement | null)?.checked ?? false,
    contactName: field('contactName')?.value ?? '',
    contactPhone: field('contactPhone')?.value ?? '',
  }
  carried.errors = { feedback: text('feedback-error'), contactPhone: text('contactPhone-error'), form: text('form-error') }
  return carried
}

/** The focused field by id, with its selection, to be given back after the new screen is drawn. */
function keepFocus(doc: Document): () => void {
  const active = doc.activeElement
  const id = active?.id
  if (!id || !(active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement)) return () => {}
  const typed = active instanceof HTMLTextAreaElement || !['checkbox', 'hidden'].includes(active.type)
  const [start, end] = typed ? [active.selectionStart, active.selectionEnd] : [null, null]
  return () => {
    const again = doc.getElementById(id) as Field | null
    again?.focus()
    if (again && start !== null && end !== null) again.setSelectionRange(start, end)
  }
}

/** Draws the screen the server rendered into #root from the inlined data; false when there is none to draw with. */
export function takeOver(doc: Document, effects: Effects): boolean {
  const inlined = doc.getElementById('review-data')?.textContent
  const root = doc.getElementById('root')
  if (!inlined || !root) return false
  const data = JSON.parse(inlined) as InlinedReview
  // A screen this bundle does not draw stays as the server rendered it (it works without JavaScript).
  if (!TAKEN_OVER.includes(data.view)) return false
  const i18n = createI18n(data.language, data.messages)
  const carried = readServerPage(root)
  const restoreFocus = keepFocus(doc)
  let screen
  if (data.view === 'thanks') screen = <ThanksPage data={data} />
  else if (data.view === 'not-found' || !data.link) screen = <NotFoundPage data={data} />
  else screen = <ReviewPage data={{ ...data, link: data.link }} effects={effects} carried={carried} />
  flushSync(() =>
    createRoot(root).render(
      <I18nProvider i18n={i18n}>
        <ErrorBoundary texts={{ title: i18n.t('errorTitle'), text: i18n.t('errorText'), reload: i18n.t('reload') }}>{screen}</ErrorBoundary>
      </I18nProvider>
    )
  )
  restoreFocus()
  return true
}
