/*
 * Journeys 7 and 8 (accounts, docs/decisions.md D29), in Debian's Chromium against the production build started like `npm start`:
 *   7. an owner who forgot the password asks for a reset link, chooses a new password from the mail and lands on
 *      the dashboard; every other device is signed out, the old password stops working and the link works once;
 *   8. an owner with a business deletes the account from the profile (a wrong password first); the account, the
 *      business and its ratings are gone, the review link answers 404 and a payment stays, no longer linked.
 *   9. a new owner signs up with "Continue with Google" (a real OpenID provider on loopback: its login and consent
 *      pages), lands where they were going with a verified address, and later signs in the same way to the same
 *      account on another device.
 * Mails travel over SMTP to a server on loopback. Each journey makes its own owner, so they do not depend on each other.
 */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { DESKTOP, PHONE } from '../lib/chromium.mjs'
import { linkInMail } from '../lib/mail-files.mjs'
import { api, expectStatus, query, uniqueEmail } from './support/api.mjs'
import { inJourneyScope, screenshot } from './support/browser.mjs'
import { BASE } from './support/product.mjs'
import { useProductAndBrowser } from './support/run.mjs'
import { GOOGLE_PLACES, OIDC_ACCOUNTS } from './support/stubs.mjs'
import { waitFor } from './support/wait.mjs'
import { addBusiness, savePhone, verifiedOwner } from './support/owners.mjs'

const JOURNEY_MS = 120_000
const PLACE = GOOGLE_PLACES[1]

const run = useProductAndBrowser()

async function signIn(email, password) {
  return api('POST', '/api/auth/login', { body: { email, password } })
}

/** A registered owner whose address is verified through the mailed link: {email, password, firstName, token}. */
const registeredOwner = (name, password, firstName, lastName) => verifiedOwner(run.product.mailDir, { name, password, firstName, lastName })

/* ------------------------------------------------------------------------------------------------------------
 * 7. Forgot password
 * ---------------------------------------------------------------------------------------------------------- */

test(
  'journey 7: an owner resets a forgotten password from the mail, lands on the dashboard, other devices are signed out and the link works once',
  { timeout: JOURNEY_MS },
  async () => {
    const owner = await registeredOwner('arjun.menon', 'appam-stew-2026', 'Arjun', 'Menon')
    const newPassword = 'puttu-kadala-2027'
    // The owner is also signed in on a second device.
    const otherDevice = expectStatus(await signIn(owner.email, owner.password), 200, 'signing in on the other device').token
    expectStatus(await api('GET', '/api/auth/user', { token: otherDevice }), 200, 'the other device before the reset')

    await inJourneyScope(run.browser, 'j7', async (scope) => {
      const page = await (await scope.person({ device: DESKTOP })).newPage()
      await page.goto(`${BASE}/auth?mode=signin`)
      await page.getByRole('heading', { name: 'Welcome back' }).waitFor()
      await page.getByLabel('Email').fill(owner.email)
      await screenshot(page, 'j7', '01-signin')
      await page.getByRole('link', { name: 'Forgot password?' }).click()
      await page.waitForURL('**/auth/forgot')
      await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor()
      // The address typed on the sign-in form comes along.
      assert.equal(await page.getByLabel('Email').inputValue(), owner.email)
      await screenshot(page, 'j7', '02-forgot')
      await page.getByRole('button', { name: 'Send reset link' }).click()
      await page.getByRole('heading', { name: 'Check your email' }).waitFor()
      await page.getByRole('status').filter({ hasText: owner.email }).waitFor()
      await screenshot(page, 'j7', '03-check-email')

      const resetLink = await waitFor('the password reset mail', () =>
        linkInMail(run.product.mailDir, 'password-reset', owner.email, '/auth/reset')
      )
      assert.ok(resetLink.startsWith(`${BASE}/auth/reset?token=`), `the link points at this site: ${resetLink}`)

      await page.goto(resetLink)
      await page.getByRole('heading', { name: 'Choose a new password' }).waitFor()
      await page.getByLabel('New password', { exact: true }).fill(newPassword)
      await page.getByLabel('Confirm new password').fill(newPassword)
      await screenshot(page, 'j7', '04-new-password')
      await page.getByRole('button', { name: 'Set new password' }).click()
      await page.waitForURL('**/dashboard')
      await page.getByText(`Hi, ${owner.firstName}!`).first().waitFor()
      const browserToken = await page.evaluate(() => localStorage.getItem('reviewroute.token'))
      assert.ok(browserToken && browserToken.length > 20, 'the reset signed the browser in')
      expectStatus(await api('GET', '/api/auth/user', { token: browserToken }), 200, "the browser's new session")
      await screenshot(page, 'j7', '05-dashboard')

      // Every other session is revoked; only the new password signs in.
      assert.equal((await api('GET', '/api/auth/user', { token: otherDevice })).status, 401, 'the other device is signed out')
      assert.equal((await api('GET', '/api/auth/user', { token: owner.token })).status, 401, 'the registration session is signed out')
      assert.equal((await signIn(owner.email, owner.password)).status, 400, 'the old password no longer signs in')
      assert.equal((await signIn(owner.email, newPassword)).status, 200, 'the new password signs in')

      // The link works once, and says so as soon as it is opened again.
      const again = await (await scope.person({ device: DESKTOP })).newPage()
      await again.goto(resetLink)
      await again.getByRole('heading', { name: 'This link does not work' }).waitFor()
      await again.getByRole('alert').waitFor()
      await again.getByRole('link', { name: 'Ask for a new link' }).waitFor()
      assert.equal(await again.getByLabel('New password', { exact: true }).count(), 0, 'no form for a used link')
      await screenshot(again, 'j7', '06-link-used')
      expectStatus(
        await api('POST', '/api/auth/reset-password', {
          body: { token: new URL(resetLink).searchParams.get('token'), password: 'another-one-2028' },
        }),
        400,
        'the used link through the API'
      )
      assert.equal((await signIn(owner.email, 'another-one-2028')).status, 400, 'the used link changed nothing')
      assert.equal((await signIn(owner.email, newPassword)).status, 200, 'the new password still signs in')
    })
  }
)

