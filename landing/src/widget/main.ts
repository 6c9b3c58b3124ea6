/*
 * The website widget's script, served as {APP_URL}/w/{code}.js (docs/decisions.md D49). The owner's snippet:
 *   <script async src="{APP_URL}/w/{code}.js"></script><div data-reviewroute="{code}" data-layout="carousel"></div>
 * It fills every div[data-reviewroute] of the page with data from the origin it was loaded from. Its only global is a
 * Symbol.for() key on window holding its scan, so a second copy of the script (pasted twice, or two widgets' snippets)
 * just scans again with the first one's state instead of drawing anything twice.
 */
import { fetchLoader, scan, scriptOrigin, type Loader } from './mount'

const KEY = Symbol.for('reviewroute.widget')
type Global = typeof window & { [KEY]?: () => void }

const origin = scriptOrigin()
const page = window as Global
if (origin) {
  if (typeof page[KEY] === 'function') {
    page[KEY]()
  } else {
    const load: Loader = fetchLoader(origin)
    page[KEY] = () => void scan(load)
    scan(load)
    // An async script can run before the parser has reached the snippet's div.
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => scan(load), { once: true })
  }
} else {
  console.warn('ReviewRoute widget: cannot tell where the script was loaded from')
}
