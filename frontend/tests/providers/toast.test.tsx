import { act, render } from '@testing-library/react'
import { App as AntApp, Modal } from 'antd'
import { useEffect } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { TOAST_LIMIT, useToast, type Toaster } from '#providers/toast'

let toast: Toaster
function Grab() {
  const value = useToast()
  useEffect(() => {
    toast = value
  }, [value])
  return null
}

function renderToaster() {
  render(
    <AntApp notification={{ maxCount: TOAST_LIMIT }}>
      <Grab />
    </AntApp>
  )
}

/** The toasts on screen; a closed one only plays its leave animation (jsdom never ends it). */
const notices = () =>
  Array.from(document.querySelectorAll('.ant-notification-notice-wrapper:not(.ant-notification-fade-leave)')).map(
    (notice) => notice.textContent
  )

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms)
  })
}

afterEach(() => vi.useRealTimers())

describe('toasts (docs/product-rules.md, docs/decisions.md D14)', () => {
  it('holds one toast at a time: a second replaces the first', async () => {
    vi.useFakeTimers()
    renderToaster()
    act(() => {
      toast.error('Copy Failed', 'Please copy the link manually.')
      toast.success('Link copied!', 'Review link has been copied to clipboard.')
    })
    await advance(50)
    expect(notices()).toEqual(['Link copied!Review link has been copied to clipboard.'])
  })

  it('closes a success toast after 3 s', async () => {
    vi.useFakeTimers()
    renderToaster()
    act(() => toast.success('Profile Updated'))
    await advance(2_900)
    expect(notices()).toEqual(['Profile Updated'])
    await advance(1_000)
    expect(notices()).toEqual([])
  })

  it('keeps a plan toast 4 s and an error 5 s', async () => {
    vi.useFakeTimers()
    renderToaster()
    act(() => toast.plan('Already Have Active Plan'))
    await advance(3_900)
    expect(notices()).toEqual(['Already Have Active Plan'])
    await advance(1_000)
    expect(notices()).toEqual([])

    act(() => toast.error('Remove Failed', 'Could not remove business'))
    await advance(4_900)
    expect(notices()).toEqual(['Remove FailedCould not remove business'])
    await advance(1_000)
    expect(notices()).toEqual([])
  })
})

// docs/decisions.md D39: a toast must not cover an open dialog's buttons. antd dialogs start 100 px down; while one is
// open a toast is antd's compact message at the very top (not the taller card that reached into the dialog).
describe('toasts over an open dialog', () => {
  function renderWithDialog(open: boolean) {
    render(
      <AntApp notification={{ maxCount: TOAST_LIMIT }}>
        <Grab />
        <Modal open={open} title="Add your phone number" footer={<button type="button">Go to Dashboard</button>} />
      </AntApp>
    )
  }
  const messages = () =>
    Array.from(document.querySelectorAll('.ant-message-notice-wrapper:not(.ant-message-move-up-leave)')).map((notice) => notice.textContent)

  it('is a compact message with the title and description while a dialog is open', async () => {
    vi.useFakeTimers()
    renderWithDialog(true)
    act(() => toast.success('Phone Number Saved', "We'll reach you on +91 98765 43210 about your account."))
    await advance(50)
    expect(messages()).toEqual(["Phone Number Saved We'll reach you on +91 98765 43210 about your account."])
    expect(notices()).toEqual([])
    await advance(3_000)
    expect(messages()).toEqual([])
  })

  it('is the usual card with its description when no dialog is open', async () => {
    vi.useFakeTimers()
    renderWithDialog(false)
    act(() => toast.success('Phone Number Saved', "We'll reach you."))
    await advance(50)
    expect(notices()).toEqual(["Phone Number SavedWe'll reach you."])
    expect(messages()).toEqual([])
  })
})
