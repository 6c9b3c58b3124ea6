/*
 * The site's toasts: one at a time (docs/product-rules.md: queue limit 1), success 3 s, others 5 s.
 */
import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react'
import { DEFAULT_TOAST_MS, SUCCESS_TOAST_MS } from '@reviewroute/web-shared/constants'

export interface Toast {
  title: string
  description?: string
  variant?: 'success' | 'error' | 'info'
  durationMs?: number
}

const ToastContext = createContext<(toast: Toast) => void>(() => {})

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<Toast | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)

  const show = useCallback((next: Toast) => {
    clearTimeout(timer.current)
    setToast(next)
    const duration = next.durationMs ?? (next.variant === 'success' ? SUCCESS_TOAST_MS : DEFAULT_TOAST_MS)
    timer.current = setTimeout(() => setToast(null), duration)
  }, [])

  return (
    <ToastContext.Provider value={show}>
      {children}
      <div className="toast-region" aria-live="polite">
        {toast && (
          <div className={`toast toast--${toast.variant ?? 'info'}`} role="status">
            <strong>{toast.title}</strong>
            {toast.description && <p>{toast.description}</p>}
            <button type="button" aria-label="Dismiss" onClick={() => setToast(null)}>
              ×
            </button>
          </div>
        )}
      </div>
    </ToastContext.Provider>
  )
}

export const useToast = () => useContext(ToastContext)
