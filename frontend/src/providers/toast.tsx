/*
 * The dashboard's toasts on antd's notification API (docs/decisions.md D14): one at a time (docs/product-rules.md's queue limit 1),
 * success 3 s, plan messages 4 s, everything else 5 s. Screens call `useToast()`; no other toast exists.
 * While a dialog is open a toast is antd's compact message at the very top instead: dialogs start 100 px down,
 * and a notification card with its description reached into them and covered their buttons (docs/decisions.md D39).
 */
import { App } from 'antd'
import { useMemo } from 'react'
import { DEFAULT_TOAST_MS, PLAN_TOAST_MS, SUCCESS_TOAST_MS } from '#config/constants'

export const TOAST_LIMIT = 1

/** The title in bold, then the description (the server's sentence for errors) on the same line, wrapping. */
function MessageText({ title, description }: { title: string; description?: string }) {
  return (
    <span style={{ display: 'inline-block', maxWidth: 'min(560px, calc(100vw - 72px))', textAlign: 'start', verticalAlign: 'top' }}>
      <strong>{title}</strong>
      {description && <span> {description}</span>}
    </span>
  )
}

/** An antd dialog is on screen (closed ones stay in the page with `display: none`). */
function dialogOpen() {
  return Array.from(document.querySelectorAll<HTMLElement>('.ant-modal-wrap')).some((wrap) => wrap.style.display !== 'none')
}

export interface Toaster {
  success(title: string, description?: string): void
  error(title: string, description?: string): void
  info(title: string, description?: string): void
  /** The plan messages ('Already Have Active Plan', ...) stay 4 s. */
  plan(title: string, description?: string): void
}

export function useToast(): Toaster {
  const { notification, message } = App.useApp()
  return useMemo(() => {
    const show = (type: 'success' | 'error' | 'info' | 'warning', ms: number) => (title: string, description?: string) => {
      notification.destroy()
      message.destroy()
      if (dialogOpen()) message.open({ type, content: <MessageText title={title} description={description} />, duration: ms / 1000 })
      else notification.open({ type, message: title, description, duration: ms / 1000, placement: 'top' })
    }
    return {
      success: show('success', SUCCESS_TOAST_MS),
      error: show('error', DEFAULT_TOAST_MS),
      info: show('info', DEFAULT_TOAST_MS),
      plan: show('warning', PLAN_TOAST_MS),
    }
  }, [notification, message])
}