/* ------------------------------------------------------------------------------------------------------------
 * 8. Delete account
 * ---------------------------------------------------------------------------------------------------------- */

test(
  'journey 8: an owner deletes the account from the profile; account, business and ratings go, the payment stays unlinked',
  { timeout: JOURNEY_MS },
  async () => {
    const owner = await registeredOwner('meena.iyer', 'filter-kaapi-2026', 'Meena', 'Iyer')
    await savePhone(owner.token, '9876501234')
    const business = await addBusiness(owner.token, PLACE.id)
    expectStatus(await api('POST', `/api/review/${business.shortUrl}/submit`, { body: { rating: 5 } }), 200, 'a customer rating')
    const [{ id: userId }] = await query('SELECT id FROM users WHERE email = ?', [owner.email])
    // Setup data: a paid order of this owner (payments are tax records the deletion keeps).
    const [plan] = await query('SELECT id, total_price FROM subscription_plans ORDER BY id LIMIT 1')
    const orderId = `order_j8${Date.now().toString(36)}`
    const inserted = await query(
      "INSERT INTO payments (user_id, plan_id, razorpay_order_id, razorpay_payment_id, amount, currency, status, paid_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'INR', 'paid', UTC_TIMESTAMP(), UTC_TIMESTAMP(), UTC_TIMESTAMP())",
      [userId, plan.id, orderId, `pay_j8${Date.now().toString(36)}`, plan.total_price]
    )
    const paymentId = inserted.insertId
    assert.equal((await query('SELECT COUNT(*) AS n FROM review_sessions WHERE business_id = ?', [business.id]))[0].n, 1)

    await inJourneyScope(run.browser, 'j8', async (scope) => {
      const page = await (await scope.person({ device: DESKTOP })).newPage()
      await page.goto(`${BASE}/auth?mode=signin&redirect=/profile`)
      await page.getByLabel('Email').fill(owner.email)
      await page.getByLabel('Password').fill(owner.password)
      await page.getByRole('button', { name: 'Sign In' }).click()
      await page.waitForURL('**/profile')
      const card = page.locator('.ant-card').filter({ has: page.getByText('Your data', { exact: true }) })
      await card.getByRole('button', { name: 'Delete my account' }).waitFor()
      await card.scrollIntoViewIfNeeded()
      await screenshot(page, 'j8', '01-profile')

      await card.getByRole('button', { name: 'Delete my account' }).click()
      const dialog = page.getByRole('dialog').filter({ hasText: 'Delete your account?' })
      await dialog.getByText('This cannot be undone.').waitFor()
      await dialog.getByText('Deleted for good').waitFor()
      await dialog.getByText('Kept, and why').waitFor()
      const confirm = dialog.getByRole('button', { name: 'Delete my account' })
      assert.equal(await confirm.isDisabled(), true, 'nothing is deleted before a password is typed')
      await screenshot(page, 'j8', '02-dialog')

      // A wrong password: the error is under the field and nothing is deleted.
      // By its autocomplete, not its label: the form's field id "password" is also the Password card's "New
      // password" input on the same page, so the label "Your password" points at that one (reported, not fixed here).
      await dialog.getByText('Your password', { exact: true }).waitFor()
      const password = dialog.locator('input[autocomplete="current-password"]')
      await password.fill('not-my-password')
      await confirm.click()
      const fieldError = dialog.locator('.ant-form-item').filter({ hasText: 'Your password' }).locator('.ant-form-item-explain-error')
      await fieldError.waitFor()
      assert.match(await fieldError.textContent(), /password/i, 'the error is about the password')
      assert.equal((await query('SELECT COUNT(*) AS n FROM users WHERE id = ?', [userId]))[0].n, 1, 'a wrong password deletes nothing')
      await screenshot(page, 'j8', '03-wrong-password')

      // The dialog on a phone's width.
      await page.setViewportSize({ width: PHONE.viewport.width, height: PHONE.viewport.height })
      await screenshot(page, 'j8', '04-dialog-390')
      await page.setViewportSize(DESKTOP.viewport)

      await password.fill(owner.password)
      await confirm.click()
      await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('account') === 'deleted')
      await page.getByRole('heading', { level: 1 }).waitFor()
      assert.equal(await page.evaluate(() => localStorage.getItem('reviewroute.token')), null, 'the browser forgot the token')
      await screenshot(page, 'j8', '05-site')

      // Behind it: the account, its business and ratings are gone; the payment stays, no longer linked.
      assert.equal((await signIn(owner.email, owner.password)).status, 400, 'signing in fails')
      assert.equal((await api('GET', '/api/auth/user', { token: owner.token })).status, 401, 'the old session is revoked')
      assert.equal((await query('SELECT COUNT(*) AS n FROM users WHERE id = ?', [userId]))[0].n, 0, 'the user row is gone')
      assert.equal(
        (await query('SELECT COUNT(*) AS n FROM businesses WHERE user_id = ? OR id = ?', [userId, business.id]))[0].n,
        0,
        'the business is gone'
      )
      assert.equal(
        (await query('SELECT COUNT(*) AS n FROM review_sessions WHERE business_id = ?', [business.id]))[0].n,
        0,
        'the ratings are gone'
      )
      assert.equal((await api('GET', `/api/business/by-url/${business.shortUrl}`)).status, 404, 'the review link answers 404')
      const [payment] = await query('SELECT user_id, razorpay_order_id, status FROM payments WHERE id = ?', [paymentId])
      assert.ok(payment, 'the payment is kept')
      assert.equal(payment.user_id, null, 'the payment is no longer linked to the owner')
      assert.equal(payment.razorpay_order_id, orderId)
    })
  }
)

