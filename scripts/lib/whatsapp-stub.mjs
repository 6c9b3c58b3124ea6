/*
 * Meta's WhatsApp Business Platform on loopback, for the tests, the browser journey, the bench and the screenshots.
 * It stands in for three things, each in Meta's documented formats:
 *
 * - the Cloud API of the Graph API, under `/{version}/` (any version, v21.0 say): the Embedded Signup code exchange
 *   (`GET /oauth/access_token`), `POST /{waba-id}/subscribed_apps`, `POST /{phone-number-id}/register`,
 *   `GET /{phone-number-id}?fields=`, `/{waba-id}/message_templates`, `POST /{phone-number-id}/messages` and media
 *   (`GET /{media-id}`, then the download with the Bearer token), with Graph's error object
 *   `{error: {message, type, code, error_subcode, error_data, error_user_title, error_user_msg, fbtrace_id}}`;
 * - the JavaScript SDK (`/sdk.js`: `FB.init`, `FB.login`, `window.fbAsyncInit`) and its Embedded Signup popup
 *   (`/embedded-signup`), which posts `WA_EMBEDDED_SIGNUP` session messages (FINISH,
 *   FINISH_WHATSAPP_BUSINESS_APP_ONBOARDING, CANCEL, ERROR) to the page that opened it before login's callback
 *   gets the code;
 * - the webhooks Meta sends (object `whatsapp_business_account`, fields `messages`,
 *   `message_template_status_update`, `phone_number_quality_update`, `account_update`), signed with
 *   `X-Hub-Signature-256`.
 *
 * Everything it is sent is recorded; each message also as the customer would see it on their phone (`sentTo`).
 * Faults: `failNext` answers Meta's error for matching requests, `down()` refuses connections until `up()`.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto'
import { connect, createServer } from 'node:net'
import { startStubServer } from './stub-server.mjs'
export const WHATSAPP_STUB_APP_ID = '1234567890123456'
/** The Meta app's secret: the code exchange's client_secret and the webhooks' signing key. */
export const WHATSAPP_STUB_APP_SECRET = 'meta-app-secret-for-tests'
// ---------------------------------------------------------------------------------------------------------------
// Identifiers and Graph's errors
let sequence = 0
const GRAPH_ID_BASE = 100_000_000_000_000 + Math.floor(Math.random() * 800_000_000_000_000)
/** A Graph object id: 15 digits. */
const graphId = () => String(GRAPH_ID_BASE + ++sequence * 7919)
const traceId = () => randomBytes(18).toString('base64url').slice(0, 23)
const digits = (value) => value.replace(/\D/g, '')
const seconds = (time) => String(Math.floor((time instanceof Date ? time.getTime() : time) / 1000))
const wamid = (waId) =>
  `wamid.${Buffer.from(`\u0018\u000c${waId}\u0015\u0002\u0000\u0011\u0018\u0012${randomBytes(9).toString('hex').toUpperCase()}\u0000`).toString('base64')}`
/** '+91 98450 67890' for an Indian mobile (10 digits, or with 91 or 0 before), else '+' and the digits. */
export function formatDisplayNumber(input) {
  let number = digits(input)
  if (number.length === 11 && number.startsWith('0')) number = number.slice(1)
  if (number.length === 10) number = `91${number}`
  if (number.length === 12 && number.startsWith('91')) return `+91 ${number.slice(2, 7)} ${number.slice(7)}`
  return `+${number}`
}
/** The HMAC Meta puts in X-Hub-Signature-256: `sha256=<hex of HMAC-SHA256(raw body, app secret)>`. */
export function signWebhook(rawBody, appSecret) {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`
}
function metaError(error) {
  const { message, type = 'OAuthException', code, ...rest } = error
  return { error: { message, type, code, ...rest, fbtrace_id: traceId() } }
}
const invalidParameter = (details, subcode) =>
  metaError({
    message: '(#100) Invalid parameter',
    code: 100,
    ...(subcode ? { error_subcode: subcode } : {}),
    error_data: { messaging_product: 'whatsapp', details },
    error_user_title: 'Invalid parameter',
    error_user_msg: details,
  })
const unsupportedRequest = (method, id) =>
  metaError({
    message: `Unsupported ${method.toLowerCase()} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
    type: 'GraphMethodException',
    code: 100,
    error_subcode: 33,
  })
