/**
 * Text naming ReviewRoute (the "Powered by ReviewRoute" line in every language, a mail's header) under an agency's
 * brand names the agency instead (docs/decisions.md D42, "Brand"); without a brand it is unchanged.
 */
export function underBrand(text: string, brand: { name: string } | null | undefined) {
  return brand ? text.replaceAll('ReviewRoute', brand.name) : text
}
