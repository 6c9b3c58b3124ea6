/*
 * What WhatsApp Business costs (docs/decisions.md D66): GET /api/review-requests/usage?month=YYYY-MM counts the
 * template messages each business sent in India's calendar month (requests and their reminders; no other channel),
 * priced at WHATSAPP_PRICE_INR, for the businesses the member sees; the request channels carry the price.
 */
import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { isolated } from '#tests/helpers/setup'
import { ownerWithBusiness } from '#tests/helpers/owners'
import { joined } from '#tests/helpers/workspaces'
import { BusinessFactory, ReviewRequestFactory } from '#database/factories/index'
import { RequestChannel, RequestStatus } from '#models/review_request'
import User from '#models/user'
import Workspace from '#models/workspace'
import env from '#start/env'
import type { RequestChannelsDto, WhatsAppUsageDto } from '#types/api'

const PRICE = env.get('WHATSAPP_PRICE_INR')
/** A time on India's clock, as the app stores times (UTC). */
const ist = (iso: string) => DateTime.fromISO(iso, { zone: 'Asia/Kolkata' }).toUTC()

/** A WhatsApp Business request of `businessId` sent at `sentAt` (IST), reminded at `remindedAt` when given. */
function whatsappRequest(businessId: number, sentAt: string, remindedAt?: string, channel = RequestChannel.Whatsapp) {
  return ReviewRequestFactory.merge({
    businessId,
    channel,
    status: RequestStatus.Sent,
    sentAt: ist(sentAt),
    remindedAt: remindedAt ? ist(remindedAt) : null,
  }).create()
}

test.group('WhatsApp Business usage and its cost', (group) => {
  isolated(group)

  test("counts a month's template messages per business, reminders included, at the rupee price", async ({ client, assert }) => {
    const { user, token, business } = await ownerWithBusiness()
    const workspaceId = (await Workspace.personalIdOf(user.id))!
    const second = await BusinessFactory.merge({ userId: user.id, workspaceId }).create()
    // November in India: 00:10 on 1 November IST is still 31 October in UTC, and counts for November.
    await whatsappRequest(business.id, '2026-11-01T00:10:00', '2026-11-04T10:00:00')
    await whatsappRequest(business.id, '2026-11-30T23:50:00')
    await whatsappRequest(second.id, '2026-11-15T12:00:00')
    // Sent in October, reminded in November: the reminder is November's.
    await whatsappRequest(second.id, '2026-10-30T12:00:00', '2026-11-02T12:00:00')
    // Not November's, or not a template message of ours.
    await whatsappRequest(business.id, '2026-12-01T00:00:00')
    await whatsappRequest(business.id, '2026-10-31T23:59:00')
    await whatsappRequest(business.id, '2026-11-10T10:00:00', undefined, RequestChannel.WhatsappLink)
    await whatsappRequest(business.id, '2026-11-10T10:00:00', undefined, RequestChannel.Sms)
    // Another owner's messages.
    const other = await ownerWithBusiness()
    await whatsappRequest(other.business.id, '2026-11-10T10:00:00')

    const response = await client.get('/api/review-requests/usage').qs({ month: '2026-11' }).bearerToken(token)
    response.assertStatus(200)
    const cost = (messages: number) => Math.round(messages * PRICE * 100) / 100
    assert.deepEqual(response.body() as WhatsAppUsageDto, {
      month: '2026-11',
      pricePerMessageInr: PRICE,
      businesses: [
        { businessId: business.id, messages: 3, costInr: cost(3) },
        { businessId: second.id, messages: 2, costInr: cost(2) },
      ],
    })
    assert.equal(cost(3), 0.35)

    const october = (await client.get('/api/review-requests/usage').qs({ month: '2026-10' }).bearerToken(token)).body()
    assert.deepEqual(october.businesses, [
      { businessId: business.id, messages: 1, costInr: cost(1) },
      { businessId: second.id, messages: 1, costInr: cost(1) },
    ])
  })

  test('this month without ?month=, and nothing sent is an empty list', async ({ client, assert }) => {
    const { token, business } = await ownerWithBusiness()
    const now = DateTime.now().setZone('Asia/Kolkata')
    const empty = (await client.get('/api/review-requests/usage').bearerToken(token)).body() as WhatsAppUsageDto
    assert.deepEqual(empty, { month: now.toFormat('yyyy-MM'), pricePerMessageInr: PRICE, businesses: [] })

    await ReviewRequestFactory.apply('sent').merge({ businessId: business.id, channel: RequestChannel.Whatsapp }).create()
    const one = (await client.get('/api/review-requests/usage').bearerToken(token)).body() as WhatsAppUsageDto
    assert.deepEqual(one.businesses, [{ businessId: business.id, messages: 1, costInr: Math.round(PRICE * 100) / 100 }])
  })

  test('a member limited to one business sees only its messages', async ({ client, assert }) => {
    const { user, business } = await ownerWithBusiness()
    const workspaceId = (await Workspace.personalIdOf(user.id))!
    const second = await BusinessFactory.merge({ userId: user.id, workspaceId }).create()
    await whatsappRequest(business.id, '2026-11-10T10:00:00')
    await whatsappRequest(second.id, '2026-11-10T10:00:00')

    const viewer = await joined(workspaceId, 'viewer', [second.id])
    const token = (await User.accessTokens.create(viewer)).value!.release()
    const response = await client
      .get('/api/review-requests/usage')
      .qs({ month: '2026-11' })
      .header('X-Workspace-Id', String(workspaceId))
      .bearerToken(token)
    response.assertStatus(200)
    assert.deepEqual(
      (response.body() as WhatsAppUsageDto).businesses.map((row) => row.businessId),
      [second.id]
    )
  })

  test('a month that is not YYYY-MM is a 422 with the sentence, and signed out is a 401', async ({ client, assert }) => {
    const { token } = await ownerWithBusiness()
    for (const month of ['2026-13', '2026-1', 'november', '2026-11-01', '']) {
      const response = await client.get('/api/review-requests/usage').qs({ month }).bearerToken(token)
      response.assertStatus(422)
      assert.equal(response.body().errors[0].message, 'Choose a month as YYYY-MM, e.g. 2026-12.', month)
    }
    ;(await client.get('/api/review-requests/usage')).assertStatus(401)
  })

  test('the request channels say what a WhatsApp Business message costs', async ({ client, assert }) => {
    const { token, business } = await ownerWithBusiness()
    const channels = (await client.get(`/api/businesses/${business.id}/request-channels`).bearerToken(token)).body() as RequestChannelsDto
    assert.equal(channels.whatsapp.pricePerMessageInr, PRICE)
    assert.equal(PRICE, 0.115)
  })
})
