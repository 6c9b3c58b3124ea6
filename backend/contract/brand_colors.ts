/*
 * Text on a brand's colour (docs/decisions.md D42, "Brand"; D60): white where it reads (contrast at least 3:1, the
 * bar for large text), else a dark ink. The review images, the printed poster and the dashboard's PNG poster all
 * ask this one rule.
 */

/** WCAG relative luminance of a #rrggbb colour. */
export function luminance(hex: string) {
  const value = Number.parseInt(hex.replace('#', '').padEnd(6, '0').slice(0, 6), 16)
  const channel = (shift: number) => {
    const c = ((value >> shift) & 0xff) / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0)
}

/** White on `hex` when it reads, else `dark`. */
export const inkOn = (hex: string, dark: string) => (1.05 / (luminance(hex) + 0.05) >= 3 ? '#ffffff' : dark)

/** A brand's colour as #rrggbb (lower case), or `fallback` when it is not one. */
export const brandColor = (color: string | null | undefined, fallback: string) =>
  color && /^#[0-9a-f]{6}$/i.test(color) ? color.toLowerCase() : fallback
