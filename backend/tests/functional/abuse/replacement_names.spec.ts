/*
 * Business and brand names holding String.replace's replacement patterns ($' $` $& $$ $1 $<x>). Wherever the
 * product fills them into a page, a poster or a mail, each must come out exactly as typed: as the replacement string
 * of a `.replace`, `$'` would paste in the rest of the page, `` $` `` the start of it and `$&` the placeholder itself.
 */
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import User from '#models/user'
import Business from '#models/business'
import type Customer from '#models/customer'
import ReviewRequestMail from '#mails/review_request_mail'
import env from '#start/env'
import { isolated } from '#tests/helpers/setup'
import { posterText } from '#tests/helpers/posters'
import { fileMailbox } from '#tests/helpers/mailbox'
import { REPLACEMENT_PATTERN_NAMES } from '#tests/helpers/hostile_names'
import { BusinessFactory, UserFactory } from '#database/factories/index'

const API = `http://${env.get('HOST')}:${env.get('PORT')}`

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }
/** HTML text with its character references read (named ones of the five, and numeric ones). */
const decode = (html: string) =>
  html.replace(/&(#x[0-9a-f]+|#[0-9]+|amp|lt|gt|quot|apos);/gi, (_, entity: string) =>
    entity.startsWith('#')
      ? String.fromCodePoint(
          Number.parseInt(entity.slice(entity[1] === 'x' || entity[1] === 'X' ? 2 : 1), entity[1] === 'x' || entity[1] === 'X' ? 16 : 10)
        )
      : ENTITIES[entity.toLowerCase()]
  )

/** A client business called `name` of an agency whose brand is called `brand`. */
async function brandedBusiness(client: ApiClient, name: string, brand: string) {
  const owner = await UserFactory.create()
  const agency = await client.post('/api/workspaces').loginAs(owner).json({ name: 'Agency', kind: 'agency' })
  agency.assertStatus(201)
  const created = await client.post(`/api/workspaces/${agency.body().id}/clients`).loginAs(owner).json({ name: 'Client' })
  created.assertStatus(201)
  const set = await client.put(`/api/workspaces/${agency.body().id}/brand`).loginAs(owner).json({ name: brand, color: '#0ea5e9' })
  set.assertStatus(200)
  check(set.body().name === brand)
  const business = await BusinessFactory.merge({ workspaceId: created.body().id, userId: owner.id, name }).create()
  return { owner, business }
}

function check(condition: boolean): asserts condition {
  if (!condition) throw new Error('setup failed')
}

test.group('Names with replacement patterns: pages, posters and mails show them exactly', (group) => {
  isolated(group)
  group.each.timeout(60_000)

  test('{$self}')
    .with(REPLACEMENT_PATTERN_NAMES)
    .run(async ({ client, assert, cleanup }, name) => {
      const brand = `Agency ${name}`
      const { owner, business } = await brandedBusiness(client, name, brand)

      // The customer page: one whole document, the name in its heading and title, the brand in its footer and data.
      const html = await (await fetch(`${API}/review/${business.shortUrl}`)).text()
      assert.lengthOf(html.match(/<html[\s>]/g) ?? [], 1)
      assert.lengthOf(html.match(/<\/body>/g) ?? [], 1)
      assert.lengthOf(html.match(/<title>/g) ?? [], 1)
      assert.equal(decode(/<h1 class="business__name"[^>]*>([^<]*)<\/h1>/.exec(html)?.[1] ?? ''), name)
      assert.include(decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ''), name)
      assert.include(decode(html), `Powered by ${brand}`)
      const data = JSON.parse(/<script id="review-data" type="application\/json">(.*?)<\/script>/s.exec(html)![1])
      assert.equal(data.link.business.name, name)
      assert.equal(data.brand.name, brand)
      assert.equal(data.messages.poweredBy, `Powered by ${brand}`)
      // The rating's answer and the last screen too.
      const thanks = await (await fetch(`${API}/thanks?code=${business.shortUrl}`)).text()
      assert.include(decode(thanks), `Powered by ${brand}`)
      assert.lengthOf(thanks.match(/<html[\s>]/g) ?? [], 1)

      // The printable poster: the name in its header, the brand in its footer.
      const token = (await User.accessTokens.create(owner)).value!.release()
      const poster = await fetch(`${API}/api/businesses/${business.id}/poster.pdf`, {
        headers: { 'authorization': `Bearer ${token}`, 'x-workspace-id': String(business.workspaceId) },
      })
      assert.equal(poster.status, 200)
      const lines = await posterText(Buffer.from(await poster.arrayBuffer()))
      assert.include(lines, name)
      assert.include(lines, `Powered by ${brand}`)

      // A review request mail: subject, sender, text and HTML.
      const mailbox = await fileMailbox(cleanup)
      const customer = { name: 'Ravi', email: 'ravi@example.test' } as Pick<Customer, 'name' | 'email'>
      await mailbox.mailer.send(
        new ReviewRequestMail(await Business.findOrFail(business.id), customer, { link: `${API}/r/x`, stop: `${API}/r/x/stop` }, 'en')
      )
      const [sent] = await mailbox.read()
      assert.include(sent.subject, name)
      assert.include(sent.from, brand)
      assert.include(sent.text, name)
      assert.include(decode(sent.html), name)
      assert.include(decode(sent.html), brand)
    })
})
