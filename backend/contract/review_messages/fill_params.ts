/** `{{name}}` filled from `params`; a parameter not given stays as written (not escaped: HTML callers escape). */
export const fillParams = (text: string, params: Record<string, string | number> = {}) =>
  text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole))
