/*
 * The page a 4-5 star rating of a demo-catalogue listing reaches instead of Google (docs/decisions.md D59): the
 * listing is invented, so there is no Google review form to open. Plain HTML of its own, no script.
 */
import { escapeHtml } from '#lib/html'
import { DEMO_MARK } from '#contract/demo_places'

export const DEMO_GOOGLE_TITLE = 'This is a demo listing'
export const DEMO_GOOGLE_TEXT =
  'It comes from ReviewRoute’s example catalogue, so it has no Google review page. For a real business, the customer would now be writing their review on Google. Nothing was posted.'

export function demoGooglePage(name: string, back: string) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(name)} · ${DEMO_MARK}</title>
<style>
body{margin:0;padding:0 1rem;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f8fafc;color:#0f172a}
main{max-width:28rem;margin:12vh auto 0;padding:1.5rem;background:#fff;border:1px solid #e2e8f0;border-radius:12px}
.tag{display:inline-block;padding:.125rem .5rem;border-radius:999px;background:#fef3c7;color:#92400e;font-size:.8rem;font-weight:600}
h1{font-size:1.25rem;margin:.75rem 0 .25rem}
p{line-height:1.5;color:#334155}
a{color:#2563eb}
</style>
</head>
<body>
<main>
<span class="tag">${DEMO_MARK}</span>
<h1>${escapeHtml(name)}</h1>
<p><strong>${DEMO_GOOGLE_TITLE}.</strong> ${DEMO_GOOGLE_TEXT}</p>
<p><a href="${escapeHtml(back)}">Back to the rating page</a></p>
</main>
</body>
</html>
`
}
