/*
 * The feedback form after a 1-3 rating, in the server's markup (a real form posting to /review/{code}/feedback),
 * sent through the API instead: the call-back's phone is checked here first, and a refusal shows the page's own
 * text under its field. Name and phone stay visible and enabled as without JavaScript, and, as there, only count
 * with the tick: without it they are not sent. The footer's language buttons belong to this form and post it as
 * they do without JavaScript: the server answers with the form in the new language, filled in, and the bundle
 * takes that over (this bundle holds only the page's own language).
 */
import { useRef, useState, type FormEvent } from 'react'
import type { ReviewLinkDto } from '@reviewroute/backend/types/api'
import { FEEDBACK_MAX_LENGTH } from '@reviewroute/backend/contract/product_rules'
import { useReviewText } from './i18n'
import { StaticStars } from './stars'
import { FEEDBACK_FORM_ID, feedbackAction } from '@reviewroute/backend/contract/review_form'
import { reviewPath, switchesLanguage } from './page-frame'
import { feedbackFailure, isIndianMobile, thanksPath, type FeedbackErrors, type FeedbackValues } from './flow'
import { submitRating } from './submit'
import { UpgradeAlert } from './upgrade-alert'

interface Props {
  code: string
  business: ReviewLinkDto['business']
  rating: number
  values: FeedbackValues
  errors: FeedbackErrors
  onChange(values: FeedbackValues, errors: FeedbackErrors): void
  onChangeRating(): void
  navigate(url: string): void
  /** The review request's token when the page came from a personal link. */
  requestToken?: string
  /** The staff member's code when the page came from their link or QR. */
  staffCode?: string
}

export function FeedbackForm({
  code,
  requestToken,
  staffCode,
  business,
  rating,
  values,
  errors,
  onChange,
  onChangeRating,
  navigate,
}: Props) {
  const { t, language } = useReviewText()
  const [submitting, setSubmitting] = useState(false)
  const [blocked, setBlocked] = useState(false)
  const phone = useRef<HTMLInputElement>(null)
  const set = (patch: Partial<FeedbackValues>, cleared?: keyof FeedbackErrors) =>
    onChange({ ...values, ...patch }, cleared ? { ...errors, [cleared]: undefined } : errors)
  const invalid = (field: 'feedback' | 'contactPhone') =>
    errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${field}-error` } : {}

  async function send(event: FormEvent<HTMLFormElement>) {
    // A language button posts the form to the server, which draws it again in that language, filled in.
    if (switchesLanguage(event) && !submitting) return
    event.preventDefault()
    if (submitting || blocked) return
    if (values.contactMe && !isIndianMobile(values.contactPhone)) {
      onChange(values, { contactPhone: t('contactPhoneInvalid') })
      phone.current?.focus()
      return
    }
    setSubmitting(true)
    onChange(values, {})
    const feedback = values.feedback.trim()
    try {
      const result = await submitRating(business.shortUrl, {
        rating,
        language,
        ...(requestToken ? { requestToken } : {}),
        ...(staffCode ? { staffCode } : {}),
        ...(feedback ? { feedback } : {}),
        ...(values.contactMe
          ? { contactMe: true, contactName: values.contactName.trim() || null, contactPhone: values.contactPhone.trim() }
          : {}),
      })
      navigate(thanksPath(business.shortUrl, language, { counted: result.counted, callback: values.contactMe }))
    } catch (failure) {
      setSubmitting(false)
      const shown = feedbackFailure(failure)
      if ('upgrade' in shown) setBlocked(true)
      else onChange(values, { [shown.field]: t(shown.key, { max: FEEDBACK_MAX_LENGTH }) })
      if ('field' in shown && shown.field === 'contactPhone') phone.current?.focus()
    }
  }

  const path = reviewPath(code)
  return (
    <form className="feedback" id={FEEDBACK_FORM_ID} method="post" action={feedbackAction(code, rating, language)} onSubmit={send}>
      <input type="hidden" name="lang" value={language} />
      {requestToken && <input type="hidden" name="request" value={requestToken} />}
      {staffCode && <input type="hidden" name="staff" value={staffCode} />}
      <input type="hidden" name="rating" value={rating} />
      <h2>{t('feedbackTitle')}</h2>
      <StaticStars value={rating} />
      <p className="muted">{t('yourRating', { count: rating })}</p>
      <label htmlFor="feedback">{t('improveLabel')}</label>
      <textarea
        id="feedback"
        name="feedback"
        rows={5}
        maxLength={FEEDBACK_MAX_LENGTH}
        placeholder={t('improvePlaceholder', { business: business.name })}
        value={values.feedback}
        onChange={(event) => set({ feedback: event.target.value }, 'feedback')}
        {...invalid('feedback')}
      />
      {errors.feedback && (
        <p className="error" id="feedback-error" role="alert">
          {errors.feedback}
        </p>
      )}
      <fieldset className="contact">
        <legend>{t('contactLegend', { business: business.name })}</legend>
        <label className="check">
          <input
            type="checkbox"
            name="contactMe"
            value="1"
            checked={values.contactMe}
            onChange={(event) => set({ contactMe: event.target.checked }, 'contactPhone')}
          />{' '}
          {t('contactMe')}
        </label>
        <label htmlFor="contactName">{t('contactName')}</label>
        <input
          id="contactName"
          name="contactName"
          maxLength={100}
          autoComplete="name"
          value={values.contactName}
          onChange={(event) => set({ contactName: event.target.value })}
        />
        <label htmlFor="contactPhone">{t('contactPhone')}</label>
        <input
          ref={phone}
          id="contactPhone"
          name="contactPhone"
          type="tel"
          inputMode="tel"
          maxLength={20}
          autoComplete="tel-national"
          value={values.contactPhone}
          onChange={(event) => set({ contactPhone: event.target.value }, 'contactPhone')}
          {...invalid('contactPhone')}
        />
        {errors.contactPhone && (
          <p className="error" id="contactPhone-error" role="alert">
            {errors.contactPhone}
          </p>
        )}
        <p className="hint">{t('contactPrivacy', { business: business.name })}</p>
      </fieldset>
      {errors.form && (
        <p className="error" id="form-error" role="alert">
          {errors.form}
        </p>
      )}
      {blocked && <UpgradeAlert />}
      <button className="primary" type="submit" disabled={submitting || blocked}>
        {submitting ? t('submitting') : t('submitFeedback')}
      </button>
      {business.complianceMode && (
        <a className="secondary-link" href={business.googleReviewUrl} target="_blank" rel="noopener noreferrer">
          {t('postOnGoogle')}
        </a>
      )}
      <a
        className="text-button"
        href={`${path}?lang=${language}`}
        onClick={(event) => {
          event.preventDefault()
          if (!submitting) onChangeRating()
        }}
      >
        {t('changeRating')}
      </a>
    </form>
  )
}
