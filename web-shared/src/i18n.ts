/*
 * The i18n layer of the customer page (docs/decisions.md D31): the server picks the language and inlines only that
 * language's strings, so the browser holds one dictionary and never switches in place (the language switch is
 * links the server answers). Same bytes for every language; `{{name}}` parameters filled in by the server's own function.
 */
import { fillParams } from '@reviewroute/backend/contract/review_messages/fill_params'

export type Dictionary<K extends string = string> = Record<K, string>
export type Params = Record<string, string | number>
export type Translate<K extends string = string> = (key: K, params?: Params) => string

export interface I18n<K extends string = string> {
  readonly language: string
  t: Translate<K>
}

/** `{{name}}` filled from `params`; a parameter not given stays as written, an unknown key reads as itself. */
export function createI18n<K extends string>(language: string, dictionary: Dictionary<K>): I18n<K> {
  return {
    language,
    t: (key, params = {}) => fillParams(Object.hasOwn(dictionary, key) ? dictionary[key] : key, params),
  }
}
