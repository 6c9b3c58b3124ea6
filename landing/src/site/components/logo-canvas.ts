/*
 * Draws the ReviewRoute logo (blue circle, white star: docs/screens.md#logo-download) on a square canvas. Pure: everything it
 * does goes through the context it is given, so a test can record the calls.
 */
export const LOGO_BLUE = '#2563eb'
export const LOGO_WHITE = '#ffffff'
export const LOGO_STAR_POINTS = 5

/** Outer star radius as a share of the canvas, and inner radius as a share of the outer: close to Logo.tsx. */
const STAR_OUTER = 0.31
const STAR_INNER = 0.47

export function drawLogo(ctx: CanvasRenderingContext2D, size: number) {
  const centre = size / 2
  ctx.clearRect(0, 0, size, size)

  ctx.beginPath()
  ctx.arc(centre, centre, centre, 0, Math.PI * 2)
  ctx.fillStyle = LOGO_BLUE
  ctx.fill()

  const outer = size * STAR_OUTER
  const inner = outer * STAR_INNER
  // A star's top point reaches further than its lower points (cos 36°); shifting it down by half the
  // difference centres its outline in the circle.
  const starY = centre + (outer * (1 - Math.cos(Math.PI / LOGO_STAR_POINTS))) / 2
  ctx.beginPath()
  for (let corner = 0; corner < LOGO_STAR_POINTS * 2; corner++) {
    const radius = corner % 2 === 0 ? outer : inner
    const angle = -Math.PI / 2 + (corner * Math.PI) / LOGO_STAR_POINTS
    const x = centre + radius * Math.cos(angle)
    const y = starY + radius * Math.sin(angle)
    if (corner === 0) ctx.moveTo(x, y)
    else ctx.lineTo(x, y)
  }
  ctx.closePath()
  ctx.fillStyle = LOGO_WHITE
  ctx.fill()
}
