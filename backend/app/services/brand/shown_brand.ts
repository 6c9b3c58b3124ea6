/*
 * A brand as the pages and mails use it, in a file of its own: the customer page's renderer (also compiled into
 * the review bundle's tests) reads this type without pulling the database code of `brands.ts` along.
 */
import type { WorkspaceBrandDto } from '#types/api'

/** The logo's URL (our origin) and, for a PNG, its size. */
export interface ShownBrand extends WorkspaceBrandDto {
  logoType: string | null
  logoWidth: number | null
  logoHeight: number | null
}
