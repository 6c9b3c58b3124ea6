/*
 * The review image's text laid out in lines (docs/decisions.md D50): cut into runs by script (each run is set in its
 * script's font), words wrapped by their measured width, and the text clamped to its box with an ellipsis on the
 * last line's end. Pure: the measure is passed in, so tests lay out without drawing.
 */
import { scriptRuns, type Run } from '#services/posters/poster_fonts'

/** A run's width in pixels at the size being laid out. */
export type Measure = (run: Run) => number

export interface TextLine {
  text: string
  runs: Run[]
  width: number
}

export interface TextLayout {
  lines: TextLine[]
  /** Whether text was left out (the last line then ends with the ellipsis). */
  clamped: boolean
}

export const ELLIPSIS = '…'

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' })

/** The text's width: the sum of its runs', each in its script's font. */
export const widthOf = (text: string, measure: Measure) => scriptRuns(text).reduce((sum, run) => sum + measure(run), 0)

/** A word wider than the line, cut between graphemes (never inside a conjunct's cluster) into pieces that fit. */
function cutWord(word: string, measure: Measure, maxWidth: number): string[] {
  const pieces: string[] = []
  let piece = ''
  for (const { segment } of graphemes.segment(word)) {
    if (piece && widthOf(piece + segment, measure) > maxWidth) {
      pieces.push(piece)
      piece = segment
    } else piece += segment
  }
  if (piece) pieces.push(piece)
  return pieces
}

/** The line with the ellipsis at its end, shortened by words (else graphemes) until it fits. */
function withEllipsis(line: string, measure: Measure, maxWidth: number) {
  let text = line
  const ended = (value: string) => value.replace(/[\s,;:.\-–—]+$/u, '') + ELLIPSIS
  while (text && widthOf(ended(text), measure) > maxWidth) {
    const space = text.lastIndexOf(' ')
    if (space > 0) text = text.slice(0, space)
    else
      text = [...graphemes.segment(text)]
        .slice(0, -1)
        .map(({ segment }) => segment)
        .join('')
  }
  return ended(text)
}

/**
 * The text in at most `maxLines` lines of at most `maxWidth`: paragraphs kept, white space folded, words wrapped
 * by measured width; what does not fit is left out and the last line ends with "…".
 */
export function layoutText(text: string, measure: Measure, maxWidth: number, maxLines: number): TextLayout {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*/)
    .map((paragraph) => paragraph.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
  const lines: string[] = []
  let clamped = false
  outer: for (const [index, paragraph] of paragraphs.entries()) {
    let line = ''
    const words = paragraph.split(' ').flatMap((word) => (widthOf(word, measure) > maxWidth ? cutWord(word, measure, maxWidth) : [word]))
    for (const word of words) {
      const candidate = line ? `${line} ${word}` : word
      if (!line || widthOf(candidate, measure) <= maxWidth) {
        line = candidate
        continue
      }
      lines.push(line)
      line = word
      if (lines.length === maxLines) {
        clamped = true
        break outer
      }
    }
    lines.push(line)
    if (lines.length === maxLines && index < paragraphs.length - 1) {
      clamped = true
      break
    }
  }
  if (clamped) lines[lines.length - 1] = withEllipsis(lines[lines.length - 1], measure, maxWidth)
  return {
    lines: lines.map((line) => ({ text: line, runs: scriptRuns(line), width: widthOf(line, measure) })),
    clamped,
  }
}