/** What `failNext` answers for a status, before the fault's own fields. */
function defaultFault(status) {
  if (status === 401) {
    return {
      message: 'Error validating access token: Session has expired.',
      code: 190,
      error_subcode: 463,
      error_user_title: 'Session expired',
      error_user_msg: 'Your session has expired. Connect WhatsApp again.',
    }
  }
  if (status === 403) {
    return {
      message: '(#10) Application does not have permission for this action',
      code: 10,
      error_user_title: 'Permission denied',
      error_user_msg: 'The app does not have permission for this action.',
    }
  }
  if (status === 429) {
    return {
      message: '(#130429) Rate limit hit',
      code: 130429,
      error_data: { messaging_product: 'whatsapp', details: 'Cloud API message throughput has been reached.' },
      error_user_title: 'Rate limit hit',
      error_user_msg: 'Too many messages were sent from this phone number. Try again later.',
    }
  }
  if (status >= 400 && status < 500) {
    return {
      message: '(#100) Invalid parameter',
      code: 100,
      error_user_title: 'Invalid parameter',
      error_user_msg: 'A parameter of the request is not valid.',
    }
  }
  if (status === 500) return { message: 'An unknown error has occurred.', code: 1, is_transient: true }
  return { message: 'Service temporarily unavailable', code: 2, is_transient: true }
}
// ---------------------------------------------------------------------------------------------------------------
// A voice note: Ogg with Opus in it (RFC 7845), silent
const CRC_TABLE = (() => {
  const table = new Uint32Array(256)
  for (let index = 0; index < 256; index++) {
    let remainder = index << 24
    for (let bit = 0; bit < 8; bit++) remainder = remainder & 0x80000000 ? (remainder << 1) ^ 0x04c11db7 : remainder << 1
    table[index] = remainder >>> 0
  }
  return table
})()
function oggPage(packets, page) {
  const lacing = []
  for (const packet of packets) {
    let left = packet.length
    for (; left >= 255; left -= 255) lacing.push(255)
    lacing.push(left)
  }
  const header = Buffer.alloc(27 + lacing.length)
  header.write('OggS', 0, 'latin1')
  header[5] = page.flags
  header.writeBigUInt64LE(BigInt(page.granule), 6)
  header.writeUInt32LE(page.serial, 14)
  header.writeUInt32LE(page.sequence, 18)
  header[26] = lacing.length
  Buffer.from(lacing).copy(header, 27)
  const bytes = Buffer.concat([header, ...packets])
  let crc = 0
  for (const byte of bytes) crc = ((crc << 8) ^ CRC_TABLE[((crc >>> 24) ^ byte) & 0xff]) >>> 0
  bytes.writeUInt32LE(crc, 22)
  return bytes
}
/** A valid Ogg Opus file of `seconds` of silence (mono, 48 kHz, 20 ms frames): what a WhatsApp voice note is. */
export function silentVoiceNote(duration = 1) {
  const serial = 0x52525754
  const preSkip = 312
  const head = Buffer.alloc(19)
  head.write('OpusHead', 0, 'latin1')
  head[8] = 1 // version
  head[9] = 1 // channels
  head.writeUInt16LE(preSkip, 10)
  head.writeUInt32LE(48_000, 12)
  const vendor = Buffer.from('ReviewRoute WhatsApp stub')
  const tags = Buffer.alloc(16 + vendor.length)
  tags.write('OpusTags', 0, 'latin1')
  tags.writeUInt32LE(vendor.length, 8)
  vendor.copy(tags, 12)
  // A CELT-only 20 ms frame that decodes to silence.
  const silence = Buffer.from([0xf8, 0xff, 0xfe])
  const frames = Math.max(1, Math.round(duration * 50))
  const pages = [
    oggPage([head], { serial, sequence: 0, granule: 0, flags: 0x02 }),
    oggPage([tags], { serial, sequence: 1, granule: 0, flags: 0 }),
  ]
  for (let done = 0; done < frames;) {
    const count = Math.min(50, frames - done)
    done += count
    pages.push(
      oggPage(
        Array.from({ length: count }, () => silence),
        {
          serial,
          sequence: pages.length,
          granule: done * 960,
          flags: done === frames ? 0x04 : 0,
        }
      )
    )
  }
  return Buffer.concat(pages)
}
// ---------------------------------------------------------------------------------------------------------------
// Webhook payloads (Meta's documented formats)
export function webhookEnvelope(wabaId, field, value, time) {
  return {
    object: 'whatsapp_business_account',
    entry: [{ id: wabaId, ...(time === undefined ? {} : { time: Number(seconds(time)) }), changes: [{ field, value }] }],
  }
}
/** The `messages` field: `value` carries contacts and messages (a customer's), or statuses (of the business's). */
export function messagesField(number, value) {
  return webhookEnvelope(number.wabaId, 'messages', {
    messaging_product: 'whatsapp',
    metadata: { display_phone_number: digits(number.displayPhoneNumber), phone_number_id: number.phoneNumberId },
    ...value,
  })
}
const UNDELIVERABLE = {
  code: 131026,
  title: 'Message undeliverable',
  message: 'Message undeliverable',
  error_data: { details: 'Message Undeliverable.' },
  href: 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/',
}
/** A status of a business message: sent, delivered, read or failed (with `errors`). */
export function statusUpdate(number, input) {
  const category = input.category ?? 'utility'
  return messagesField(number, {
    statuses: [
      {
        id: input.id,
        status: input.status,
        timestamp: seconds(input.timestamp ?? Date.now()),
        recipient_id: digits(input.recipientId),
        ...(input.callbackData === undefined ? {} : { biz_opaque_callback_data: input.callbackData }),
        ...(input.status === 'sent' || input.status === 'delivered'
          ? { pricing: { billable: category !== 'service', pricing_model: 'PMP', category, type: 'regular' } }
          : {}),
        ...(input.status === 'failed' ? { errors: input.errors ?? [UNDELIVERABLE] } : {}),
      },
    ],
  })
}
/** A customer's message: text, a template's quick reply (`button`), an interactive reply, or a voice note. */
export function inboundMessage(number, customer, message) {
  const from = digits(customer.waId)
  const common = {
    from,
    id: message.messageId ?? wamid(from),
    timestamp: seconds(message.timestamp ?? Date.now()),
    ...(message.contextId ? { context: { from: digits(number.displayPhoneNumber), id: message.contextId } } : {}),
  }
  let content
  switch (message.type) {
    case 'text':
      content = { type: 'text', text: { body: message.body } }
      break
    case 'button':
      content = { type: 'button', button: { payload: message.payload ?? message.text, text: message.text } }
      break
    case 'button_reply':
      content = { type: 'interactive', interactive: { type: 'button_reply', button_reply: { id: message.id, title: message.title } } }
      break
    case 'list_reply':
      content = {
        type: 'interactive',
        interactive: {
          type: 'list_reply',
          list_reply: { id: message.id, title: message.title, ...(message.description ? { description: message.description } : {}) },
        },
      }
      break
    case 'audio':
      content = {
        type: 'audio',
        audio: {
          mime_type: message.mimeType ?? 'audio/ogg; codecs=opus',
          sha256: message.sha256 ?? createHash('sha256').update(message.mediaId).digest('base64'),
          id: message.mediaId,
          voice: message.voice ?? true,
        },
      }
      break
  }
  return messagesField(number, {
    contacts: [{ profile: { name: customer.name ?? 'Customer' }, wa_id: from }],
    messages: [{ ...common, ...content }],
  })
}
export function templateStatusUpdate(wabaId, update) {
  return webhookEnvelope(
    wabaId,
    'message_template_status_update',
    {
      event: update.event,
      // A number in Meta's payload.
      message_template_id: Number(update.templateId),
      message_template_name: update.name,
      message_template_language: update.language,
      reason: update.reason ?? (update.event === 'REJECTED' ? 'INVALID_FORMAT' : 'NONE'),
      ...(update.event === 'PAUSED'
        ? { other_info: { title: 'FIRST_PAUSE', description: 'Your template has been paused for 3 hours due to low quality.' } }
        : {}),
    },
    update.time ?? Date.now()
  )
}
export function phoneQualityUpdate(wabaId, update) {
  return webhookEnvelope(
    wabaId,
    'phone_number_quality_update',
    { display_phone_number: digits(update.displayPhoneNumber), event: update.event, current_limit: update.currentLimit ?? 'TIER_1K' },
    update.time ?? Date.now()
  )
}
/** `extra`: the event's own objects (waba_info, ban_info, violation_info, restriction_info …). */
export function accountUpdate(wabaId, update) {
  return webhookEnvelope(
    wabaId,
    'account_update',
    { ...(update.phoneNumber ? { phone_number: digits(update.phoneNumber) } : {}), event: update.event, ...update.extra },
    update.time ?? Date.now()
  )
}
// ---------------------------------------------------------------------------------------------------------------
// Messages as the customer sees them
const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g
const placeholders = (text) => [...new Set([...(text ?? '').matchAll(PLACEHOLDER)].map((match) => match[1]))]
const length = (text) => [...text].length
function parameterText(parameter) {
  if (!parameter || typeof parameter !== 'object') return ''
  switch (parameter.type) {
    case 'text':
      return String(parameter.text ?? '')
    case 'currency':
      return String(parameter.currency?.fallback_value ?? parameter.currency?.amount_1000 / 1000)
    case 'date_time':
      return String(parameter.date_time?.fallback_value ?? '')
    case 'payload':
      return String(parameter.payload ?? '')
    case 'coupon_code':
      return String(parameter.coupon_code ?? '')
    default:
      return `[${parameter.type}]`
  }
}
function fill(text, parameters) {
  return text.replace(PLACEHOLDER, (whole, key) => {
    const parameter = /^\d+$/.test(key) ? parameters[Number(key) - 1] : parameters.find((candidate) => candidate?.parameter_name === key)
    return parameter === undefined ? whole : parameterText(parameter)
  })
}
function renderText(message) {
  const lines = []
  if (message.template && !message.template.known) {
    lines.push(`[template ${message.template.name} (${message.template.language})]`)
    for (const component of message.template.components) {
      const values = (component?.parameters ?? []).map(parameterText)
      if (values.length) lines.push(`${component.type}${component.index === undefined ? '' : ` ${component.index}`}: ${values.join(' | ')}`)
    }
  }
  if (message.header) lines.push(`*${message.header}*`)
  if (message.body !== undefined) lines.push(message.body)
  if (message.footer) lines.push(`_${message.footer}_`)
  for (const button of message.buttons)
    lines.push(`[ ${button.text || button.payload || button.kind} ]${button.url ? ` -> ${button.url}` : ''}`)
  for (const section of message.list?.sections ?? []) {
    if (section.title) lines.push(`  ${section.title}`)
    for (const row of section.rows) lines.push(`  - ${row.title}${row.description ? ` (${row.description})` : ''}`)
  }
  return lines.join('\n')
}
function mediaLabel(header) {
  const media = header?.[header?.type]
  return `[${header?.type}${media?.link ? `: ${media.link}` : ''}]`
}
/**
 * An authentication template's body and footer are Meta's own words (the template names only the options): the code
 * as the body's one parameter, the security line and the expiry when asked for.
 */
function withMetaText(template, component) {
  if (String(template.category).toUpperCase() !== 'AUTHENTICATION' || component.text) return component
  const type = component.type.toUpperCase()
  if (type === 'BODY') {
    const security = component.add_security_recommendation ? ' For your security, do not share this code.' : ''
    return { ...component, text: `{{1}} is your verification code.${security}` }
  }
  if (type === 'FOOTER' && component.code_expiration_minutes) {
    return { ...component, text: `This code expires in ${component.code_expiration_minutes} minutes.` }
  }
  return component
}

