/*
 * What a phone shows that no page of the product draws, rendered as plain HTML for a journey's screenshots: a
 * WhatsApp chat as the WhatsApp stub recorded it (the number's messages with their buttons on the left, what the
 * person on the phone sent on the right), and a notification as the service worker handed it to Chromium
 * (registration.getNotifications(): headless Chromium keeps it but draws no shade).
 */

export const escapeHtml = (value) =>
  String(value ?? '').replace(/[&<>"]/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[character])

/** hh:mm in India. */
export const indiaTime = (at) =>
  new Date(at).toLocaleTimeString('en-IN', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'Asia/Kolkata' })

/** Escaped text with its tel: and http(s) links shown as WhatsApp shows links. */
const linked = (text) => escapeHtml(text).replace(/(tel:\+?\d+|https?:\/\/[^\s<]+)/g, '<span class="link">$1</span>')

/**
 * A person's chat with a WhatsApp number, in order: the number's messages (the stub's `sentTo(waId)`, each `{at, from:
 * 'business', message}`) and what the person sent (`{at, from: 'me', text}`).
 */
export function chatEntries(sent, written) {
  return [
    ...sent.map((message) => ({ at: message.sentAt.getTime(), from: 'business', message })),
    ...written.map((entry) => ({ ...entry, from: 'me' })),
  ].sort((a, b) => a.at - b.at)
}

/** The chat as a phone page: `title` in the bar, `subtitle` under it. */
export function chatPage(title, subtitle, entries) {
  const bubbles = entries.map((entry) => {
    if (entry.from === 'me') {
      return `<div class="row me"><div class="bubble me">${linked(entry.text)}<span class="time">${indiaTime(entry.at)} ✓✓</span></div></div>`
    }
    const { message } = entry
    const known = message.body !== undefined
    const parts = known
      ? [
          message.header ? `<div class="header">${escapeHtml(message.header)}</div>` : '',
          `<div>${linked(message.body)}</div>`,
          message.footer ? `<div class="footer">${escapeHtml(message.footer)}</div>` : '',
        ]
      : [`<div>${linked(message.text)}</div>`]
    const buttons = known
      ? message.buttons
          .map((button) => {
            const mark = button.url ? '↗ ' : button.kind === 'list' ? '☰ ' : button.kind === 'copy_code' ? '⧉ ' : '↩ '
            return `<div class="button">${mark}${escapeHtml(button.text)}</div>`
          })
          .join('')
      : ''
    return `<div class="row"><div class="message"><div class="bubble">${parts.join('')}<span class="time">${indiaTime(entry.at)}</span></div>${buttons}</div></div>`
  })
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<style>
  body { margin: 0; font: 15px/1.4 'Noto Sans', 'Noto Sans Devanagari', 'Noto Sans Tamil', 'DejaVu Sans', sans-serif; background: #efeae2; }
  .bar { position: sticky; top: 0; background: #075e54; color: #fff; padding: 12px 16px; font-weight: 600; }
  .bar small { display: block; font-weight: 400; opacity: 0.8; }
  .chat { padding: 12px 10px 24px; display: flex; flex-direction: column; gap: 8px; }
  .row { display: flex; }
  .row.me { justify-content: flex-end; }
  .message { max-width: 82%; display: flex; flex-direction: column; gap: 3px; }
  .bubble { background: #fff; border-radius: 8px; padding: 7px 9px 18px; position: relative; white-space: pre-wrap; word-break: break-word; box-shadow: 0 1px 0.5px rgba(0,0,0,0.13); min-width: 70px; }
  .bubble.me { background: #d9fdd3; max-width: 82%; }
  .header { font-weight: 700; margin-bottom: 4px; }
  .footer { color: #667781; font-size: 13px; margin-top: 4px; }
  .link { color: #027eb5; text-decoration: underline; }
  .time { position: absolute; right: 8px; bottom: 3px; font-size: 11px; color: #667781; }
  .button { background: #fff; border-radius: 8px; text-align: center; color: #027eb5; padding: 8px; font-weight: 500; box-shadow: 0 1px 0.5px rgba(0,0,0,0.13); }
</style></head>
<body><div class="bar">${escapeHtml(title)}<small>${escapeHtml(subtitle)}</small></div>
<div class="chat">${bubbles.join('\n')}</div></body></html>`
}

/**
 * A notification as an Android phone's shade draws one: `notification` is what getNotifications() answered ({title,
 * body, icon, badge, tag, data}), `site` the origin it came from, `at` when it arrived; `note` a line under the shade.
 */
export function notificationPage({ title, body, icon, badge }, { site, at, note }) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<style>
  body { margin: 0; min-height: 100vh; font: 15px/1.35 'Noto Sans', 'DejaVu Sans', sans-serif; background: linear-gradient(#1f2937, #111827); color: #e5e7eb; }
  .status { display: flex; justify-content: space-between; padding: 10px 18px 4px; font-size: 13px; }
  .clock { font-size: 44px; font-weight: 300; padding: 8px 18px 16px; }
  .card { margin: 0 10px; background: #f3f4f6; color: #111827; border-radius: 22px; padding: 14px 16px; display: flex; gap: 12px; }
  .badge { width: 22px; height: 22px; border-radius: 50%; background: #1d4ed8; flex: none; display: flex; align-items: center; justify-content: center; }
  .badge img { width: 16px; height: 16px; filter: brightness(0) invert(1); }
  .text { flex: 1; min-width: 0; }
  .meta { font-size: 12px; color: #4b5563; margin-bottom: 2px; }
  .title { font-weight: 700; }
  .body { color: #374151; overflow-wrap: anywhere; }
  .icon { width: 44px; height: 44px; border-radius: 10px; flex: none; }
  .note { margin: 18px 14px; font-size: 12px; color: #9ca3af; }
</style></head>
<body>
<div class="status"><span>${indiaTime(at)}</span><span>▾ ◢ ▮</span></div>
<div class="clock">${indiaTime(at)}</div>
<div class="card" role="alert">
  <div class="badge">${badge ? `<img src="${escapeHtml(badge)}" alt="">` : ''}</div>
  <div class="text">
    <div class="meta">Chrome · ${escapeHtml(site)} · now</div>
    <div class="title">${escapeHtml(title)}</div>
    <div class="body">${escapeHtml(body)}</div>
  </div>
  ${icon ? `<img class="icon" src="${escapeHtml(icon)}" alt="">` : ''}
</div>
${note ? `<p class="note">${escapeHtml(note)}</p>` : ''}
</body></html>`
}
