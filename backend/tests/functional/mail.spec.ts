/*
 * Mail through @adonisjs/mail over SMTP, as production sends it: a real SMTP server on loopback, the app's
 * mailer swapped to it, and what arrived parsed (subject, recipient, both parts, the button's link, the footer).
 */
import { test } from '@japa/runner'
import mail from '@adonisjs/mail/services/main'
import type { Message } from '@adonisjs/mail'
import FeedbackAlertJob from '#jobs/feedback_alert_job'
import TrialExpiryJob from '#jobs/trial_expiry_job'
import { SubscriptionStatus } from '#lib/billing_enums'
import { clock } from '#lib/clock'
import env from '#start/env'
import { isolated } from '#tests/helpers/setup'
import { ownerWithBusiness } from '#tests/helpers/owners'
import { smtpMailbox } from '#tests/helpers/mailbox'
import { ReviewSessionFactory, SubscriptionFactory } from '#database/factories/index'

test.group('Mail over SMTP', (group) => {
  isolated(group)

  test('a feedback alert arrives with the business in the subject, both parts, the inbox link and the footer', async ({
    assert,
    cleanup,
  }) => {
    const smtp = await smtpMailbox(cleanup)
    const { user, business } = await ownerWithBusiness({ business: { name: 'Chai & Co <Andheri>' } })
    await ReviewSessionFactory.merge({
      businessId: business.id,
      rating: 1,
      redirected: false,
      feedback: 'Tea was <b>cold</b> & late',
    }).create()

    // Built as the worker builds it: the app's default mailer, now SMTP.
    assert.deepEqual(await new FeedbackAlertJob().handle({ businessId: business.id }), { alerted: 1 })

    const [sent] = await smtp.waitFor(1)
    assert.equal(sent.kind, 'feedback-alert')
    assert.equal(sent.to, user.email)
    assert.equal(sent.subject, 'New 1-star private rating for Chai & Co <Andheri>')
    assert.include(sent.text, 'A customer rated Chai & Co <Andheri> 1 out of 5 and wrote:')
    assert.include(sent.text, '"Tea was <b>cold</b> & late"')
    assert.include(sent.html, 'Tea was &lt;b&gt;cold&lt;/b&gt; &amp; late')
    assert.notInclude(sent.html, '<b>cold</b>')
    const inbox = `http://localhost:3333/feedbacks?businessId=${business.id}`
    assert.include(sent.links, inbox)
    assert.include(sent.text, inbox)
    assert.include(sent.text, 'because you own Chai & Co <Andheri> on ReviewRoute')
    assert.include(sent.links, 'http://localhost:3333/profile')
  })

  test('a complaint whose customer asked for a call back carries Call and WhatsApp links to that number', async ({ assert, cleanup }) => {
    const smtp = await smtpMailbox(cleanup)
    const { business } = await ownerWithBusiness({ business: { name: 'Chai & Co' } })
    await ReviewSessionFactory.merge({
      businessId: business.id,
      rating: 2,
      redirected: false,
      feedback: 'Waited 40 minutes',
      contactName: 'Kavya',
      contactPhone: '9876543210',
    }).create()
    await ReviewSessionFactory.merge({ businessId: business.id, rating: 1, redirected: false, feedback: 'No call back asked' }).create()

    await new FeedbackAlertJob().handle({ businessId: business.id })

    const [sent] = await smtp.waitFor(1)
    assert.include(sent.links, 'tel:+919876543210')
    const whatsapp = sent.links.find((link) => link.startsWith('https://wa.me/919876543210?text='))!
    assert.include(new URL(whatsapp).searchParams.get('text')!, 'Hello Kavya, this is Chai & Co.')
    assert.include(sent.text, 'Kavya asked you to get in touch: +91 98765 43210')
    // Only the one who asked: one pair of links.
    assert.lengthOf(
      sent.links.filter((link) => link.startsWith('tel:')),
      1
    )
  })

  test('the plan reminder arrives with a link to billing', async ({ assert, cleanup }) => {
    const smtp = await smtpMailbox(cleanup)
    const { user } = await ownerWithBusiness({ owner: { firstName: 'Farida' } })
    await SubscriptionFactory.merge({
      userId: user.id,
      status: SubscriptionStatus.Active,
      currentPeriodStart: clock.now().minus({ days: 28 }),
      currentPeriodEnd: clock.now().plus({ days: 2 }),
    }).create()

    assert.equal((await new TrialExpiryJob().handle()).remindersSent, 1)

    const [sent] = await smtp.waitFor(1)
    assert.equal(sent.kind, 'period-reminder')
    assert.equal(sent.to, user.email)
    assert.match(sent.subject, /^Your ReviewRoute Pro plan ends on \d{1,2} \w+ \d{4}$/)
    assert.include(sent.text, 'Hi Farida')
    assert.include(sent.html, 'Hi Farida')
    assert.include(sent.links, 'http://localhost:3333/billing')
  })

  test("the mailbox takes the app's mail only until the test ends; then mail goes the configured way again", async ({ assert }) => {
    const endOfTest: (() => void | Promise<void>)[] = []
    const smtp = await smtpMailbox((fn) => endOfTest.push(fn))
    const message = (subject: string) => (composed: Message) => {
      composed.to('asha@example.in').subject(subject).text(subject)
    }
    await mail.send(message('During the test'))
    await smtp.waitFor(1)

    for (const fn of endOfTest) await fn()
    // Sent to the closed server, this would throw.
    await mail.send(message('After the test'))

    assert.deepEqual(
      smtp.received.map((sent) => sent.subject),
      ['During the test']
    )
    assert.equal(mail.config.default, env.get('MAIL_TRANSPORT'))
  })
})
