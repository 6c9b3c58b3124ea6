/** The ReviewRoute mark: a blue circle with a white star (docs/decisions.md D14). */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <circle cx="20" cy="20" r="20" fill="#1d4ed8" />
      <path fill="#fff" d="M20 8.5l3.38 6.85 7.56 1.1-5.47 5.33 1.29 7.53L20 25.76l-6.76 3.55 1.29-7.53-5.47-5.33 7.56-1.1z" />
    </svg>
  )
}
