import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react'
import type { I18n } from './i18n'

const I18nContext = createContext<I18n | null>(null)

export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>
}

/** `t` and the current language; components re-render when the language changes. */
export function useTranslation() {
  const i18n = useContext(I18nContext)
  if (!i18n) throw new Error('useTranslation needs an <I18nProvider>')
  const language = useSyncExternalStore(i18n.subscribe, () => i18n.language)
  return { t: i18n.t, language, i18n }
}
