import { drawLogo } from '#site/components/logo-canvas'

interface Call {
  name: string
  args: number[]
  fillStyle: string
}

/** A 2D context that records each drawing call with the fill style in force when it was made. */
function recordingContext() {
  const calls: Call[] = []
  let fillStyle = ''
  const record =
    (name: string) =>
    (...args: number[]) => {
      calls.push({ name, args, fillStyle })
    }
  const context = {
    get fillStyle() {
      return fillStyle
    },
    set fillStyle(value: string) {
      fillStyle = value
    },
    clearRect: record('clearRect'),
    beginPath: record('beginPath'),
    arc: record('arc'),
    moveTo: record('moveTo'),
    lineTo: record('lineTo'),
    closePath: record('closePath'),
    fill: record('fill'),
  }
  return { context: context as unknown as CanvasRenderingContext2D, calls }
}

const WHITE = ['#fff', '#ffffff', 'white']

describe('drawLogo', () => {
  it('fills a blue circle over the whole 400 px canvas', () => {
    const { context, calls } = recordingContext()
    drawLogo(context, 400)

    const arcs = calls.filter((call) => call.name === 'arc')
    expect(arcs).toHaveLength(1)
    const [x, y, radius, start, end] = arcs[0].args
    expect([x, y, radius, start]).toEqual([200, 200, 200, 0])
    expect(end).toBeCloseTo(Math.PI * 2)

    const fills = calls.filter((call) => call.name === 'fill')
    expect(fills[0].fillStyle).toBe('#2563eb')
    expect(calls.indexOf(fills[0])).toBeGreaterThan(calls.indexOf(arcs[0]))
  })

  it('then fills a white five-point star (a 10-point path) centred in the circle', () => {
    const { context, calls } = recordingContext()
    drawLogo(context, 400)

    const lastPath = calls.map((call) => call.name).lastIndexOf('beginPath')
    const star = calls.slice(lastPath + 1)
    expect(star.map((call) => call.name)).toEqual(['moveTo', ...Array(9).fill('lineTo'), 'closePath', 'fill'])
    expect(WHITE).toContain(star.at(-1)!.fillStyle.toLowerCase())

    const points = star.slice(0, 10).map((call) => call.args as [number, number])
    const xs = points.map(([x]) => x)
    const ys = points.map(([, y]) => y)
    expect((Math.min(...xs) + Math.max(...xs)) / 2).toBeCloseTo(200)
    expect((Math.min(...ys) + Math.max(...ys)) / 2).toBeCloseTo(200)
    expect(ys[0]).toBe(Math.min(...ys)) // the first point is the top one

    // Corners alternate between one outer and one inner distance from the star's own centre (the mean of
    // its corners, by symmetry).
    const centre = [xs, ys].map((values) => values.reduce((sum, value) => sum + value, 0) / values.length)
    const distances = points.map(([x, y]) => Math.hypot(x - centre[0], y - centre[1]))
    const outer = distances.filter((_, index) => index % 2 === 0)
    const inner = distances.filter((_, index) => index % 2 === 1)
    for (const distance of outer) expect(distance).toBeCloseTo(outer[0])
    for (const distance of inner) expect(distance).toBeCloseTo(inner[0])
    expect(inner[0]).toBeLessThan(outer[0])
    expect(outer[0]).toBeLessThan(200)
  })

  it('scales with the canvas size', () => {
    const { context, calls } = recordingContext()
    drawLogo(context, 100)
    expect(calls.find((call) => call.name === 'arc')!.args.slice(0, 3)).toEqual([50, 50, 50])
  })
})
