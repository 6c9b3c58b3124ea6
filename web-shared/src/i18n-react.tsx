import { createContext, useContext, type ReactNode } from 'react'
import type { I18n } from './i18n'

// Keys are the bundle's business: the context holds any dictionary's `t`, and `useTranslation<K>` names them again.
const I18nContext = createContext<I18n<never> | null>(null)

export function I18nProvider<K extends string>({ i18n, children }: { i18n: I18n<K>; children: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>
}

/** `t` and the page's language; `K` names the keys the bundle's dictionary has. */
export function useTranslation<K extends string = string>() {
  const i18n = useContext(I18nContext)
  if (!i18n) throw new Error('useTranslation needs an <I18nProvider>')
  return i18n as unknown as I18n<K>
}
