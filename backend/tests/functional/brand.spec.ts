/*
 * An agency's white label (docs/decisions.md D42, "Brand"): its owner sets a name, colour and PNG or plain SVG logo;
 * managers may not, other kinds of workspace have no brand, strangers do not find it. Logos are served by hash with
 * a year's cache; a client business's customer page, poster and review request mail show the agency's brand
 * instead of ReviewRoute's, and every other business's stay as they were. Refusals change nothing.
 */
import { createHash } from 'node:crypto'
import { test } from '@japa/runner'
import { createCanvas, loadImage } from '@napi-rs/canvas'
import type { ApiClient, ApiRequest } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import Business from '#models/business'
import Customer from '#models/customer'
import WorkspaceMember from '#models/workspace_member'
import ReviewRequestMail from '#mails/review_request_mail'
import env from '#start/env'
import { isolated } from '#tests/helpers/setup'
import { ownerWithBusiness } from '#tests/helpers/owners'
import { posterColors, posterPages, posterText } from '#tests/helpers/posters'
import { fileMailbox } from '#tests/helpers/mailbox'
import { CLEAN_SVG, HOSTILE_SVGS, ISO_2022_JP_SVG, UTF16_DECLARED_SVG, dataUrl, png, utf16Svg } from '#tests/helpers/brand_logos'
import { rasteriseStoredSvgLogos } from '#services/brand/logo_raster'
import { BusinessFactory, UserFactory } from '#database/factories/index'

const API = `http://${env.get('HOST')}:${env.get('PORT')}`

function as(request: ApiRequest, user: User) {
  return request.loginAs(user)
}

/** An owner with an agency and one client workspace holding one business. */
async function agencyWorld(client: ApiClient) {
  const owner = await UserFactory.create()
  const agency = await as(client.post('/api/workspaces'), owner).json({ name: 'Asha Digital', kind: 'agency' })
  agency.assertStatus(201)
  const agencyId: number = agency.body().id
  const created = await as(client.post(`/api/workspaces/${agencyId}/clients`), owner).json({ name: 'Chai Point Client' })
  created.assertStatus(201)
  const clientId: number = created.body().id
  const business = await BusinessFactory.merge({ workspaceId: clientId, userId: owner.id, name: 'Chai Point Indiranagar' }).create()
  return { owner, agencyId, clientId, business }
}

/** The workspace row and stored logos, to show a refusal changed nothing. */
async function stored(workspaceId: number) {
  return JSON.stringify({
    workspace: await db
      .from('workspaces')
      .where('id', workspaceId)
      .select('brand_name', 'brand_color', 'brand_logo_hash', 'brand_logo_type'),
    logos: await db.from('brand_logos').count('* as n'),
  })
}

