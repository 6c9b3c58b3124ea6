/*
 * One i18n layer for every bundle: rosetta (a few hundred bytes, so the customer page stays small) for lookup
 * and `{{name}}` interpolation, Intl.PluralRules for plurals (`key_one` / `key_other` with a `count`), English
 * as the fallback. Languages: English and Hindi (docs/decisions.md D5).
 */
import rosetta from 'rosetta'

export const LANGUAGES = ['en', 'hi'] as const
export type Language = (typeof LANGUAGES)[number]
export type Dictionary = Record<string, string>
export type Messages = Record<Language, Dictionary> | { en: Dictionary }

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language)

/** The owner's pinned language wins, then a stored choice, then the browser's languages. */
export function pickLanguage(
  pinned: Language | null | undefined,
  stored: string | null,
  browser: readonly string[] = globalThis.navigator?.languages ?? []
): Language {
  if (pinned) return pinned
  if (isLanguage(stored)) return stored
  for (const tag of browser) {
    const base = tag.toLowerCase().split('-')[0]
    if (isLanguage(base)) return base
  }
  return 'en'
}

export type Translate = (key: string, params?: Record<string, string | number>) => string

export interface I18n {
  readonly language: Language
  t: Translate
  changeLanguage(language: Language): void
  subscribe(listener: () => void): () => void
}

export function createI18n(messages: Messages, initial: Language): I18n {
  const dictionaries = messages as Partial<Record<Language, Dictionary>>
  const table = rosetta<Dictionary>(dictionaries as Record<string, Dictionary>)
  const known = (name: string): name is Language => Object.hasOwn(dictionaries, name)
  let language: Language = known(initial) ? initial : 'en'
  table.locale(language)
  const listeners = new Set<() => void>()

  const lookup = (key: string, params: Record<string, string | number> | undefined, lang: Language) =>
    table.t(key, params, lang) || (lang === 'en' ? '' : table.t(key, params, 'en'))

  return {
    get language() {
      return language
    },
    t(key, params) {
      const count = params?.count
      const plural =
        typeof count === 'number' ? `${key}_${new Intl.PluralRules(language).select(count)}` : null
      return (
        (plural && (lookup(plural, params, language) || lookup(`${key}_other`, params, language))) ||
        lookup(key, params, language) ||
        key
      )
    },
    changeLanguage(next) {
      if (!known(next) || next === language) return
      language = next
      table.locale(next)
      listeners.forEach((listener) => listener())
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
