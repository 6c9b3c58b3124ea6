/*
 * The WhatsApp stub itself (tests/helpers/whatsapp_stub.ts), through fetch as the app would use it: the Embedded
 * Signup code exchange, onboarding calls, templates, messages as the customer sees them, media, fault switches, the
 * signed webhooks (checked by a small receiver with node:crypto) and the SDK's popup driven over HTTP.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { test } from '@japa/runner'
import { startStubServer } from '#tests/helpers/stub_server'
import {
  accountUpdate,
  phoneQualityUpdate,
  startWhatsAppStub,
  WHATSAPP_STUB_APP_ID,
  WHATSAPP_STUB_APP_SECRET,
  type WhatsAppStub,
} from '#tests/helpers/whatsapp_stub'

const WABA = '102290129340398'
const NUMBER = '106540352242922'
const CUSTOMER = '919845067890'

let stub: WhatsAppStub

/** A Graph API call: `path` after the version. */
async function graph(path: string, { method = 'GET', token, json }: { method?: string; token?: string; json?: unknown } = {}) {
  const response = await fetch(`${stub.url}/v21.0/${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: json === undefined ? undefined : JSON.stringify(json),
  })
  return { status: response.status, body: (await response.json()) as any }
}

const exchange = (code: string, secret = WHATSAPP_STUB_APP_SECRET) =>
  graph(`oauth/access_token?${new URLSearchParams({ client_id: WHATSAPP_STUB_APP_ID, client_secret: secret, code })}`)

/** A registered number of WABA, and a token for that WABA. */
function connected() {
  stub.addNumber({ id: NUMBER, wabaId: WABA, verifiedName: 'Chai Point' })
  return stub.issueToken(WABA)
}

const REVIEW_TEMPLATE = {
  name: 'review_request_en',
  language: 'en',
  category: 'UTILITY',
  components: [
    {
      type: 'BODY',
      text: 'Hi {{1}}, thank you for visiting {{2}}. Would you recommend us?',
      example: { body_text: [['Kavya', 'Chai Point']] },
    },
    { type: 'FOOTER', text: 'Reply STOP to opt out' },
    {
      type: 'BUTTONS',
      buttons: [
        { type: 'QUICK_REPLY', text: 'Yes' },
        { type: 'QUICK_REPLY', text: 'Not really' },
        { type: 'URL', text: 'Write a review', url: 'https://rr.example/r/{{1}}', example: ['https://rr.example/r/abc'] },
      ],
    },
  ],
}

const reviewMessage = (parameters: string[]) => ({
  messaging_product: 'whatsapp',
  recipient_type: 'individual',
  to: '+91 98450 67890',
  type: 'template',
  template: {
    name: 'review_request_en',
    language: { code: 'en' },
    components: [
      { type: 'body', parameters: parameters.map((text) => ({ type: 'text', text })) },
      { type: 'button', sub_type: 'quick_reply', index: '0', parameters: [{ type: 'payload', payload: 'yes-41' }] },
      { type: 'button', sub_type: 'quick_reply', index: '1', parameters: [{ type: 'payload', payload: 'no-41' }] },
      { type: 'button', sub_type: 'url', index: '2', parameters: [{ type: 'text', text: 'k7Q2' }] },
    ],
  },
  biz_opaque_callback_data: 'review-request-41',
})

function assertMetaError(assert: any, body: any, code: number) {
  assert.equal(body.error.code, code)
  assert.isString(body.error.message)
  assert.isString(body.error.type)
  assert.match(body.error.fbtrace_id, /^[\w-]{10,}$/)
}

test.group('WhatsApp stub', (group) => {
  group.setup(async () => {
    stub = await startWhatsAppStub()
    return () => stub.close()
  })
  group.each.setup(() => stub.reset())

  test("a code it issued is exchanged for a token once; another code or a wrong secret gets Meta's error", async ({ assert }) => {
    const code = stub.issueCode({ wabaId: WABA, phoneNumberId: NUMBER })
    const exchanged = await exchange(code)
    assert.equal(exchanged.status, 200)
    assert.deepEqual(Object.keys(exchanged.body), ['access_token', 'token_type'])
    assert.equal(exchanged.body.token_type, 'bearer')
    assert.equal((await graph(`${NUMBER}?fields=display_phone_number`, { token: exchanged.body.access_token })).status, 200)

    const again = await exchange(code)
    assert.equal(again.status, 400)
    assertMetaError(assert, again.body, 100)
    assert.equal(again.body.error.type, 'OAuthException')
    assert.equal(again.body.error.error_subcode, 36009)

    const unknown = await exchange('AQ-not-issued')
    assert.equal(unknown.status, 400)
    assertMetaError(assert, unknown.body, 100)
    assert.isNumber(unknown.body.error.error_subcode)

    const wrongSecret = await exchange(stub.issueCode({ wabaId: WABA, phoneNumberId: NUMBER }), 'not-the-secret')
    assert.equal(wrongSecret.status, 400)
    assertMetaError(assert, wrongSecret.body, 100)
    assert.equal(wrongSecret.body.error.type, 'OAuthException')
  })

  test('onboarding: subscribed_apps is recorded, register wants a 6-digit PIN, the number answers the fields asked', async ({ assert }) => {
    const { body: tokenBody } = await exchange(stub.issueCode({ wabaId: WABA, phoneNumberId: NUMBER, displayPhoneNumber: '9845067890' }))
    const token = tokenBody.access_token

    assert.deepEqual(await graph(`${WABA}/subscribed_apps`, { method: 'POST', token }), { status: 200, body: { success: true } })
    assert.deepEqual(stub.subscriptions, [WABA])

    // A new number cannot send before it is registered.
    const early = await graph(`${NUMBER}/messages`, {
      method: 'POST',
      token,
      json: { messaging_product: 'whatsapp', to: CUSTOMER, type: 'text', text: { body: 'Hi' } },
    })
    assert.equal(early.status, 400)
    assertMetaError(assert, early.body, 133010)

    const badPin = await graph(`${NUMBER}/register`, { method: 'POST', token, json: { messaging_product: 'whatsapp', pin: '1234' } })
    assert.equal(badPin.status, 400)
    assertMetaError(assert, badPin.body, 100)
    assert.isString(badPin.body.error.error_data.details)
    assert.isNull(stub.numbers.get(NUMBER)!.registeredPin)
    assert.deepEqual(await graph(`${NUMBER}/register`, { method: 'POST', token, json: { messaging_product: 'whatsapp', pin: '204817' } }), {
      status: 200,
      body: { success: true },
    })

    const fields = await graph(`${NUMBER}?fields=display_phone_number,verified_name,quality_rating,platform_type`, { token })
    assert.deepEqual(fields, {
      status: 200,
      body: {
        display_phone_number: '+91 98450 67890',
        verified_name: 'Chai Point',
        quality_rating: 'GREEN',
        platform_type: 'CLOUD_API',
        id: NUMBER,
      },
    })
    stub.numbers.get(NUMBER)!.fields.quality_rating = 'YELLOW'
    assert.deepEqual((await graph(`${NUMBER}?fields=quality_rating`, { token })).body, { quality_rating: 'YELLOW', id: NUMBER })
    assert.equal((await graph(`${NUMBER}?fields=no_such_field`, { token })).status, 400)

    // The token is the business's: another business's number does not exist for it, and a made-up token is refused.
    stub.addNumber({ id: '109999999999999', wabaId: '108888888888888' })
    const other = await graph('109999999999999?fields=display_phone_number', { token })
    assert.equal(other.status, 400)
    assert.equal(other.body.error.error_subcode, 33)
    const forged = await graph(`${NUMBER}?fields=display_phone_number`, { token: 'EAAG-made-up' })
    assert.equal(forged.status, 401)
    assertMetaError(assert, forged.body, 190)
  })

  test('a template created is listed with the fields asked, a page at a time; the same name and language again is refused', async ({
    assert,
  }) => {
    const token = connected()
    const created = await graph(`${WABA}/message_templates`, { method: 'POST', token, json: REVIEW_TEMPLATE })
    assert.equal(created.status, 200)
    assert.deepEqual(created.body, { id: created.body.id, status: 'PENDING', category: 'UTILITY' })
    assert.match(created.body.id, /^\d{15}$/)

    const duplicate = await graph(`${WABA}/message_templates`, { method: 'POST', token, json: REVIEW_TEMPLATE })
    assert.equal(duplicate.status, 400)
    assertMetaError(assert, duplicate.body, 100)
    assert.equal(duplicate.body.error.error_subcode, 2388024)
    assert.isString(duplicate.body.error.error_user_msg)
    const badName = await graph(`${WABA}/message_templates`, {
      method: 'POST',
      token,
      json: { ...REVIEW_TEMPLATE, name: 'Review Request' },
    })
    assert.equal(badName.status, 400)

    const hindi = await graph(`${WABA}/message_templates`, {
      method: 'POST',
      token,
      json: { ...REVIEW_TEMPLATE, language: 'hi', components: [{ type: 'BODY', text: 'नमस्ते {{1}}, {{2}} आने के लिए धन्यवाद।' }] },
    })
    assert.equal(hindi.status, 200)
    stub.setTemplateStatus(hindi.body.id, 'REJECTED', 'INVALID_FORMAT')

    const first = await graph(`${WABA}/message_templates?fields=name,language,status,rejected_reason,id&limit=1`, { token })
    assert.equal(first.status, 200)
    assert.deepEqual(first.body.data, [
      { name: 'review_request_en', language: 'en', status: 'PENDING', rejected_reason: 'NONE', id: created.body.id },
    ])
    assert.isString(first.body.paging.cursors.after)
    assert.isString(first.body.paging.next)
    const second = await fetch(first.body.paging.next, { headers: { authorization: `Bearer ${token}` } }).then(
      (response) => response.json() as any
    )
    assert.deepEqual(second.data, [
      { name: 'review_request_en', language: 'hi', status: 'REJECTED', rejected_reason: 'INVALID_FORMAT', id: hindi.body.id },
    ])
    assert.notProperty(second.paging, 'next')
    assert.lengthOf(stub.templates, 2)
  })

  test('a template message answers a wamid and is recorded as the customer sees it', async ({ assert }) => {
    const token = connected()
    const { body: template } = await graph(`${WABA}/message_templates`, { method: 'POST', token, json: REVIEW_TEMPLATE })

    // Not approved yet: Meta does not know the translation.
    const pending = await graph(`${NUMBER}/messages`, { method: 'POST', token, json: reviewMessage(['Kavya', 'Chai Point']) })
    assert.equal(pending.status, 404)
    assertMetaError(assert, pending.body, 132001)

    stub.setTemplateStatus(template.id, 'APPROVED')
    const sent = await graph(`${NUMBER}/messages`, { method: 'POST', token, json: reviewMessage(['Kavya', 'Chai Point']) })
    assert.equal(sent.status, 200)
    assert.equal(sent.body.messaging_product, 'whatsapp')
    assert.deepEqual(sent.body.contacts, [{ input: '+91 98450 67890', wa_id: CUSTOMER }])
    assert.match(sent.body.messages[0].id, /^wamid\.[\w+/=]+$/)

    const [seen, ...more] = stub.sentTo('98450 67890')
    assert.lengthOf(more, 0)
    assert.equal(seen.id, sent.body.messages[0].id)
    assert.deepEqual(seen.template, {
      name: 'review_request_en',
      language: 'en',
      known: true,
      id: template.id,
      category: 'UTILITY',
      components: reviewMessage(['Kavya', 'Chai Point']).template.components,
    })
    assert.equal(seen.body, 'Hi Kavya, thank you for visiting Chai Point. Would you recommend us?')
    assert.equal(seen.footer, 'Reply STOP to opt out')
    assert.deepEqual(seen.buttons, [
      { kind: 'quick_reply', text: 'Yes', payload: 'yes-41' },
      { kind: 'quick_reply', text: 'Not really', payload: 'no-41' },
      { kind: 'url', text: 'Write a review', url: 'https://rr.example/r/k7Q2' },
    ])
    assert.equal(seen.callbackData, 'review-request-41')
    assert.equal(
      seen.text,
      [
        'Hi Kavya, thank you for visiting Chai Point. Would you recommend us?',
        '_Reply STOP to opt out_',
        '[ Yes ]',
        '[ Not really ]',
        '[ Write a review ] -> https://rr.example/r/k7Q2',
      ].join('\n')
    )

    const short = await graph(`${NUMBER}/messages`, { method: 'POST', token, json: reviewMessage(['Kavya']) })
    assert.equal(short.status, 400)
    assertMetaError(assert, short.body, 132000)

    // A template the stub does not hold goes out as it was sent.
    const foreign = reviewMessage(['Kavya'])
    foreign.template.name = 'made_elsewhere'
    assert.equal((await graph(`${NUMBER}/messages`, { method: 'POST', token, json: foreign })).status, 200)
    const unknown = stub.sentTo(CUSTOMER)[1]
    assert.isFalse(unknown.template!.known)
    assert.deepEqual(unknown.template!.components, foreign.template.components)
    assert.deepEqual(unknown.buttons[0], { kind: 'quick_reply', text: '', payload: 'yes-41' })
    assert.lengthOf(stub.messages, 2)
  })

  test("interactive and text messages as the customer sees them; labels past Meta's limits are refused", async ({ assert }) => {
    const token = connected()
    const send = (json: Record<string, unknown>) =>
      graph(`${NUMBER}/messages`, { method: 'POST', token, json: { messaging_product: 'whatsapp', to: CUSTOMER, ...json } })

    assert.equal(
      (
        await send({
          type: 'interactive',
          interactive: {
            type: 'button',
            body: { text: 'How was your visit?' },
            footer: { text: 'Chai Point' },
            action: {
              buttons: [
                { type: 'reply', reply: { id: 'rate-5', title: 'Loved it' } },
                { type: 'reply', reply: { id: 'rate-3', title: 'It was okay' } },
              ],
            },
          },
        })
      ).status,
      200
    )
    assert.equal(
      (
        await send({
          type: 'interactive',
          interactive: {
            type: 'list',
            body: { text: 'What could be better?' },
            action: {
              button: 'Choose',
              sections: [
                {
                  title: 'Topics',
                  rows: [
                    { id: 'food', title: 'Food', description: 'Taste, portions' },
                    { id: 'service', title: 'Service' },
                  ],
                },
              ],
            },
          },
        })
      ).status,
      200
    )
    assert.equal(
      (
        await send({
          type: 'interactive',
          interactive: {
            type: 'cta_url',
            body: { text: 'Thank you! Would you share it on Google?' },
            action: { name: 'cta_url', parameters: { display_text: 'Review on Google', url: 'https://g.page/r/chai-point/review' } },
          },
        })
      ).status,
      200
    )
    assert.equal((await send({ type: 'text', text: { body: 'Thanks, Kavya!' } })).status, 200)

    const seen = stub.sentTo(CUSTOMER)
    assert.deepEqual(
      seen.map((message) => [message.type, message.interactiveType, message.body]),
      [
        ['interactive', 'button', 'How was your visit?'],
        ['interactive', 'list', 'What could be better?'],
        ['interactive', 'cta_url', 'Thank you! Would you share it on Google?'],
        ['text', undefined, 'Thanks, Kavya!'],
      ]
    )
    assert.deepEqual(seen[0].buttons, [
      { kind: 'reply', text: 'Loved it', id: 'rate-5' },
      { kind: 'reply', text: 'It was okay', id: 'rate-3' },
    ])
    assert.equal(seen[0].footer, 'Chai Point')
    assert.deepEqual(seen[1].list, {
      button: 'Choose',
      sections: [
        {
          title: 'Topics',
          rows: [
            { id: 'food', title: 'Food', description: 'Taste, portions' },
            { id: 'service', title: 'Service' },
          ],
        },
      ],
    })
    assert.deepEqual(seen[2].buttons, [{ kind: 'cta_url', text: 'Review on Google', url: 'https://g.page/r/chai-point/review' }])

    // A reply button's title is at most 20 characters, counted as characters.
    const long = await send({
      type: 'interactive',
      interactive: {
        type: 'button',
        body: { text: 'आपका अनुभव कैसा रहा?' },
        action: { buttons: [{ type: 'reply', reply: { id: 'rate-5', title: 'बहुत बढ़िया, धन्यवाद जी' } }] },
      },
    })
    assert.equal(long.status, 400)
    assertMetaError(assert, long.body, 131009)

    const anonymous = await fetch(`${stub.url}/v21.0/${NUMBER}/messages`, { method: 'POST', body: '{}' })
    assert.equal(anonymous.status, 401)
    assertMetaError(assert, await anonymous.json(), 190)
    assert.lengthOf(stub.messages, 4)
  })

  test('media: GET /{media-id} gives the download URL, which gives the bytes to a Bearer token only', async ({ assert }) => {
    const token = connected()
    const id = stub.addMedia()
    const { status, body } = await graph(id, { token })
    assert.equal(status, 200)
    assert.equal(body.messaging_product, 'whatsapp')
    assert.equal(body.url, `${stub.url}/media-download/${id}`)
    assert.equal(body.mime_type, 'audio/ogg; codecs=opus')
    assert.equal(body.id, id)

    assert.equal((await fetch(body.url)).status, 401)
    const download = await fetch(body.url, { headers: { authorization: `Bearer ${token}` } })
    assert.equal(download.status, 200)
    assert.equal(download.headers.get('content-type'), 'audio/ogg; codecs=opus')
    const bytes = Buffer.from(await download.arrayBuffer())
    assert.equal(bytes.length, body.file_size)
    assert.equal(createHash('sha256').update(bytes).digest('hex'), body.sha256)
    // An Ogg stream whose first packet is Opus's identification header.
    assert.equal(bytes.subarray(0, 4).toString('latin1'), 'OggS')
    assert.equal(bytes.subarray(28, 36).toString('latin1'), 'OpusHead')

    const other = stub.addMedia(Buffer.from('%PDF-1.4'), 'application/pdf')
    assert.equal((await graph(other, { token })).body.mime_type, 'application/pdf')
  })

  test("fault switches: failNext answers Meta's error for matching requests; down refuses connections, or answers 503", async ({
    assert,
  }) => {
    const token = connected()
    const text = { messaging_product: 'whatsapp', to: CUSTOMER, type: 'text', text: { body: 'Hi' } }

    stub.failNext('/messages', { status: 400, error: { code: 131008, message: '(#131008) Required parameter is missing' } })
    const refused = await graph(`${NUMBER}/messages`, { method: 'POST', token, json: text })
    assert.equal(refused.status, 400)
    assertMetaError(assert, refused.body, 131008)
    assert.isString(refused.body.error.error_user_title)
    assert.isString(refused.body.error.error_user_msg)
    assert.equal((await graph(`${NUMBER}/messages`, { method: 'POST', token, json: text })).status, 200)

    stub.failNext(/\/message_templates$/, { status: 500, times: 2 })
    for (let attempt = 0; attempt < 2; attempt++) {
      const failed = await graph(`${WABA}/message_templates`, { token })
      assert.equal(failed.status, 500)
      assert.isTrue(failed.body.error.is_transient)
    }
    assert.equal((await graph(`${WABA}/message_templates`, { token })).status, 200)

    stub.failNext('/messages', { status: 429, method: 'POST' })
    assertMetaError(assert, (await graph(`${NUMBER}/messages`, { method: 'POST', token, json: text })).body, 130429)

    await stub.down()
    await assert.rejects(() => fetch(`${stub.url}/v21.0/${NUMBER}?fields=id`, { headers: { authorization: `Bearer ${token}` } }))
    await stub.up()
    assert.equal((await graph(`${NUMBER}?fields=id`, { token })).status, 200)

    await stub.down('unavailable')
    const unavailable = await graph(`${NUMBER}?fields=id`, { token })
    assert.equal(unavailable.status, 503)
    assertMetaError(assert, unavailable.body, 2)
    await stub.up()
    assert.equal((await graph(`${NUMBER}?fields=id`, { token })).status, 200)
  })

  test("webhooks reach the app signed with the app secret; the builders give Meta's payloads", async ({ assert }) => {
    const app = await startStubServer((_request, response) => void response.end('EVENT_RECEIVED'))
    try {
      const token = connected()
      const { body: template } = await graph(`${WABA}/message_templates`, { method: 'POST', token, json: REVIEW_TEMPLATE })
      const answers = await stub.approveAll(app.url)
      assert.deepEqual(
        answers.map((answer) => answer.status),
        [200]
      )
      assert.equal(stub.templates[0].status, 'APPROVED')

      const [approval] = app.requests
      assert.equal(approval.method, 'POST')
      assert.equal(approval.url, '/api/webhooks/whatsapp')
      const expected = createHmac('sha256', WHATSAPP_STUB_APP_SECRET).update(approval.body).digest()
      const given = Buffer.from(String(approval.headers['x-hub-signature-256']).replace(/^sha256=/, ''), 'hex')
      assert.isTrue(given.length === expected.length && timingSafeEqual(given, expected))
      const payload = JSON.parse(approval.body)
      assert.equal(payload.object, 'whatsapp_business_account')
      assert.equal(payload.entry[0].id, WABA)
      assert.equal(payload.entry[0].changes[0].field, 'message_template_status_update')
      assert.deepInclude(payload.entry[0].changes[0].value, {
        event: 'APPROVED',
        message_template_id: Number(template.id),
        message_template_name: 'review_request_en',
        message_template_language: 'en',
        reason: 'NONE',
      })

      // The customer taps "Yes" on the review request: Meta's template quick-reply payload.
      const { body: sent } = await graph(`${NUMBER}/messages`, { method: 'POST', token, json: reviewMessage(['Kavya', 'Chai Point']) })
      const messageId = sent.messages[0].id
      const tapped = stub.tap(messageId, 'Yes', 'Kavya')
      const value = tapped.entry[0].changes[0].value
      assert.deepEqual(value.metadata, { display_phone_number: '919845067890', phone_number_id: NUMBER })
      assert.deepEqual(value.contacts, [{ profile: { name: 'Kavya' }, wa_id: CUSTOMER }])
      assert.deepInclude(value.messages[0], {
        from: CUSTOMER,
        type: 'button',
        button: { payload: 'yes-41', text: 'Yes' },
        context: { from: '919845067890', id: messageId },
      })
      assert.match(value.messages[0].id, /^wamid\./)
      assert.match(value.messages[0].timestamp, /^\d{10}$/)

      const delivered = stub.statusFor(messageId, 'delivered').entry[0].changes[0].value.statuses[0]
      assert.deepInclude(delivered, {
        id: messageId,
        status: 'delivered',
        recipient_id: CUSTOMER,
        biz_opaque_callback_data: 'review-request-41',
      })
      assert.equal(delivered.pricing.category, 'utility')
      const failed = stub.statusFor(messageId, 'failed').entry[0].changes[0].value.statuses[0]
      assert.equal(failed.errors[0].code, 131026)

      const voice = stub.inbound(NUMBER, { waId: CUSTOMER }, { type: 'audio', mediaId: stub.addMedia() }).entry[0].changes[0].value
        .messages[0]
      assert.deepInclude(voice.audio, { mime_type: 'audio/ogg; codecs=opus', voice: true })
      const listReply = stub.inbound(NUMBER, { waId: CUSTOMER }, { type: 'list_reply', id: 'food', title: 'Food', description: 'Taste' })
      assert.deepEqual(listReply.entry[0].changes[0].value.messages[0].interactive, {
        type: 'list_reply',
        list_reply: { id: 'food', title: 'Food', description: 'Taste' },
      })
      assert.deepEqual(phoneQualityUpdate(WABA, { displayPhoneNumber: '+91 98450 67890', event: 'FLAGGED' }).entry[0].changes[0], {
        field: 'phone_number_quality_update',
        value: { display_phone_number: '919845067890', event: 'FLAGGED', current_limit: 'TIER_1K' },
      })
      assert.deepEqual(accountUpdate(WABA, { event: 'PARTNER_REMOVED', phoneNumber: '+91 98450 67890' }).entry[0].changes[0].value, {
        phone_number: '919845067890',
        event: 'PARTNER_REMOVED',
      })

      // A wrong signature or none, for the app's refusals.
      app.requests.length = 0
      assert.equal((await stub.webhook(`${app.url}/`, tapped, { signature: 'sha256=00' })).status, 200)
      assert.equal((await stub.webhook(app.url, tapped, { signature: null })).status, 200)
      assert.equal(app.requests[0].headers['x-hub-signature-256'], 'sha256=00')
      assert.notProperty(app.requests[1].headers, 'x-hub-signature-256')
    } finally {
      await app.close()
    }
  })

  test('with the service window enforced, a free-form message reaches only a customer who wrote in the last 24 hours', async ({
    assert,
  }) => {
    const app = await startStubServer((_request, response) => void response.end())
    const strict = await startWhatsAppStub({ serviceWindow: true, numbers: [{ id: NUMBER, wabaId: WABA }] })
    try {
      const token = strict.issueToken()
      const text = { messaging_product: 'whatsapp', to: CUSTOMER, type: 'text', text: { body: 'Thanks!' } }
      const post = () =>
        fetch(`${strict.url}/v21.0/${NUMBER}/messages`, {
          method: 'POST',
          headers: { 'authorization': `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(text),
        })
      assert.equal((await post()).status, 200)
      assert.equal(strict.messages[0].failure?.code, 131047)
      assert.lengthOf(strict.sentTo(CUSTOMER), 0)
      assert.equal(strict.statusFor(strict.messages[0].id, 'failed').entry[0].changes[0].value.statuses[0].errors[0].code, 131047)

      await strict.webhook(app.url, strict.inbound(NUMBER, { waId: CUSTOMER, name: 'Kavya' }, { type: 'text', body: 'The chai was great' }))
      assert.equal((await post()).status, 200)
      assert.lengthOf(strict.sentTo(CUSTOMER), 1)
    } finally {
      await strict.close()
      await app.close()
    }
  })

  test('the SDK is served with CORS; the Embedded Signup popup shows the prefill and finishes, cancels or fails', async ({ assert }) => {
    const sdk = await fetch(stub.sdkUrl, { headers: { origin: 'http://127.0.0.1:3333' } })
    assert.equal(sdk.status, 200)
    assert.equal(sdk.headers.get('access-control-allow-origin'), '*')
    assert.match(String(sdk.headers.get('content-type')), /javascript/)
    const source = await sdk.text()
    assert.include(source, 'window.FB =')
    assert.include(source, 'fbAsyncInit')

    const extras = {
      setup: { business: { name: 'Chai Point', phone: { code: 91, number: '9845011111' }, website: 'https://chaipoint.example' } },
      featureType: 'whatsapp_business_app_onboarding',
      sessionInfoVersion: '3',
      version: 'v4',
    }
    const open = (session: string, extrasGiven: unknown) =>
      fetch(
        `${stub.url}/embedded-signup?${new URLSearchParams({ session, app_id: WHATSAPP_STUB_APP_ID, config_id: '818224721365383', response_type: 'code', extras: JSON.stringify(extrasGiven), origin: 'http://127.0.0.1:3333' })}`
      ).then((response) => response.text())
    const post = (path: string, json: unknown) =>
      fetch(`${stub.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(json) }).then(
        (response) => response.json() as any
      )
    const result = (session: string) =>
      fetch(`${stub.url}/embedded-signup/result?session=${session}`).then((response) => response.json() as any)

    const page = await open('s-coexistence', extras)
    for (const shown of [
      'Chai Point',
      '+91 98450 11111',
      'https://chaipoint.example',
      'Use a new number',
      'Use my WhatsApp Business app number (coexistence)',
      'Finish',
      'Cancel',
      'Fail',
    ]) {
      assert.include(page, shown)
    }
    assert.deepInclude(stub.signups[0], {
      session: 's-coexistence',
      appId: WHATSAPP_STUB_APP_ID,
      configId: '818224721365383',
      extras,
      outcome: 'open',
    })

    const { message } = await post('/embedded-signup/complete', {
      session: 's-coexistence',
      action: 'finish',
      choice: 'coexistence',
      phone: '+91 98450 11111',
      verifiedName: 'Chai Point',
    })
    assert.equal(message.type, 'WA_EMBEDDED_SIGNUP')
    assert.equal(message.event, 'FINISH_WHATSAPP_BUSINESS_APP_ONBOARDING')
    assert.equal(message.version, '4')
    assert.sameMembers(Object.keys(message.data), ['phone_number_id', 'waba_id', 'business_id'])
    // The callback's code only after the popup has posted its message.
    assert.deepEqual(await result('s-coexistence'), { status: 'pending' })
    await post('/embedded-signup/release', { session: 's-coexistence' })
    const done = await result('s-coexistence')
    assert.equal(done.status, 'done')
    assert.equal(done.response.status, 'connected')
    const exchanged = await exchange(done.response.authResponse.code)
    assert.equal(exchanged.status, 200)
    const number = stub.numbers.get(message.data.phone_number_id)!
    assert.isTrue(number.coexistence)
    assert.equal(number.wabaId, message.data.waba_id)
    assert.equal(number.fields.display_phone_number, '+91 98450 11111')
    assert.isTrue(number.fields.is_on_biz_app)

    // Without the coexistence feature the popup offers a new number only.
    const plain = await open('s-new', { ...extras, featureType: '' })
    assert.notInclude(plain, 'coexistence)')
    stub.nextSignup({ wabaId: WABA, phoneNumberId: NUMBER })
    assert.deepEqual((await post('/embedded-signup/complete', { session: 's-new', action: 'finish', choice: 'coexistence' })).message, {
      type: 'WA_EMBEDDED_SIGNUP',
      event: 'FINISH',
      data: { phone_number_id: NUMBER, waba_id: WABA, business_id: stub.numbers.get(NUMBER)!.businessId },
      version: '4',
    })
    assert.equal(stub.numbers.get(NUMBER)!.fields.platform_type, 'NOT_APPLICABLE')

    await open('s-cancel', extras)
    assert.deepEqual((await post('/embedded-signup/complete', { session: 's-cancel', action: 'cancel' })).message, {
      type: 'WA_EMBEDDED_SIGNUP',
      event: 'CANCEL',
      data: { current_step: 'PHONE_NUMBER_SETUP' },
      version: '4',
    })
    await post('/embedded-signup/release', { session: 's-cancel' })
    assert.deepEqual(await result('s-cancel'), { status: 'done', response: { authResponse: null, status: 'unknown' } })

    await open('s-fail', extras)
    const failed = (await post('/embedded-signup/complete', { session: 's-fail', action: 'fail' })).message
    assert.equal(failed.event, 'ERROR')
    assert.equal(failed.data.error_message, 'Your business portfolio could not be verified')
    assert.sameMembers(Object.keys(failed.data), ['error_message', 'error_id', 'session_id', 'timestamp'])
    assert.deepEqual(
      stub.signups.map((signup) => signup.outcome),
      ['FINISH_WHATSAPP_BUSINESS_APP_ONBOARDING', 'FINISH', 'CANCEL', 'ERROR']
    )
  })
})