test.group('Brand: setting it', (group) => {
  isolated(group)

  test('an agency without a brand answers its name in the default colour', async ({ client, assert }) => {
    const { owner, agencyId } = await agencyWorld(client)
    const response = await as(client.get(`/api/workspaces/${agencyId}/brand`), owner)
    response.assertStatus(200)
    assert.deepEqual(response.body(), { name: 'Asha Digital', color: '#4f46e5', logoUrl: null })
  })

  test('the owner sets a name, colour and PNG logo; it is stored by hash and recorded', async ({ client, assert }) => {
    const { owner, agencyId } = await agencyWorld(client)
    const bytes = png(96, 32)
    const response = await as(client.put(`/api/workspaces/${agencyId}/brand`), owner).json({
      name: 'Asha Digital',
      color: '#0EA5E9',
      logo: dataUrl('image/png', bytes),
    })
    response.assertStatus(200)
    assert.equal(response.body().name, 'Asha Digital')
    assert.equal(response.body().color, '#0ea5e9')
    assert.match(response.body().logoUrl, /^\/brand-logos\/[0-9a-f]{64}\.png$/)
    const hash = /([0-9a-f]{64})/.exec(response.body().logoUrl)![1]
    const logo = await db.from('brand_logos').where('hash', hash).first()
    assert.equal(logo.content_type, 'image/png')
    assert.isTrue(Buffer.from(logo.bytes).equals(bytes))
    const activity = await db.from('workspace_activity').where('workspace_id', agencyId).where('action', 'brand.updated').first()
    assert.deepEqual(typeof activity.details === 'string' ? JSON.parse(activity.details) : activity.details, { name: 'Asha Digital' })

    const read = await as(client.get(`/api/workspaces/${agencyId}/brand`), owner)
    assert.deepEqual(read.body(), response.body())
    // The workspace list shows it too.
    const list = await as(client.get('/api/workspaces'), owner)
    assert.deepEqual(list.body().find((workspace: { id: number }) => workspace.id === agencyId).brand, response.body())

    // Absent keeps the logo, null removes it; the same logo twice is one row.
    const kept = await as(client.put(`/api/workspaces/${agencyId}/brand`), owner).json({ name: 'Asha', color: '#111111' })
    assert.equal(kept.body().logoUrl, response.body().logoUrl)
    await as(client.put(`/api/workspaces/${agencyId}/brand`), owner).json({
      name: 'Asha',
      color: '#111111',
      logo: dataUrl('image/png', bytes),
    })
    assert.equal(Number((await db.from('brand_logos').where('hash', hash).count('* as n'))[0].n), 1)
    const removed = await as(client.put(`/api/workspaces/${agencyId}/brand`), owner).json({ name: 'Asha', color: '#111111', logo: null })
    assert.deepEqual(removed.body(), { name: 'Asha', color: '#111111', logoUrl: null })
  })

  test('a clean SVG is drawn into a PNG on the server: the stored and the served logo are image/png, never SVG', async ({
    client,
    assert,
  }) => {
    const { owner, agencyId } = await agencyWorld(client)
    const wide = CLEAN_SVG.replace('viewBox="0 0 64 64" width="64" height="64"', 'viewBox="0 0 128 64" width="128" height="64"')
    const response = await as(client.put(`/api/workspaces/${agencyId}/brand`), owner).json({
      name: 'Asha Digital',
      color: '#6366f1',
      logo: dataUrl('image/svg+xml', wide),
    })
    response.assertStatus(200)
    assert.match(response.body().logoUrl, /^\/brand-logos\/[0-9a-f]{64}\.png$/)
    const hash = /([0-9a-f]{64})/.exec(response.body().logoUrl)![1]
    const rows = await db.from('brand_logos').select('hash', 'content_type')
    assert.deepEqual(rows, [{ hash, content_type: 'image/png' }])
    const workspace = await db.from('workspaces').where('id', agencyId).select('brand_logo_type').first()
    assert.equal(workspace.brand_logo_type, 'image/png')

    const served = await fetch(`${API}${response.body().logoUrl}`)
    assert.equal(served.status, 200)
    assert.equal(served.headers.get('content-type'), 'image/png')
    const image = await loadImage(Buffer.from(await served.arrayBuffer()))
    // In the SVG's own proportions, large enough for a phone's sharp screen, and drawn (the circle's middle is not blank).
    assert.equal(image.width, 2 * image.height)
    assert.isAtLeast(image.height, 128)
    const canvas = createCanvas(image.width, image.height)
    const context = canvas.getContext('2d')
    context.drawImage(image, 0, 0)
    assert.equal(context.getImageData(Math.round(image.width / 4), Math.round(image.height / 2), 1, 1).data[3], 255)
    assert.equal((await fetch(`${API}${response.body().logoUrl.replace('.png', '.svg')}`)).status, 404)
  })

  test('an SVG declaring ISO-2022-JP around a hidden script, or UTF-16, is refused on the logo field; nothing is stored', async ({
    client,
    assert,
  }) => {
    const { owner, agencyId } = await agencyWorld(client)
    const before = await stored(agencyId)
    for (const [logo, encoding] of [
      [dataUrl('image/svg+xml', ISO_2022_JP_SVG), 'ISO-2022-JP'],
      [dataUrl('image/svg+xml', UTF16_DECLARED_SVG), 'UTF-16'],
      [`data:image/svg+xml,${encodeURIComponent(ISO_2022_JP_SVG)}`, 'ISO-2022-JP'],
    ]) {
      const response = await as(client.put(`/api/workspaces/${agencyId}/brand`), owner).json({ name: 'Asha', color: '#000000', logo })
      response.assertStatus(422)
      assert.equal(response.body().errors[0].field, 'logo')
      assert.include(response.body().errors[0].message, `declares the encoding ${encoding}; only UTF-8`)
    }
    const utf16 = await as(client.put(`/api/workspaces/${agencyId}/brand`), owner).json({
      name: 'Asha',
      color: '#000000',
      logo: dataUrl('image/svg+xml', utf16Svg()),
    })
    utf16.assertStatus(422)
    assert.equal(utf16.body().errors[0].field, 'logo')
    assert.equal(await stored(agencyId), before)
  })

  test('a logo stored as SVG before is converted to a PNG; no SVG is served meanwhile', async ({ client, assert }) => {
    const { owner, agencyId, clientId } = await agencyWorld(client)
    const svgHash = createHash('sha256').update(CLEAN_SVG).digest('hex')
    await db
      .table('brand_logos')
      .insert({ hash: svgHash, content_type: 'image/svg+xml', bytes: Buffer.from(CLEAN_SVG), created_at: new Date() })
    await db
      .from('workspaces')
      .where('id', agencyId)
      .update({ brand_name: 'Asha Digital', brand_color: '#0ea5e9', brand_logo_hash: svgHash, brand_logo_type: 'image/svg+xml' })
    // Before the conversion, the SVG is not served under either name.
    for (const extension of ['svg', 'png']) assert.equal((await fetch(`${API}/brand-logos/${svgHash}.${extension}`)).status, 404)

    assert.deepEqual(await rasteriseStoredSvgLogos(db), { converted: 1, removed: 0 })
    const brand = (await as(client.get(`/api/workspaces/${agencyId}/brand`), owner)).body()
    assert.match(brand.logoUrl, /^\/brand-logos\/[0-9a-f]{64}\.png$/)
    assert.notInclude(brand.logoUrl, svgHash)
    const served = await fetch(`${API}${brand.logoUrl}`)
    assert.equal(served.headers.get('content-type'), 'image/png')
    assert.deepEqual(await db.from('brand_logos').select('content_type'), [{ content_type: 'image/png' }])
    // A client's page links the PNG.
    const business = await BusinessFactory.merge({ workspaceId: clientId, userId: owner.id }).create()
    const html = await (await fetch(`${API}/review/${business.shortUrl}`)).text()
    assert.include(html, brand.logoUrl)
    // Run again: nothing left to do.
    assert.deepEqual(await rasteriseStoredSvgLogos(db), { converted: 0, removed: 0 })
  })

  test('a PNG logo is served as stored with a year-long immutable cache; an unknown one is a 404', async ({ client, assert }) => {
    const { owner, agencyId } = await agencyWorld(client)
    const bytes = png(40, 40)
    const { logoUrl } = (
      await as(client.put(`/api/workspaces/${agencyId}/brand`), owner).json({
        name: 'A',
        color: '#000000',
        logo: dataUrl('image/png', bytes),
      })
    ).body()
    for (let round = 0; round < 2; round++) {
      const served = await fetch(`${API}${logoUrl}`)
      assert.equal(served.status, 200)
      assert.equal(served.headers.get('content-type'), 'image/png')
      assert.equal(served.headers.get('cache-control'), 'public, max-age=31536000, immutable')
      assert.equal(served.headers.get('x-content-type-options'), 'nosniff')
      assert.isTrue(Buffer.from(await served.arrayBuffer()).equals(bytes))
    }
    // The same hash under the other extension, an unknown hash, and a name that is no hash at all.
    for (const path of [
      logoUrl.replace('.png', '.svg'),
      `/brand-logos/${'0'.repeat(64)}.png`,
      '/brand-logos/../../etc/passwd',
      '/brand-logos/x.png',
    ]) {
      assert.equal((await fetch(`${API}${path}`)).status, 404, path)
    }
  })

  test('a manager may read the brand but not set it (403); nothing changes', async ({ client, assert }) => {
    const { agencyId } = await agencyWorld(client)
    const manager = await UserFactory.create()
    await WorkspaceMember.create({ workspaceId: agencyId, userId: manager.id, role: 'manager', businessIds: null })
    const before = await stored(agencyId)
    ;(await as(client.get(`/api/workspaces/${agencyId}/brand`), manager)).assertStatus(200)
    const response = await as(client.put(`/api/workspaces/${agencyId}/brand`), manager).json({ name: 'Mine', color: '#ff0000' })
    response.assertStatus(403)
    assert.isString(response.body().error)
    assert.equal(await stored(agencyId), before)
  })

  test('a workspace that is not an agency has no brand to set (404); a stranger finds no workspace (404)', async ({ client, assert }) => {
    const { owner, agencyId, clientId } = await agencyWorld(client)
    const personal = (await WorkspaceMember.query().where('user_id', owner.id).orderBy('id').firstOrFail()).workspaceId
    for (const id of [personal, clientId]) {
      const response = await as(client.put(`/api/workspaces/${id}/brand`), owner).json({ name: 'X', color: '#000000' })
      response.assertStatus(404)
      assert.match(response.body().error, /agency/)
    }
    const stranger = await UserFactory.create()
    const before = await stored(agencyId)
    ;(await as(client.get(`/api/workspaces/${agencyId}/brand`), stranger)).assertStatus(404)
    ;(await as(client.put(`/api/workspaces/${agencyId}/brand`), stranger).json({ name: 'X', color: '#000000' })).assertStatus(404)
    assert.equal(await stored(agencyId), before)
  })

  test('a 5 MB logo is refused with a clear sentence and nothing is stored', async ({ client, assert }) => {
    const { owner, agencyId } = await agencyWorld(client)
    const before = await stored(agencyId)
    const huge = dataUrl('image/png', png(100, 100, [1, 2, 3], 5 * 1024 * 1024))
    const response = await as(client.put(`/api/workspaces/${agencyId}/brand`), owner).json({ name: 'Big', color: '#000000', logo: huge })
    response.assertStatus(413)
    assert.equal(response.body().error, 'The logo must be at most 100 KB.')
    // Just over the limit still reaches the check: a 422 on the field.
    const over = dataUrl('image/png', png(10, 10, [1, 2, 3], 101 * 1024))
    const field = await as(client.put(`/api/workspaces/${agencyId}/brand`), owner).json({ name: 'Big', color: '#000000', logo: over })
    field.assertStatus(422)
    assert.deepEqual(field.body().errors, [{ field: 'logo', message: 'The logo must be at most 100 KB.' }])
    assert.equal(await stored(agencyId), before)
  })

  test('what is not a PNG or a plain SVG is refused on the logo field; nothing is stored', async ({ client, assert }) => {
    const { owner, agencyId } = await agencyWorld(client)
    const before = await stored(agencyId)
    const refused = [
      dataUrl('image/png', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00', 'latin1')),
      dataUrl('image/png', 'just some text'),
      'not a data url',
      ...Object.values(HOSTILE_SVGS).map((svg) => dataUrl('image/svg+xml', svg)),
    ]
    for (const logo of refused) {
      const response = await as(client.put(`/api/workspaces/${agencyId}/brand`), owner).json({ name: 'Asha', color: '#000000', logo })
      response.assertStatus(422)
      assert.equal(response.body().errors[0].field, 'logo', logo.slice(0, 80))
    }
    const script = await as(client.put(`/api/workspaces/${agencyId}/brand`), owner).json({
      name: 'Asha',
      color: '#000000',
      logo: dataUrl('image/svg+xml', HOSTILE_SVGS['a script element']),
    })
    assert.match(script.body().errors[0].message, /<script> is not allowed/)
    // A colour or name out of shape is the validator's 422.
    for (const body of [
      { name: 'Asha', color: 'red' },
      { name: '', color: '#000000' },
      { name: 'x'.repeat(61), color: '#000000' },
    ]) {
      ;(await as(client.put(`/api/workspaces/${agencyId}/brand`), owner).json(body)).assertStatus(422)
    }
    assert.equal(await stored(agencyId), before)
  })
})

test.group('Brand: where it shows', (group) => {
  isolated(group)
  group.each.timeout(30_000)

  async function branded(client: ApiClient) {
    const world = await agencyWorld(client)
    const set = await as(client.put(`/api/workspaces/${world.agencyId}/brand`), world.owner).json({
      name: 'Asha Digital',
      color: '#0ea5e9',
      logo: dataUrl('image/png', png(96, 32)),
    })
    set.assertStatus(200)
    return { ...world, logoUrl: set.body().logoUrl as string }
  }

  test("a client business's customer page names the agency and shows its logo, not ReviewRoute", async ({ client, assert }) => {
    const { business, logoUrl } = await branded(client)
    const html = await (await fetch(`${API}/review/${business.shortUrl}`)).text()
    assert.include(html, 'Powered by Asha Digital')
    assert.include(html, `<img class="brand-logo" src="${logoUrl}" width="96" height="32" alt="">`)
    assert.notInclude(html, 'ReviewRoute')
    assert.notInclude(html, 'data:image/png')
    // The thanks page and the Hindi page too.
    const thanks = await (await fetch(`${API}/thanks?code=${business.shortUrl}`)).text()
    assert.include(thanks, 'Asha Digital')
    assert.notInclude(thanks, 'ReviewRoute')
    const hindi = await (await fetch(`${API}/review/${business.shortUrl}?lang=hi`)).text()
    assert.include(hindi, 'Asha Digital द्वारा संचालित')
  })

  test("every other business's page is unchanged; an agency without a brand changes nothing", async ({ client, assert }) => {
    await branded(client)
    const { business } = await ownerWithBusiness()
    const html = await (await fetch(`${API}/review/${business.shortUrl}`)).text()
    assert.include(html, 'Powered by ReviewRoute')
    assert.notInclude(html, 'brand-logo')
    assert.notInclude(html, 'Asha Digital')

    const plain = await agencyWorld(client)
    const clientPage = await (await fetch(`${API}/review/${plain.business.shortUrl}`)).text()
    assert.include(clientPage, 'Powered by ReviewRoute')
  })

  test("a client that ends its agency's management is ReviewRoute's again on its customer page at once", async ({ client, assert }) => {
    const { business, clientId } = await branded(client)
    const clientOwner = await UserFactory.create()
    await WorkspaceMember.create({ workspaceId: clientId, userId: clientOwner.id, role: 'owner', businessIds: null })
    // Read once so this process holds the brand in its cache.
    assert.include(await (await fetch(`${API}/review/${business.shortUrl}`)).text(), 'Powered by Asha Digital')

    ;(await as(client.delete(`/api/workspaces/${clientId}/agency`), clientOwner)).assertStatus(204)

    const html = await (await fetch(`${API}/review/${business.shortUrl}`)).text()
    assert.include(html, 'Powered by ReviewRoute')
    assert.notInclude(html, 'Asha Digital')
    assert.notInclude(html, 'brand-logo')
  })

  test("a client business's poster names the agency", async ({ client, assert }) => {
    const { owner, business } = await branded(client)
    const token = (await User.accessTokens.create(owner)).value!.release()
    const response = await fetch(`${API}/api/businesses/${business.id}/poster.pdf`, {
      headers: { 'authorization': `Bearer ${token}`, 'x-workspace-id': String(business.workspaceId) },
    })
    assert.equal(response.status, 200)
    const lines = await posterText(Buffer.from(await response.arrayBuffer()))
    assert.include(lines, 'Powered by Asha Digital')
    assert.notInclude(lines.join('\n'), 'ReviewRoute')

    const other = await ownerWithBusiness()
    const plain = await fetch(`${API}/api/businesses/${other.business.id}/poster.pdf`, {
      headers: { authorization: `Bearer ${other.token}` },
    })
    assert.include(await posterText(Buffer.from(await plain.arrayBuffer())), 'Powered by ReviewRoute')
  })

  test("a client business's posters are drawn in the brand's colour with its logo; another business's stay ReviewRoute's", async ({
    client,
    assert,
  }) => {
    const { owner, business } = await branded(client)
    const token = (await User.accessTokens.create(owner)).value!.release()
    const response = await fetch(`${API}/api/businesses/${business.id}/poster.pdf`, {
      headers: { 'authorization': `Bearer ${token}`, 'x-workspace-id': String(business.workspaceId) },
    })
    const pdf = Buffer.from(await response.arrayBuffer())
    // The band's corner in the brand's colour (#0ea5e9), the logo (a solid #4f46e5 PNG) at the band's top middle.
    const [band, logo] = await posterColors(pdf, [
      [52, 60],
      [297, 84],
    ])
    assert.deepEqual(band, [14, 165, 233])
    assert.deepEqual(logo, [79, 70, 229])
    assert.equal((await posterPages(pdf))[0].images, 1)
    assert.include(await posterText(pdf), 'Chai Point Indiranagar')

    const other = await ownerWithBusiness()
    const plain = Buffer.from(
      await (
        await fetch(`${API}/api/businesses/${other.business.id}/poster.pdf`, { headers: { authorization: `Bearer ${other.token}` } })
      ).arrayBuffer()
    )
    assert.deepEqual((await posterColors(plain, [[52, 60]]))[0], [37, 99, 235])
    assert.equal((await posterPages(plain))[0].images, 0)
  })

  test("a client business's review request mail comes from the agency, with its name, colour and logo", async ({
    client,
    assert,
    cleanup,
  }) => {
    const { business } = await branded(client)
    const mailbox = await fileMailbox(cleanup)
    const customer = { name: 'Ravi', email: 'ravi@example.test' } as Pick<Customer, 'name' | 'email'>
    await mailbox.mailer.send(
      new ReviewRequestMail(await Business.findOrFail(business.id), customer, { link: `${API}/r/x`, stop: `${API}/r/x/stop` }, 'en')
    )
    const [sent] = await mailbox.read()
    assert.match(sent.from, /^Asha Digital </)
    assert.include(sent.html, 'Asha Digital')
    assert.include(sent.html, 'background:#0ea5e9')
    assert.match(sent.html, /<img src="http[^"]+\/brand-logos\/[0-9a-f]{64}\.png"/)
    assert.notInclude(sent.html, 'ReviewRoute')

    const other = await ownerWithBusiness()
    await mailbox.mailer.send(new ReviewRequestMail(other.business, customer, { link: `${API}/r/y`, stop: `${API}/r/y/stop` }, 'en'))
    const plain = (await mailbox.read()).find((mail) => mail.html.includes('/r/y'))!
    assert.include(plain.html, 'ReviewRoute')
    assert.notInclude(plain.html, 'Asha Digital')
  })
})
