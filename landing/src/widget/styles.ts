/*
 * The widget's stylesheet, all of it inside its shadow root: the page's rules cannot select anything in there, and
 * these cannot select anything outside. What the page could still pass in is what the host element inherits (colour,
 * font, …): `.w` starts again from `all: initial` with our own font and colours. The host's height is fixed per
 * layout (HEIGHTS) before the data is fetched, so nothing on the page moves when the reviews arrive; its few
 * properties that decide that box are `!important`, which from a shadow root wins over the page's `!important`.
 */
import { WIDGET_HEIGHTS } from './types'

/** The reserved height of each layout, in CSS pixels (the host box never changes it; the snippet writes the same). */
export const HEIGHTS = WIDGET_HEIGHTS

const FONT =
  'system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans Devanagari","Noto Sans Tamil","Noto Sans Bengali",Arial,sans-serif'
const BLUE = '#1d4ed8'

export function hostCss(height: number) {
  return `:host{all:initial;display:block!important;box-sizing:border-box!important;height:${height}px!important;min-height:0!important;max-height:none!important;padding:0!important;border:0!important;background:none!important;overflow:hidden!important;visibility:visible!important;opacity:1!important;container-type:inline-size!important;contain:layout paint}`
}

export const CSS = `
.w{all:initial;box-sizing:border-box;display:flex;flex-direction:column;gap:10px;height:100%;width:100%;padding:12px;
 font:400 14px/20px ${FONT};color:#1f2937;background:#fff;border:1px solid #e5e7eb;border-radius:12px;
 text-align:start;overflow:hidden;-webkit-font-smoothing:antialiased}
.w *,.w *::before,.w *::after{box-sizing:border-box}
.w :focus-visible{outline:2px solid ${BLUE};outline-offset:2px;border-radius:6px}
a{color:${BLUE};text-decoration:none}
a:hover{text-decoration:underline}
ul{list-style:none;margin:0;padding:0}
p{margin:0}
.vh{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.g{flex:none;display:block}
.head{display:flex;align-items:center;gap:8px;min-height:24px;white-space:nowrap;overflow:hidden}
.avg{font-weight:700;font-size:16px}
.st{position:relative;display:inline-block;flex:none;color:#d1d5db;letter-spacing:1px;font-size:15px;line-height:20px;font-family:Arial,sans-serif}
.st span{position:absolute;inset:0 auto 0 0;overflow:hidden;color:#f59e0b}
.count{overflow:hidden;text-overflow:ellipsis;min-width:0}
.by{color:#4b5563;font-size:12px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;min-width:0}
.write{flex:none;display:inline-flex;align-items:center;height:36px;padding:0 14px;border-radius:8px;background:${BLUE};
 color:#fff;font-weight:600;white-space:nowrap;max-width:100%;overflow:hidden;text-overflow:ellipsis}
.write:hover{background:#1e40af;text-decoration:none}
.foot{display:flex;align-items:center;gap:8px;height:36px;flex:none}
.foot .by{flex:1}
.nav{flex:none;width:36px;height:36px;border-radius:50%;border:1px solid #d1d5db;background:#fff;color:#1f2937;
 font:700 20px/1 ${FONT};cursor:pointer;padding:0;display:inline-flex;align-items:center;justify-content:center}
.nav:hover{background:#f3f4f6}
.nav[aria-disabled=true]{opacity:.35;cursor:default}
.track{flex:1;min-height:0;display:flex;gap:12px;overflow-x:auto;overflow-y:hidden;scroll-snap-type:x mandatory;
 scroll-behavior:smooth;scrollbar-width:none;overscroll-behavior-x:contain}
.track::-webkit-scrollbar{display:none}
.card{flex:0 0 100%;min-width:0;display:flex;flex-direction:column;gap:6px;padding:12px;border:1px solid #e5e7eb;
 border-radius:10px;background:#f9fafb;scroll-snap-align:start;overflow:hidden}
@container (min-width:520px){.track .card{flex-basis:calc((100% - 12px)/2)}}
@container (min-width:820px){.track .card{flex-basis:calc((100% - 24px)/3)}}
.who{display:flex;align-items:center;gap:10px;min-width:0}
.nw{min-width:0}
.who img,.ini{flex:none;width:36px;height:36px;border-radius:50%;object-fit:cover;background:#dbeafe}
.ini{display:inline-flex;align-items:center;justify-content:center;color:${BLUE};font-weight:700;font-size:16px}
.name{display:block;font-weight:600;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.meta{display:flex;align-items:center;gap:6px;color:#6b7280;font-size:12px;line-height:16px;white-space:nowrap}
.meta .st{font-size:13px;line-height:16px}
.text{overflow:hidden;display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:3;overflow-wrap:anywhere;
 unicode-bidi:plaintext;max-height:60px}
.more{font-size:13px;line-height:18px;align-self:flex-start}
.more[hidden]{display:none}
.scroll{flex:1;min-height:0;overflow-y:auto;display:flex;flex-direction:column;gap:8px;border-radius:10px;overscroll-behavior:contain}
.scroll .card{flex:none}
.scroll .text{-webkit-line-clamp:2;max-height:40px}
.w.badge{flex-direction:row;align-items:center;gap:12px;width:max-content;max-width:100%;padding:9px 12px}
.sum{display:flex;flex-direction:column;min-width:0;flex:1}
.sum .head{gap:6px}
.sum .count{font-size:13px;line-height:18px;white-space:nowrap}
.nm{font-weight:600;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
@container (max-width:359px){.carousel .foot .by{display:none}}
@container (max-width:419px){.w.badge{gap:10px;padding:9px 10px}.w.badge>.g,.head>.g{display:none}.sum .count{font-size:12px}
 .w.badge .write{white-space:normal;text-align:center;justify-content:center;line-height:16px;font-size:13px;max-width:42%;max-width:42cqw;height:40px;padding:2px 10px}}
@media (prefers-reduced-motion:reduce){.track{scroll-behavior:auto}}
`