function renderTemplate(template, sent) {
  const sentComponents = Array.isArray(sent.components) ? sent.components : []
  const sentOf = (type) => sentComponents.find((component) => String(component?.type).toLowerCase() === type)
  const rendered = { buttons: [] }
  for (const stored of template.components) {
    const component = withMetaText(template, stored)
    const type = component.type.toUpperCase()
    if (type === 'HEADER' || type === 'BODY') {
      const parameters = sentOf(type.toLowerCase())?.parameters ?? []
      if (type === 'HEADER' && component.format && component.format.toUpperCase() !== 'TEXT') {
        rendered.header = parameters[0] ? mediaLabel(parameters[0]) : `[${component.format.toLowerCase()}]`
        continue
      }
      const expected = placeholders(component.text).length
      if (parameters.length !== expected) {
        return {
          refusal: metaError({
            message: '(#132000) Number of parameters does not match the expected number of params',
            code: 132000,
            error_data: {
              messaging_product: 'whatsapp',
              details: `${type.toLowerCase()}: number of localizable_params (${parameters.length}) does not match the expected number of params (${expected})`,
            },
          }),
        }
      }
      rendered[type === 'HEADER' ? 'header' : 'body'] = fill(component.text ?? '', parameters)
    } else if (type === 'FOOTER') {
      rendered.footer = component.text
    } else if (type === 'BUTTONS') {
      for (const [index, button] of (component.buttons ?? []).entries()) {
        const given = sentComponents.find(
          (candidate) => String(candidate?.type).toLowerCase() === 'button' && Number(candidate?.index) === index
        )
        const parameter = given?.parameters?.[0]
        const kind = button.type.toLowerCase()
        const seen = { kind, text: button.text }
        if (kind === 'quick_reply' && parameter?.payload !== undefined) seen.payload = String(parameter.payload)
        if (kind === 'url' && button.url) seen.url = fill(button.url, parameter ? [parameter] : [])
        if (kind === 'phone_number' && button.phone_number) seen.url = `tel:${button.phone_number}`
        if (kind === 'copy_code' && parameter) seen.payload = parameterText(parameter)
        rendered.buttons.push(seen)
      }
    }
  }
  return rendered
}
/** What a template the stub does not hold shows: only the buttons' payloads and links as passed. */
function renderUnknownTemplate(sent) {
  const buttons = []
  for (const component of Array.isArray(sent.components) ? sent.components : []) {
    if (String(component?.type).toLowerCase() !== 'button') continue
    const parameter = component.parameters?.[0]
    const kind = String(component.sub_type ?? 'button').toLowerCase()
    buttons.push({
      kind,
      text: '',
      ...(parameter?.type === 'payload' ? { payload: String(parameter.payload) } : {}),
      ...(kind === 'url' && parameter ? { url: parameterText(parameter) } : {}),
    })
  }
  return { buttons }
}
function tooLong(what, value, max) {
  if (typeof value === 'string' && length(value) >= 1 && length(value) <= max) return null
  return {
    refusal: metaError({
      message: '(#131009) Parameter value is not valid',
      code: 131009,
      error_data: { messaging_product: 'whatsapp', details: `${what} length invalid. Min length: 1, Max length: ${max}` },
    }),
  }
}
/** An interactive message's parts, with Meta's limits (the labels are counted in characters). */
function renderInteractive(interactive) {
  const type = String(interactive?.type ?? '')
  const rendered = { interactiveType: type, buttons: [] }
  const header = interactive?.header
  if (header) rendered.header = header.type === 'text' ? String(header.text ?? '') : mediaLabel(header)
  if (interactive?.body !== undefined) {
    const problem = tooLong('Body text', interactive.body?.text, 1024)
    if (problem) return problem
    rendered.body = interactive.body.text
  }
  if (interactive?.footer?.text !== undefined) {
    const problem = tooLong('Footer text', interactive.footer.text, 60)
    if (problem) return problem
    rendered.footer = interactive.footer.text
  }
  const action = interactive?.action ?? {}
  if (type === 'button') {
    const buttons = action.buttons ?? []
    if (buttons.length < 1 || buttons.length > 3)
      return { refusal: invalidParameter('buttons: between 1 and 3 reply buttons are allowed.') }
    for (const button of buttons) {
      const problem = tooLong('Button title', button?.reply?.title, 20) ?? tooLong('Button id', button?.reply?.id, 256)
      if (problem) return problem
      rendered.buttons.push({ kind: 'reply', text: button.reply.title, id: button.reply.id })
    }
    const titles = buttons.map((button) => button.reply.title)
    if (new Set(titles).size !== titles.length) return { refusal: invalidParameter('Button titles must be unique.') }
  } else if (type === 'list') {
    const problem = tooLong('Button text', action.button, 20)
    if (problem) return problem
    const sections = action.sections ?? []
    const rows = sections.flatMap((section) => section?.rows ?? [])
    if (sections.length < 1 || sections.length > 10 || rows.length < 1 || rows.length > 10) {
      return { refusal: invalidParameter('A list must have 1 to 10 sections and 1 to 10 rows in all.') }
    }
    for (const row of rows) {
      const rowProblem =
        tooLong('Row title', row?.title, 24) ??
        tooLong('Row id', row?.id, 200) ??
        (row?.description === undefined ? null : tooLong('Row description', row.description, 72))
      if (rowProblem) return rowProblem
    }
    rendered.buttons.push({ kind: 'list', text: action.button })
    rendered.list = {
      button: action.button,
      sections: sections.map((section) => ({
        ...(section.title ? { title: section.title } : {}),
        rows: (section.rows ?? []).map((row) => ({
          id: row.id,
          title: row.title,
          ...(row.description ? { description: row.description } : {}),
        })),
      })),
    }
  } else if (type === 'cta_url') {
    const parameters = action.parameters ?? {}
    const problem = tooLong('Display text', parameters.display_text, 20)
    if (problem) return problem
    if (typeof parameters.url !== 'string' || !/^https?:\/\//.test(parameters.url))
      return { refusal: invalidParameter('url: a valid URL is required.') }
    rendered.buttons.push({ kind: 'cta_url', text: parameters.display_text, url: parameters.url })
  }
  return rendered
}
// ---------------------------------------------------------------------------------------------------------------
// The JavaScript SDK and the Embedded Signup popup
const escapeHtml = (value) =>
  String(value ?? '').replace(
    /[&<>"']/g,
    (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]
  )
/** JSON for an inline script: no `</script>` can end it early. */
const scriptJson = (value) => JSON.stringify(value).replace(/</g, '\\u003c')
/** `window.FB` as the page uses it for Embedded Signup: init, login (a popup on the stub), and fbAsyncInit called. */
function sdkSource(origin) {
  return `/* A stand-in for Meta's JavaScript SDK (connect.facebook.net/en_US/sdk.js), served by the WhatsApp stub. */
(function () {
  'use strict';
  var STUB = ${scriptJson(origin)};
  if (window.FB && window.FB.__whatsappStub) return;
  var settings = null;
  var pending = null;

  function finish(response) {
    if (!pending) return;
    var callback = pending.callback;
    clearTimeout(pending.timer);
    pending = null;
    if (typeof callback === 'function') callback(response);
  }

  // The popup is on the stub's origin: its outcome is fetched from the stub, so the page's message listeners see
  // only what Meta's popup posts (the WA_EMBEDDED_SIGNUP session messages).
  function poll() {
    var current = pending;
    if (!current) return;
    fetch(STUB + '/embedded-signup/result?session=' + encodeURIComponent(current.session), { cache: 'no-store' })
      .then(function (answer) { return answer.json(); })
      .then(function (result) {
        if (pending !== current) return;
        if (result.status === 'done') return finish(result.response);
        if (current.popup.closed && ++current.closedPolls > 2) return finish({ authResponse: null, status: 'unknown' });
        current.timer = setTimeout(poll, 150);
      }, function () {
        if (pending !== current) return;
        if (current.popup.closed) return finish({ authResponse: null, status: 'unknown' });
        current.timer = setTimeout(poll, 500);
      });
  }

  window.FB = {
    __whatsappStub: true,
    init: function (params) {
      settings = Object.assign({}, params || {});
    },
    login: function (callback, options) {
      if (!settings || !settings.appId) {
        console.error('FB.login() called before FB.init().');
        return;
      }
      if (pending) {
        pending.popup.focus();
        return;
      }
      options = options || {};
      var session = Math.random().toString(16).slice(2) + Date.now().toString(16);
      var query = new URLSearchParams({
        session: session,
        app_id: String(settings.appId),
        config_id: String(options.config_id || ''),
        response_type: String(options.response_type || 'token'),
        extras: JSON.stringify(options.extras || {}),
        sdk_version: String(settings.version || ''),
        origin: window.location.origin
      });
      var left = Math.max(0, (window.screenX || 0) + ((window.outerWidth || 800) - 600) / 2);
      var popup = window.open(STUB + '/embedded-signup?' + query.toString(), 'whatsapp_embedded_signup_' + session, 'popup=yes,width=600,height=760,left=' + left + ',top=40');
      if (!popup) {
        if (typeof callback === 'function') callback({ authResponse: null, status: 'unknown' });
        return;
      }
      pending = { callback: callback, popup: popup, session: session, closedPolls: 0, timer: 0 };
      pending.timer = setTimeout(poll, 150);
    },
    getLoginStatus: function (callback) {
      if (typeof callback === 'function') callback({ authResponse: null, status: 'unknown' });
    },
    getAuthResponse: function () {
      return null;
    },
    logout: function (callback) {
      if (typeof callback === 'function') callback({ authResponse: null, status: 'unknown' });
    },
    AppEvents: { logEvent: function () {}, logPageView: function () {} },
    Event: { subscribe: function () {}, unsubscribe: function () {} },
    XFBML: { parse: function () {} }
  };

  if (typeof window.fbAsyncInit === 'function' && !window.fbAsyncInit.hasRun) {
    window.fbAsyncInit.hasRun = true;
    window.fbAsyncInit();
  }
})();
`
}
function businessPhone(phone) {
  if (typeof phone === 'string') return phone
  if (phone && typeof phone === 'object') {
    const { code, number } = phone
    return formatDisplayNumber(`${code ?? ''}${number ?? ''}`)
  }
  return ''
}
/** The popup: Meta's dialog, plainly. */
function popupPage(signup, autopilot) {
  const business = signup.extras?.setup?.business ?? {}
  const coexistenceOffered = signup.extras?.featureType === 'whatsapp_business_app_onboarding'
  const phone = businessPhone(business.phone) || '+91 98450 67890'
  const field = (label, value) =>
    `<div class="row"><span class="label">${label}</span><span class="value">${escapeHtml(value) || '<em>not given</em>'}</span></div>`
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Connect WhatsApp Business</title>
<style>
  body { margin: 0; font: 14px/1.4 Helvetica, Arial, sans-serif; color: #1c1e21; background: #f0f2f5; }
  header { background: #fff; border-bottom: 1px solid #dadde1; padding: 12px 20px; font-weight: bold; font-size: 16px; }
  header small { display: block; font-weight: normal; color: #606770; font-size: 12px; }
  main { max-width: 520px; margin: 16px auto; background: #fff; border: 1px solid #dadde1; border-radius: 8px; padding: 20px; }
  h1 { font-size: 20px; margin: 0 0 4px; }
  h2 { font-size: 15px; margin: 20px 0 8px; }
  p { color: #606770; margin: 0 0 12px; }
  .row { display: flex; gap: 12px; padding: 6px 0; border-bottom: 1px solid #f0f2f5; }
  .label { width: 130px; color: #606770; }
  .value { flex: 1; word-break: break-word; }
  label.choice { display: block; border: 1px solid #dadde1; border-radius: 6px; padding: 10px 12px; margin: 8px 0; cursor: pointer; }
  label.choice small { display: block; color: #606770; margin-left: 22px; }
  input[type=text] { width: 100%; box-sizing: border-box; padding: 8px; border: 1px solid #ccd0d5; border-radius: 6px; font: inherit; }
  .field { margin: 10px 0; }
  .field span { display: block; color: #606770; margin-bottom: 4px; }
  footer { display: flex; gap: 8px; justify-content: flex-end; margin-top: 20px; }
  button { font: inherit; font-weight: bold; padding: 8px 16px; border-radius: 6px; border: 1px solid #ccd0d5; background: #e4e6eb; color: #1c1e21; cursor: pointer; }
  button.primary { background: #1877f2; border-color: #1877f2; color: #fff; }
  button.fail { background: #fff; color: #c62828; border-color: #e0b4b4; margin-right: auto; }
  .note { color: #8a8d91; font-size: 12px; text-align: center; margin: 12px; }
</style>
</head>
<body>
<header>WhatsApp Business<small>Embedded Signup for app ${escapeHtml(signup.appId)}</small></header>
<main>
  <h1>Connect your business to WhatsApp</h1>
  <p>The app will be able to send and receive messages with your WhatsApp Business account.</p>
  <h2>Your business</h2>
  ${field('Business name', business.name)}
  ${field('Phone', businessPhone(business.phone))}
  ${field('Website', Array.isArray(business.website) ? business.website.join(', ') : business.website)}
  <h2>WhatsApp number</h2>
  <label class="choice"><input type="radio" name="choice" value="new" checked> Use a new number
    <small>A number that is not on WhatsApp yet: it will be verified and used with the API.</small></label>
  ${
    coexistenceOffered
      ? `<label class="choice"><input type="radio" name="choice" value="coexistence"> Use my WhatsApp Business app number (coexistence)
    <small>Keep using the WhatsApp Business app on your phone; chats stay in sync.</small></label>`
      : ''
  }
  <label class="field"><span>Phone number</span><input type="text" name="phone" value="${escapeHtml(phone)}"></label>
  <label class="field"><span>Display name</span><input type="text" name="verified_name" value="${escapeHtml(business.name ?? 'My Business')}"></label>
  <footer>
    <button type="button" class="fail" data-action="fail">Fail</button>
    <button type="button" data-action="cancel">Cancel</button>
    <button type="button" class="primary" data-action="finish">Finish</button>
  </footer>
</main>
<div class="note">A loopback stand-in for Meta's Embedded Signup.</div>
<script>
(function () {
  var SESSION = ${scriptJson(signup.session)};
  var AUTOPILOT = ${scriptJson(autopilot)};
  var busy = false;
  function act(action) {
    if (busy) return;
    busy = true;
    var chosen = document.querySelector('input[name=choice]:checked');
    var body = {
      session: SESSION,
      action: action,
      choice: chosen ? chosen.value : 'new',
      phone: document.querySelector('input[name=phone]').value,
      verifiedName: document.querySelector('input[name=verified_name]').value
    };
    fetch('/embedded-signup/complete', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      .then(function (answer) { return answer.json(); })
      .then(function (out) {
        // Meta posts the session message as a JSON string, to any origin.
        if (window.opener) window.opener.postMessage(JSON.stringify(out.message), '*');
        return fetch('/embedded-signup/release', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ session: SESSION }) });
      })
      .then(function () {
        document.querySelector('main').innerHTML = '<h1>' + (action === 'finish' ? 'You are all set' : 'Closed') + '</h1>';
        setTimeout(function () { window.close(); }, 100);
      });
  }
  Array.prototype.forEach.call(document.querySelectorAll('button[data-action]'), function (button) {
    button.addEventListener('click', function () { act(button.getAttribute('data-action')); });
  });
  if (AUTOPILOT) {
    setTimeout(function () {
      var choice = document.querySelector('input[name=choice][value="' + (AUTOPILOT.choice || 'new') + '"]');
      if (choice) choice.checked = true;
      act(AUTOPILOT.action);
    }, AUTOPILOT.delayMs || 300);
  }
})();
</script>
</body>
</html>
`
}
const DEFAULT_NUMBER_FIELDS = [
  'verified_name',
  'code_verification_status',
  'display_phone_number',
  'quality_rating',
  'platform_type',
  'throughput',
  'id',
]
const DEFAULT_TEMPLATE_FIELDS = ['name', 'parameter_format', 'components', 'language', 'status', 'category', 'id']
const TEMPLATE_FIELDS = new Set([...DEFAULT_TEMPLATE_FIELDS, 'rejected_reason', 'quality_score', 'sub_category'])
const CATEGORIES = new Set(['MARKETING', 'UTILITY', 'AUTHENTICATION'])
const LANGUAGE_NAMES = {
  en: 'English',
  en_US: 'English (US)',
  en_GB: 'English (UK)',
  hi: 'Hindi',
  bn: 'Bengali',
  mr: 'Marathi',
  te: 'Telugu',
  ta: 'Tamil',
  gu: 'Gujarati',
  kn: 'Kannada',
  ml: 'Malayalam',
}
const DAY_MS = 24 * 3600_000
function parseBody(raw) {
  if (!raw.body) return undefined
  try {
    return JSON.parse(raw.body)
  } catch {
    return Object.fromEntries(new URLSearchParams(raw.body))
  }
}
function listen(server, port) {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
}
/** Starts the stub on a free loopback port. */
export async function startWhatsAppStub(options = {}) {
  const appId = options.appId ?? WHATSAPP_STUB_APP_ID
  const appSecret = options.appSecret ?? WHATSAPP_STUB_APP_SECRET
  const now = options.now ?? Date.now
  const codes = new Map()
  const usedCodes = new Set()
  const tokens = new Map()
  const revoked = new Set()
  const wabas = new Map()
  const lastInbound = new Map()
  const results = new Map()
  let faults = []
  let plan = {}
  let autopilot = null
  let unavailable = false
  const door = { listening: true, port: 0, server: null, sockets: new Set() }
  const stub = {
    appId,
    appSecret,
    requests: [],
    templates: [],
    messages: [],
    numbers: new Map(),
    media: new Map(),
    signups: [],
    subscriptions: [],
    reads: [],
  }
  const webhookNumber = (number) => ({
    wabaId: number.wabaId,
    phoneNumberId: number.id,
    displayPhoneNumber: number.fields.display_phone_number,
  })
  function addNumber(input) {
    const coexistence = input.coexistence ?? false
    const registered = input.registered ?? true
    const businessId = input.businessId ?? wabas.get(input.wabaId)?.businessId ?? graphId()
    const verifiedName = input.verifiedName ?? 'Chai Point'
    if (!wabas.has(input.wabaId)) wabas.set(input.wabaId, { id: input.wabaId, businessId, name: verifiedName })
    const number = {
      id: input.id,
      wabaId: input.wabaId,
      businessId,
      coexistence,
      registeredPin: null,
      fields: {
        verified_name: verifiedName,
        display_phone_number: formatDisplayNumber(input.displayPhoneNumber ?? '+91 98450 67890'),
        quality_rating: 'GREEN',
        code_verification_status: 'VERIFIED',
        name_status: 'APPROVED',
        platform_type: registered || coexistence ? 'CLOUD_API' : 'NOT_APPLICABLE',
        status: registered || coexistence ? 'CONNECTED' : 'PENDING',
        messaging_limit_tier: 'TIER_1K',
        throughput: { level: 'STANDARD' },
        is_official_business_account: false,
        account_mode: 'LIVE',
        is_on_biz_app: coexistence,
        ...input.fields,
      },
    }
    stub.numbers.set(number.id, number)
    return number
  }
  function issueToken(wabaId) {
    const token = `EAAG${randomBytes(24).toString('base64url')}`
    tokens.set(token, { wabaIds: wabaId ? new Set([wabaId]) : 'all' })
    return token
  }
  function issueCode(grant) {
    if (!stub.numbers.has(grant.phoneNumberId)) {
      addNumber({
        id: grant.phoneNumberId,
        wabaId: grant.wabaId,
        businessId: grant.businessId,
        coexistence: grant.coexistence,
        registered: grant.registered ?? false,
        displayPhoneNumber: grant.displayPhoneNumber,
        verifiedName: grant.verifiedName,
      })
    }
    const code = `AQ${randomBytes(32).toString('base64url')}`
    codes.set(code, grant)
    return code
  }
  function seed() {
    for (const token of options.accessTokens ?? []) tokens.set(token, { wabaIds: 'all' })
    for (const number of options.numbers ?? []) addNumber(number)
  }
  // --- Graph API -------------------------------------------------------------------------------------------------
  function tokenOf(raw, params) {
    const header = String(raw.headers.authorization ?? '')
    const match = /^(?:Bearer|OAuth)\s+(.+)$/i.exec(header)
    return match ? match[1].trim() : typeof params.access_token === 'string' ? params.access_token : ''
  }
  function authenticate(token) {
    const grant = tokens.get(token)
    if (grant && !revoked.has(token)) return grant
    return {
      status: 401,
      headers: { 'www-authenticate': 'OAuth "Facebook Platform" "invalid_token" "Invalid OAuth access token"' },
      body: revoked.has(token)
        ? metaError({
            message:
              'Error validating access token: The session has been invalidated because the user changed their password or Facebook has changed the session for security reasons.',
            code: 190,
            error_subcode: 460,
          })
        : metaError({ message: 'Invalid OAuth access token - Cannot parse access token', code: 190 }),
    }
  }
  const may = (grant, wabaId) => grant.wabaIds === 'all' || grant.wabaIds.has(wabaId)
  function exchange(params) {
    const grant = codes.get(String(params.code ?? ''))
    if (String(params.client_id ?? '') !== appId) {
      return { status: 400, body: metaError({ message: 'Error validating application. Invalid application ID.', code: 101 }) }
    }
    if (String(params.client_secret ?? '') !== appSecret) {
      return { status: 400, body: metaError({ message: 'Error validating client secret.', code: 100 }) }
    }
    if (!grant) {
      return {
        status: 400,
        body: usedCodes.has(String(params.code))
          ? metaError({ message: 'This authorization code has been used.', code: 100, error_subcode: 36009 })
          : metaError({
              message:
                'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
              code: 100,
              error_subcode: 36008,
            }),
      }
    }
    codes.delete(String(params.code))
    usedCodes.add(String(params.code))
    return { status: 200, body: { access_token: issueToken(grant.wabaId), token_type: 'bearer' } }
  }
  function numberFields(number, fieldsParam) {
    const asked =
      typeof fieldsParam === 'string' && fieldsParam.trim() ? fieldsParam.split(',').map((field) => field.trim()) : DEFAULT_NUMBER_FIELDS
    const body = {}
    for (const field of asked) {
      if (field === 'id') continue
      if (!(field in number.fields)) {
        return {
          status: 400,
          body: metaError({
            message: `(#100) Tried accessing nonexisting field (${field}) on node type (WhatsAppBusinessPhoneNumber)`,
            code: 100,
          }),
        }
      }
      body[field] = number.fields[field]
    }
    return { status: 200, body: { ...body, id: number.id } }
  }
  function createTemplate(wabaId, params) {
    const name = params.name
    const language = params.language
    const category = String(params.category ?? '').toUpperCase()
    let components = params.components
    if (typeof components === 'string') components = JSON.parse(components)
    if (typeof name !== 'string' || !/^[a-z0-9_]{1,512}$/.test(name)) {
      return { status: 400, body: invalidParameter('name: template names may only contain lowercase letters, digits and underscores.') }
    }
    if (typeof language !== 'string' || !language) return { status: 400, body: invalidParameter('language: a language code is required.') }
    if (!CATEGORIES.has(category)) return { status: 400, body: invalidParameter(`category: ${params.category} is not a valid category.`) }
    if (!Array.isArray(components) || !components.some((component) => String(component?.type).toUpperCase() === 'BODY')) {
      return { status: 400, body: invalidParameter('components: a BODY component is required.') }
    }
    if (stub.templates.some((template) => template.wabaId === wabaId && template.name === name && template.language === language)) {
      return {
        status: 400,
        body: metaError({
          message: 'Invalid parameter',
          code: 100,
          error_subcode: 2388024,
          is_transient: false,
          error_user_title: 'Content in This Language Already Exists',
          error_user_msg: `There is already ${LANGUAGE_NAMES[language] ?? language} content for this template. You can create a new template and try again.`,
        }),
      }
    }
    const template = {
      id: graphId(),
      wabaId,
      name,
      language,
      category,
      status: options.autoApprove ? 'APPROVED' : 'PENDING',
      rejected_reason: 'NONE',
      parameter_format: String(params.parameter_format ?? '').toUpperCase() === 'NAMED' ? 'NAMED' : 'POSITIONAL',
      components: components.map((component) => ({
        ...component,
        type: String(component.type).toUpperCase(),
        ...(component.format ? { format: String(component.format).toUpperCase() } : {}),
        ...(Array.isArray(component.buttons)
          ? { buttons: component.buttons.map((button) => ({ ...button, type: String(button.type).toUpperCase() })) }
          : {}),
      })),
    }
    stub.templates.push(template)
    return { status: 200, body: { id: template.id, status: template.status, category: template.category } }
  }
  function listTemplates(wabaId, path, params) {
    const fields =
      typeof params.fields === 'string' && params.fields.trim()
        ? params.fields.split(',').map((field) => field.trim())
        : DEFAULT_TEMPLATE_FIELDS
    const unknown = fields.find((field) => !TEMPLATE_FIELDS.has(field))
    if (unknown) {
      return {
        status: 400,
        body: metaError({
          message: `(#100) Tried accessing nonexisting field (${unknown}) on node type (WhatsAppMessageTemplate)`,
          code: 100,
        }),
      }
    }
    const held = stub.templates.filter(
      (template) =>
        template.wabaId === wabaId &&
        (params.name === undefined || template.name.includes(String(params.name))) &&
        (params.status === undefined || template.status === String(params.status).toUpperCase()) &&
        (params.language === undefined || template.language === String(params.language)) &&
        (params.category === undefined || template.category === String(params.category).toUpperCase())
    )
    const limit = Math.min(Math.max(Number(params.limit) || 25, 1), 1000)
    const cursor = (index) => Buffer.from(`template:${index}`).toString('base64url')
    const position = (value) => Number(Buffer.from(String(value), 'base64url').toString().split(':')[1]) || 0
    const start = params.after !== undefined ? position(params.after) + 1 : 0
    const page = held.slice(start, start + limit)
    const data = page.map((template) => {
      const shown = {}
      for (const field of fields) {
        shown[field] = field === 'quality_score' ? { score: 'UNKNOWN' } : field === 'sub_category' ? undefined : template[field]
      }
      return shown
    })
    const paging = {}
    if (page.length) {
      paging.cursors = { before: cursor(start), after: cursor(start + page.length - 1) }
      const query = new URLSearchParams({ fields: fields.join(','), limit: String(limit), after: cursor(start + page.length - 1) })
      if (start + page.length < held.length) paging.next = `${stub.url}${path}?${query}`
    } else {
      paging.cursors = {}
    }
    return { status: 200, body: { data, paging } }
  }
  function deleteTemplate(wabaId, params) {
    const doomed = stub.templates.filter(
      (template) =>
        template.wabaId === wabaId &&
        template.name === params.name &&
        (params.hsm_id === undefined || template.id === String(params.hsm_id))
    )
    if (!doomed.length) return { status: 400, body: invalidParameter(`Message template "${params.name}" was not found.`) }
    for (const template of doomed) stub.templates.splice(stub.templates.indexOf(template), 1)
    return { status: 200, body: { success: true } }
  }
  function register(number, params) {
    if (params.messaging_product !== 'whatsapp') {
      return { status: 400, body: metaError({ message: '(#100) The parameter messaging_product is required.', code: 100 }) }
    }
    const pin = String(params.pin ?? '')
    if (!/^\d{6}$/.test(pin)) return { status: 400, body: invalidParameter('pin: the PIN must be a 6-digit number.') }
    if (number.registeredPin !== null && number.registeredPin !== pin) {
      return {
        status: 400,
        body: metaError({
          message: '(#133005) Two step verification PIN Mismatch',
          code: 133005,
          error_data: { messaging_product: 'whatsapp', details: 'Two-step verification PIN incorrect.' },
        }),
      }
    }
    number.registeredPin = pin
    number.fields.platform_type = 'CLOUD_API'
    number.fields.status = 'CONNECTED'
    return { status: 200, body: { success: true } }
  }
  function sendMessage(number, params) {
    if (params.messaging_product !== 'whatsapp') {
      return { status: 400, body: metaError({ message: '(#100) The parameter messaging_product is required.', code: 100 }) }
    }
    if (params.status === 'read') {
      if (typeof params.message_id !== 'string')
        return { status: 400, body: metaError({ message: '(#100) The parameter message_id is required.', code: 100 }) }
      stub.reads.push({ phoneNumberId: number.id, messageId: params.message_id, typingIndicator: Boolean(params.typing_indicator) })
      return { status: 200, body: { success: true } }
    }
    if (number.fields.platform_type !== 'CLOUD_API') {
      return {
        status: 400,
        body: metaError({
          message: '(#133010) Account not registered',
          code: 133010,
          error_data: { messaging_product: 'whatsapp', details: 'Account not registered' },
        }),
      }
    }
    if (typeof params.to !== 'string' || !digits(params.to))
      return { status: 400, body: metaError({ message: '(#100) The parameter to is required.', code: 100 }) }
    const type = String(params.type ?? 'text')
    const to = digits(params.to)
    let rendered
    let template
    if (type === 'template') {
      const sent = params.template ?? {}
      const language = String(sent.language?.code ?? '')
      if (!sent.name || !language) return { status: 400, body: invalidParameter('template: name and language.code are required.') }
      const sameName = stub.templates.filter((candidate) => candidate.wabaId === number.wabaId && candidate.name === sent.name)
      const held = sameName.find((candidate) => candidate.language === language)
      if (sameName.length && (!held || held.status === 'PENDING' || held.status === 'REJECTED')) {
        return {
          status: 404,
          body: metaError({
            message: '(#132001) Template name does not exist in the translation',
            code: 132001,
            error_data: { messaging_product: 'whatsapp', details: `template name (${sent.name}) does not exist in ${language}` },
          }),
        }
      }
      if (held?.status === 'PAUSED' || held?.status === 'DISABLED') {
        const paused = held.status === 'PAUSED'
        return {
          status: 400,
          body: metaError({
            message: paused ? '(#132015) Template is Paused' : '(#132016) Template is disabled',
            code: paused ? 132015 : 132016,
            error_data: {
              messaging_product: 'whatsapp',
              details: `Template ${sent.name} is ${paused ? 'paused' : 'disabled'} due to low quality.`,
            },
          }),
        }
      }
      rendered = held ? renderTemplate(held, sent) : renderUnknownTemplate(sent)
      template = {
        name: sent.name,
        language,
        known: Boolean(held),
        ...(held ? { id: held.id, category: held.category } : {}),
        components: Array.isArray(sent.components) ? sent.components : [],
      }
    } else if (type === 'interactive') {
      rendered = renderInteractive(params.interactive)
    } else if (type === 'text') {
      rendered = tooLong('Text body', params.text?.body, 4096) ?? { body: params.text.body, buttons: [] }
    } else {
      const media = params[type] ?? {}
      rendered = { body: media.caption ?? `[${type}${media.link ? `: ${media.link}` : media.id ? ` ${media.id}` : ''}]`, buttons: [] }
    }
    if ('refusal' in rendered) return { status: 400, body: rendered.refusal }
    const id = wamid(to)
    const outsideWindow =
      options.serviceWindow && type !== 'template' && now() - (lastInbound.get(`${number.id}:${to}`) ?? -Infinity) > DAY_MS
    const message = {
      id,
      phoneNumberId: number.id,
      wabaId: number.wabaId,
      to,
      type,
      sentAt: new Date(now()),
      request: params,
      ...(template ? { template } : {}),
      ...rendered,
      ...(typeof params.biz_opaque_callback_data === 'string' ? { callbackData: params.biz_opaque_callback_data } : {}),
      ...(params.context?.message_id ? { replyTo: String(params.context.message_id) } : {}),
      ...(outsideWindow
        ? {
            failure: {
              code: 131047,
              title: 'Re-engagement message',
              message: 'Re-engagement message',
              error_data: {
                details: 'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
              },
              href: 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/',
            },
          }
        : {}),
    }
    stub.messages.push({ ...message, text: renderText(message) })
    return {
      status: 200,
      body: {
        messaging_product: 'whatsapp',
        contacts: [{ input: params.to, wa_id: to }],
        messages: [{ id, ...(type === 'template' ? { message_status: 'accepted' } : {}) }],
      },
    }
  }
  function graph(method, raw, path, segments, params) {
    const [object, edge, ...rest] = segments
    if (object === 'oauth' && edge === 'access_token' && !rest.length) return exchange(params)
    const auth = authenticate(tokenOf(raw, params))
    if ('status' in auth) return auth
    if (!object || rest.length) {
      return { status: 400, body: metaError({ message: `Unknown path components: /${segments.slice(1).join('/')}`, code: 2500 }) }
    }
    const number = stub.numbers.get(object)
    const waba = wabas.get(object)
    const media = stub.media.get(object)
    const visible = (number && may(auth, number.wabaId)) || (waba && may(auth, waba.id)) || media
    if (!visible) return { status: 400, body: unsupportedRequest(method, object) }
    if (edge === undefined) {
      if (method === 'GET' && media) {
        return {
          status: 200,
          body: {
            messaging_product: 'whatsapp',
            url: `${stub.url}/media-download/${media.id}`,
            mime_type: media.mimeType,
            sha256: media.sha256,
            file_size: media.bytes.length,
            id: media.id,
          },
        }
      }
      if (method === 'DELETE' && media) {
        stub.media.delete(media.id)
        return { status: 200, body: { success: true } }
      }
      if (method === 'GET' && number) return numberFields(number, params.fields)
      if (method === 'GET' && waba) {
        return {
          status: 200,
          body: {
            id: waba.id,
            name: waba.name,
            currency: 'INR',
            timezone_id: '71',
            message_template_namespace: createHash('sha256').update(waba.id).digest('hex').slice(0, 36),
            account_review_status: 'APPROVED',
            owner_business_info: { id: waba.businessId, name: waba.name },
          },
        }
      }
      return { status: 400, body: unsupportedRequest(method, object) }
    }
    if (waba && edge === 'subscribed_apps') {
      if (method === 'POST') {
        stub.subscriptions.push(waba.id)
        return { status: 200, body: { success: true } }
      }
      if (method === 'DELETE') {
        for (let index; (index = stub.subscriptions.indexOf(waba.id)) >= 0;) stub.subscriptions.splice(index, 1)
        return { status: 200, body: { success: true } }
      }
      const subscribed = stub.subscriptions.includes(waba.id)
      return {
        status: 200,
        body: {
          data: subscribed
            ? [{ whatsapp_business_api_data: { id: appId, name: 'ReviewRoute', link: 'https://www.facebook.com/games/?app_id=' + appId } }]
            : [],
        },
      }
    }
    if (waba && edge === 'phone_numbers' && method === 'GET') {
      const data = [...stub.numbers.values()]
        .filter((candidate) => candidate.wabaId === waba.id)
        .map((candidate) => numberFields(candidate, params.fields).body)
      return { status: 200, body: { data, paging: { cursors: {} } } }
    }
    if (waba && edge === 'message_templates') {
      if (method === 'POST') return createTemplate(waba.id, params)
      if (method === 'DELETE') return deleteTemplate(waba.id, params)
      return listTemplates(waba.id, path, params)
    }
    if (number && method === 'POST' && edge === 'register') return register(number, params)
    if (number && method === 'POST' && edge === 'deregister') {
      number.registeredPin = null
      number.fields.platform_type = 'NOT_APPLICABLE'
      number.fields.status = 'DISCONNECTED'
      return { status: 200, body: { success: true } }
    }
    if (number && method === 'POST' && edge === 'messages') return sendMessage(number, params)
    return { status: 400, body: metaError({ message: `(#100) Unknown path components: /${edge}`, code: 100 }) }
  }
  // --- Embedded Signup -------------------------------------------------------------------------------------------
  function completeSignup(params) {
    const signup = stub.signups.find((candidate) => candidate.session === params.session)
    if (!signup || signup.outcome !== 'open') return { status: 404, body: { error: 'No open signup for this session' } }
    if (params.action === 'cancel') {
      signup.outcome = 'CANCEL'
      signup.message = { type: 'WA_EMBEDDED_SIGNUP', event: 'CANCEL', data: { current_step: 'PHONE_NUMBER_SETUP' }, version: '4' }
      results.set(signup.session, { released: false, response: { authResponse: null, status: 'unknown' } })
    } else if (params.action === 'fail') {
      signup.outcome = 'ERROR'
      signup.message = {
        type: 'WA_EMBEDDED_SIGNUP',
        event: 'ERROR',
        data: {
          error_message: 'Your business portfolio could not be verified',
          error_id: '524126',
          session_id: signup.session,
          timestamp: seconds(now()),
        },
        version: '4',
      }
      results.set(signup.session, { released: false, response: { authResponse: null, status: 'unknown' } })
    } else {
      const coexistence = params.choice === 'coexistence' && signup.extras?.featureType === 'whatsapp_business_app_onboarding'
      const wabaId = plan.wabaId ?? graphId()
      const phoneNumberId = plan.phoneNumberId ?? graphId()
      const businessId = plan.businessId ?? wabas.get(wabaId)?.businessId ?? graphId()
      const code = issueCode({
        wabaId,
        phoneNumberId,
        businessId,
        coexistence,
        displayPhoneNumber: plan.displayPhoneNumber ?? (String(params.phone ?? '') || undefined),
        verifiedName: plan.verifiedName ?? (String(params.verifiedName ?? '') || undefined),
      })
      plan = {}
      const event = coexistence ? 'FINISH_WHATSAPP_BUSINESS_APP_ONBOARDING' : 'FINISH'
      Object.assign(signup, { outcome: event, wabaId, phoneNumberId, businessId, code })
      signup.message = {
        type: 'WA_EMBEDDED_SIGNUP',
        event,
        data: { phone_number_id: phoneNumberId, waba_id: wabaId, business_id: businessId },
        version: '4',
      }
      results.set(signup.session, {
        released: false,
        response: {
          authResponse: {
            code,
            userID: graphId(),
            expiresIn: null,
            graphDomain: 'facebook',
            data_access_expiration_time: Math.floor(now() / 1000) + 90 * 86400,
          },
          status: 'connected',
        },
      })
    }
    return { status: 200, body: { message: signup.message } }
  }
  // --- Requests --------------------------------------------------------------------------------------------------
  const CORS = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type, authorization' }
  function send(response, answer) {
    const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body)
    response.writeHead(answer.status, {
      'content-type': typeof answer.body === 'string' ? 'text/plain; charset=utf-8' : 'application/json; charset=UTF-8',
      ...(typeof answer.body === 'string' ? {} : { 'x-fb-trace-id': traceId() }),
      ...answer.headers,
    })
    response.end(text)
  }
  async function handle(raw, response) {
    const url = new URL(raw.url, 'http://stub')
    const path = url.pathname
    const method = raw.method.toUpperCase()
    const query = Object.fromEntries(url.searchParams)
    const body = parseBody(raw)
    // The SDK's polling for the popup's outcome: not recorded, not faulted.
    if (path === '/embedded-signup/result') {
      const result = results.get(query.session ?? '')
      return send(response, {
        status: 200,
        headers: { ...CORS, 'cache-control': 'no-store' },
        body: result?.released ? { status: 'done', response: result.response } : { status: 'pending' },
      })
    }
    stub.requests.push({ method, path, query, headers: raw.headers, json: body, at: new Date(now()) })
    if (unavailable) {
      return send(response, {
        status: 503,
        headers: CORS,
        body: metaError({ message: 'Service temporarily unavailable', code: 2, is_transient: true }),
      })
    }
    const fault = faults.find(
      (candidate) =>
        candidate.left > 0 &&
        (!candidate.method || candidate.method.toUpperCase() === method) &&
        (typeof candidate.pattern === 'string' ? path.includes(candidate.pattern) : candidate.pattern.test(path))
    )
    if (fault) {
      fault.left--
      if (fault.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs))
      if (response.destroyed) return
      const error = { ...defaultFault(fault.status), ...fault.error }
      return send(response, { status: fault.status, headers: CORS, body: metaError(error) })
    }
    if (method === 'OPTIONS') {
      response.writeHead(204, { ...CORS, 'access-control-allow-methods': 'GET, POST, DELETE', 'access-control-max-age': '600' })
      return response.end()
    }
    if (path === '/sdk.js' || path.endsWith('/sdk.js')) {
      response.writeHead(200, { ...CORS, 'content-type': 'application/javascript; charset=utf-8', 'cache-control': 'no-cache' })
      return response.end(sdkSource(stub.url))
    }
    if (path === '/embedded-signup' && method === 'GET') {
      let extras = {}
      try {
        extras = JSON.parse(query.extras ?? '{}')
      } catch {}
      const signup = {
        session: query.session || randomBytes(8).toString('hex'),
        appId: query.app_id ?? '',
        configId: query.config_id ?? '',
        extras,
        origin: query.origin ?? '',
        outcome: 'open',
      }
      stub.signups.push(signup)
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      return response.end(popupPage(signup, autopilot))
    }
    if (path === '/embedded-signup/complete' && method === 'POST') return send(response, completeSignup(body ?? {}))
    if (path === '/embedded-signup/release' && method === 'POST') {
      const result = results.get(body?.session ?? '')
      if (result) result.released = true
      return send(response, { status: 200, body: { success: Boolean(result) } })
    }
    const download = /^\/media-download\/([^/]+)$/.exec(path)
    if (download && method === 'GET') {
      const auth = authenticate(tokenOf(raw, query))
      if ('status' in auth) return send(response, auth)
      const media = stub.media.get(decodeURIComponent(download[1]))
      if (!media) return send(response, { status: 404, body: unsupportedRequest('get', download[1]) })
      response.writeHead(200, { 'content-type': media.mimeType, 'content-length': String(media.bytes.length) })
      return response.end(media.bytes)
    }
    const version = /^\/(v\d+\.\d+)\/(.*)$/.exec(path)
    if (!version) return send(response, { status: 404, body: metaError({ message: `Unknown path components: ${path}`, code: 2500 }) })
    const segments = version[2].split('/').filter(Boolean).map(decodeURIComponent)
    const params = { ...query, ...(body && typeof body === 'object' ? body : {}) }
    send(response, graph(method, raw, path, segments, params))
  }
  // The stub's HTTP server sits behind a TCP front door: down() closes the door, so connections are refused.
  const inner = await startStubServer(async (raw, response) => {
    // The stub keeps its own record (`stub.requests`).
    inner.requests.length = 0
    await handle(raw, response)
  })
  const innerPort = Number(new URL(inner.url).port)
  door.server = createServer((client) => {
    const upstream = connect(innerPort, '127.0.0.1')
    door.sockets.add(client)
    const drop = () => {
      door.sockets.delete(client)
      client.destroy()
      upstream.destroy()
    }
    client.on('error', drop).on('close', drop)
    upstream.on('error', drop).on('close', drop)
    client.pipe(upstream).pipe(client)
  })
  await listen(door.server, 0)
  door.port = door.server.address().port
  stub.url = `http://127.0.0.1:${door.port}`
  stub.sdkUrl = `${stub.url}/sdk.js`
  seed()
  async function postWebhook(appUrl, payload, webhookOptions = {}) {
    const raw = JSON.stringify(payload)
    const secret = webhookOptions.appSecret ?? appSecret
    // What the app is told a customer wrote opens the 24-hour window.
    for (const entry of payload?.entry ?? []) {
      for (const change of entry?.changes ?? []) {
        const phoneNumberId = change?.value?.metadata?.phone_number_id
        for (const message of change?.value?.messages ?? []) {
          if (phoneNumberId && message?.from) lastInbound.set(`${phoneNumberId}:${message.from}`, Number(message.timestamp) * 1000 || now())
        }
      }
    }
    const headers = { 'content-type': 'application/json', 'user-agent': 'facebookexternalua' }
    if (webhookOptions.signature !== null) {
      headers['x-hub-signature'] = `sha1=${createHmac('sha1', secret).update(raw).digest('hex')}`
      headers['x-hub-signature-256'] = webhookOptions.signature ?? signWebhook(raw, secret)
    }
    return fetch(`${appUrl.replace(/\/+$/, '')}/api/webhooks/whatsapp`, { method: 'POST', headers, body: raw })
  }
  function setTemplateStatus(templateId, event, reason) {
    const template = stub.templates.find((candidate) => candidate.id === templateId)
    if (!template) throw new Error(`The WhatsApp stub holds no template ${templateId}`)
    template.status = event
    template.rejected_reason = event === 'REJECTED' ? (reason ?? 'INVALID_FORMAT') : 'NONE'
    return templateStatusUpdate(template.wabaId, {
      event,
      templateId: template.id,
      name: template.name,
      language: template.language,
      reason: event === 'REJECTED' ? template.rejected_reason : reason,
      time: now(),
    })
  }
  function messageOf(messageId) {
    const message = stub.messages.find((candidate) => candidate.id === messageId)
    if (!message) throw new Error(`The WhatsApp stub sent no message ${messageId}`)
    const number = stub.numbers.get(message.phoneNumberId)
    return { message, number }
  }
  Object.assign(stub, {
    issueCode,
    issueToken,
    revokeToken: (token) => void revoked.add(token),
    addNumber,
    addMedia(bytes, mimeType = 'audio/ogg; codecs=opus') {
      const content = bytes ? Buffer.from(bytes) : silentVoiceNote()
      const id = graphId()
      const hash = createHash('sha256').update(content)
      const digest = hash.digest()
      stub.media.set(id, { id, bytes: content, mimeType, sha256: digest.toString('hex'), sha256Base64: digest.toString('base64') })
      return id
    },
    nextSignup: (next) => void (plan = { ...next }),
    autoSignup: (next) => void (autopilot = next),
    sentTo: (waId) => stub.messages.filter((message) => message.to === digits(formatDisplayNumber(waId)) && !message.failure),
    failNext(pattern, fault) {
      faults.push({ ...fault, pattern, left: fault.times ?? 1 })
    },
    async down(mode = 'refuse') {
      if (mode === 'unavailable') {
        unavailable = true
        return
      }
      if (!door.listening) return
      door.listening = false
      const closed = new Promise((resolve) => door.server.close(() => resolve()))
      for (const socket of door.sockets) socket.destroy()
      await closed
    },
    async up() {
      unavailable = false
      if (door.listening) return
      await listen(door.server, door.port)
      door.listening = true
    },
    webhook: postWebhook,
    verifyWebhook(appUrl, verifyToken, challenge = String(Math.floor(Math.random() * 1e9))) {
      const query = new URLSearchParams({ 'hub.mode': 'subscribe', 'hub.verify_token': verifyToken, 'hub.challenge': challenge })
      return fetch(`${appUrl.replace(/\/+$/, '')}/api/webhooks/whatsapp?${query}`, { headers: { 'user-agent': 'facebookplatform/1.0' } })
    },
    setTemplateStatus,
    async approveAll(appUrl, webhookOptions) {
      const answers = []
      for (const template of stub.templates.filter((candidate) => candidate.status === 'PENDING')) {
        answers.push(await postWebhook(appUrl, setTemplateStatus(template.id, 'APPROVED'), webhookOptions))
      }
      return answers
    },
    statusFor(messageId, status, errors) {
      const { message, number } = messageOf(messageId)
      return statusUpdate(webhookNumber(number), {
        id: message.id,
        status,
        recipientId: message.to,
        timestamp: now(),
        callbackData: message.callbackData,
        category: message.template?.category?.toLowerCase() ?? (message.template ? 'utility' : 'service'),
        errors: errors ?? (message.failure ? [message.failure] : undefined),
      })
    },
    tap(messageId, label, name) {
      const { message, number } = messageOf(messageId)
      const customer = { waId: message.to, name }
      const base = { contextId: message.id, timestamp: now() }
      const button = message.buttons.find(
        (candidate) => candidate.kind !== 'list' && (candidate.text === label || candidate.id === label || candidate.payload === label)
      )
      if (button?.kind === 'quick_reply') {
        return inboundMessage(webhookNumber(number), customer, {
          type: 'button',
          text: button.text || label,
          payload: button.payload ?? button.text,
          ...base,
        })
      }
      if (button?.kind === 'reply') {
        return inboundMessage(webhookNumber(number), customer, { type: 'button_reply', id: button.id, title: button.text, ...base })
      }
      const row = message.list?.sections
        .flatMap((section) => section.rows)
        .find((candidate) => candidate.title === label || candidate.id === label)
      if (row) {
        return inboundMessage(webhookNumber(number), customer, {
          type: 'list_reply',
          id: row.id,
          title: row.title,
          description: row.description,
          ...base,
        })
      }
      throw new Error(`Message ${messageId} has no button or row "${label}" that sends a reply (links open in the browser)`)
    },
    inbound(phoneNumberId, customer, message) {
      const number = stub.numbers.get(phoneNumberId)
      if (!number) throw new Error(`The WhatsApp stub holds no number ${phoneNumberId}`)
      return inboundMessage(webhookNumber(number), customer, { timestamp: now(), ...message })
    },
    reset() {
      stub.requests.length = 0
      stub.templates.length = 0
      stub.messages.length = 0
      stub.signups.length = 0
      stub.subscriptions.length = 0
      stub.reads.length = 0
      stub.numbers.clear()
      stub.media.clear()
      for (const collection of [codes, tokens, revoked, wabas, lastInbound, results, usedCodes]) collection.clear()
      faults = []
      plan = {}
      autopilot = null
      unavailable = false
      seed()
    },
    async close() {
      for (const socket of door.sockets) socket.destroy()
      if (door.listening) await new Promise((resolve) => door.server.close(() => resolve()))
      door.listening = false
      await inner.close()
    },
  })
  return stub
}