/* ------------------------------------------------------------------------------------------------------------
 * 9. Continue with Google
 * ---------------------------------------------------------------------------------------------------------- */

/** From the site's sign-in page through the provider's login and consent pages back to our site. */
async function continueWithGoogle(page, login, shots) {
  await page.getByRole('link', { name: 'Continue with Google' }).click()
  await page.waitForURL(`${run.product.oidc.issuer}/**`)
  await page.getByPlaceholder('Enter any login').fill(login)
  await page.getByPlaceholder('and password').fill('not-checked-by-the-dev-provider')
  if (shots) await screenshot(page, 'j9', shots)
  await page.getByRole('button', { name: 'Sign-in' }).click()
  // First time for this browser at the provider: its consent page.
  await page.getByRole('button', { name: 'Continue' }).click()
}

test(
  'journey 9: a new owner signs up with Continue with Google and lands where they were going; later the same account on another device',
  { timeout: JOURNEY_MS },
  async () => {
    const person = OIDC_ACCOUNTS['google-priya']
    await inJourneyScope(run.browser, 'j9', async (scope) => {
      const page = await (await scope.person({ device: PHONE })).newPage()
      await page.goto(`${BASE}/auth?mode=signup&redirect=${encodeURIComponent('/profile')}`)
      await page.getByRole('link', { name: 'Continue with Google' }).waitFor()
      await screenshot(page, 'j9', '01-signup')
      await continueWithGoogle(page, 'google-priya', '02-provider-login')

      await page.waitForURL('**/profile')
      const token = await page.evaluate(() => localStorage.getItem('reviewroute.token'))
      assert.ok(token && token.length > 20, 'the browser holds our token')
      // The one-time code is not left in the address bar or history entry.
      assert.ok(!page.url().includes('code='), `no code in ${page.url()}`)
      const me = expectStatus(await api('GET', '/api/auth/user', { token }), 200, 'the new owner')
      assert.equal(me.email, person.email)
      assert.equal(me.emailVerified, true)
      assert.equal(me.firstName, person.given_name)
      assert.ok(me.trialEndsAt, 'a trial started')
      await page.getByText(person.email).first().waitFor()
      await screenshot(page, 'j9', '03-profile')

      // Another device, signing in this time: the same account, no second one.
      const desktop = await (await scope.person({ device: DESKTOP })).newPage()
      await desktop.goto(`${BASE}/auth?mode=signin`)
      await continueWithGoogle(desktop, 'google-priya')
      await desktop.waitForURL('**/dashboard')
      const desktopToken = await desktop.evaluate(() => localStorage.getItem('reviewroute.token'))
      const again = expectStatus(await api('GET', '/api/auth/user', { token: desktopToken }), 200, 'the desktop session')
      assert.equal(again.id, me.id)
      const [{ count }] = await query('SELECT COUNT(*) AS count FROM users WHERE email = ?', [person.email])
      assert.equal(Number(count), 1)
      await screenshot(desktop, 'j9', '04-dashboard')
    })
  }
)

