/*
 * The dashboard's toasts on antd's notification API (docs/decisions.md D14): one at a time (docs/product-rules.md's queue limit 1),
 * success 3 s, plan messages 4 s, everything else 5 s. Screens call `useToast()`; no other toast exists.
 */
import { App } from 'antd'
import { useMemo } from 'react'
import { DEFAULT_TOAST_MS, PLAN_TOAST_MS, SUCCESS_TOAST_MS } from '#config/constants'

export const TOAST_LIMIT = 1

export interface Toaster {
  success(title: string, description?: string): void
  error(title: string, description?: string): void
  info(title: string, description?: string): void
  /** The plan messages ('Already Have Active Plan', ...) stay 4 s. */
  plan(title: string, description?: string): void
}

export function useToast(): Toaster {
  const { notification } = App.useApp()
  return useMemo(() => {
    const show = (type: 'success' | 'error' | 'info' | 'warning', ms: number) => (title: string, description?: string) => {
      notification.destroy()
      notification.open({ type, message: title, description, duration: ms / 1000, placement: 'top' })
    }
    return {
      success: show('success', SUCCESS_TOAST_MS),
      error: show('error', DEFAULT_TOAST_MS),
      info: show('info', DEFAULT_TOAST_MS),
      plan: show('warning', PLAN_TOAST_MS),
    }
  }, [notification])
}
