/**
 * Text naming ReviewRoute (the "Powered by ReviewRoute" line in every language, a mail's header) under an agency's
 * brand names the agency instead (docs/decisions.md D42, "Brand"); without a brand it is unchanged. The server's
 * pages, posters and mails and the dashboard's PNG poster use this one rule.
 */
export function underBrand(text: string, brand: { name: string } | null | undefined) {
  // A function, so a brand holding `$&` or `$'` is its own text, not a replacement pattern.
  return brand ? text.replaceAll('ReviewRoute', () => brand.name) : text
}