/* ------------------------------------------------------------------------------------------------------------
 * 12. Operator console
 * ---------------------------------------------------------------------------------------------------------- */

test(
  "journey 12: an operator made by ace signs in, sets up TOTP, finds a locked-out owner and extends the trial with a reason; the owner's lock lifts and the audit log shows it",
  { timeout: JOURNEY_MS },
  async () => {
    // An owner whose trial ended yesterday: locked to the billing page.
    const owner = await registeredOwner('kavya.rao', 'masala-dosa-2026', 'Kavya', 'Rao')
    await query('UPDATE users SET trial_ends_at = NOW() - INTERVAL 1 DAY WHERE email = ?', [owner.email])
    assert.equal(expectStatus(await api('GET', '/api/billing/trial-status', { token: owner.token }), 200, 'trial status').isLimited, true)

    const operatorEmail = uniqueEmail('ops')
    const created = run.product.ace(['operator:create', operatorEmail])
    const password = /one-time password: (\S+)/.exec(created)?.[1]
    assert.ok(password, `ace printed the one-time password:\n${created}`)
    // The console answers 404 to the owner.
    assert.equal((await api('GET', '/api/admin/users', { token: owner.token })).status, 404)

    await inJourneyScope(run.browser, 'j12', async (scope) => {
      const page = await (await scope.person({ device: DESKTOP })).newPage()
      await page.goto(`${BASE}/auth?mode=signin`)
      await page.getByLabel('Email').fill(operatorEmail)
      await page.getByLabel('Password').fill(password)
      await page.getByRole('button', { name: 'Sign In' }).click()
      await page.waitForURL('**/admin**')

      // TOTP: the key under the QR code, a code from it, the recovery codes once.
      const key = page.locator('.admin-secret code')
      await key.waitFor()
      await screenshot(page, 'j12', '01-enrol')
      const secret = (await key.innerText()).replace(/\s/g, '')
      const { generate } = await import('otplib')
      await page.getByLabel('6-digit code').fill(await generate({ secret }))
      await page.getByRole('button', { name: 'Turn on two-factor' }).click()
      await page.getByRole('list', { name: 'Recovery codes' }).waitFor()
      assert.equal(await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').count(), 10)
      await screenshot(page, 'j12', '02-recovery-codes')
      await page.getByText('I have saved my recovery codes').click()
      await page.getByRole('button', { name: 'Continue to the console' }).click()

      // Find the owner, open them, extend the trial with a reason.
      await page.getByPlaceholder('Email or name').fill('kavya.rao')
      await page.getByPlaceholder('Email or name').press('Enter')
      await page.getByRole('link', { name: owner.email }).click()
      await page.waitForURL('**/admin/users/*')
      await page.getByRole('button', { name: 'Extend trial' }).click()
      const dialog = page.getByRole('dialog').filter({ hasText: `Extend the trial of ${owner.email}` })
      await dialog.getByLabel('Days to add').fill('7')
      await dialog.getByLabel('Reason').fill('Owner asked on the phone for a week more to try requests')
      await screenshot(page, 'j12', '03-extend-trial')
      await dialog.getByRole('button', { name: 'Extend trial' }).click()
      await dialog.waitFor({ state: 'hidden' })
      await page.getByText('Trial', { exact: true }).first().waitFor()
      await screenshot(page, 'j12', '04-user')

      // The owner's lock lifts at once.
      const status = expectStatus(await api('GET', '/api/billing/trial-status', { token: owner.token }), 200, 'trial status after')
      assert.equal(status.isLimited, false)
      assert.equal(status.isTrialActive, true)

      // The audit log shows who, what and why.
      await page.getByRole('link', { name: 'Audit log' }).click()
      await page.waitForURL('**/admin/audit-log')
      await page.getByText('Owner asked on the phone for a week more to try requests').waitFor()
      await page.getByText(operatorEmail).first().waitFor()
      await screenshot(page, 'j12', '05-audit-log')
      const [row] = await query('SELECT action, target_type, operator_email, reason FROM audit_logs ORDER BY id DESC LIMIT 1')
      assert.deepEqual(
        { ...row },
        {
          action: 'user.extend_trial',
          target_type: 'user',
          operator_email: operatorEmail,
          reason: 'Owner asked on the phone for a week more to try requests',
        }
      )
    })
  }
)
