/*
 * Journey 14 (workspaces, team roles and agencies, docs/decisions.md D42), in Debian's Chromium against the production
 * build started like `npm start`:
 *   14a. an owner with a business and a private feedback invites a manager from the Team page; the invitation mail
 *        arrives; the invitee, a new person, opens the link signed out, creates an account with the invited address,
 *        verifies it from the mail and accepts; in the owner's workspace (the switcher shows both of theirs) the
 *        manager marks the feedback resolved, and finds no Billing: not in the menu, not at /billing, not in the API;
 *   14b. a new owner makes an agency workspace from the avatar menu, creates a client workspace and sets the brand
 *        (name, colour, PNG logo) in brand settings; the client's business (added through the API: a client without
 *        a plan opens only Billing, Team and settings) has the agency's name and logo on its customer page and poster,
 *        the client's dashboard its brand; the client's own owner, invited from the Team page, ends the agency's
 *        management: the agency's next request for the client is a 404 and the customer page is ReviewRoute's again.
 * Mails travel over SMTP to a server on loopback. Each journey makes its own people, so they do not depend on each other.
 */
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'node:test'
import { PNG } from 'pngjs'
import { DESKTOP, PHONE } from '../lib/chromium.mjs'
import { linkInMail, readMailFiles } from '../lib/mail-files.mjs'
import { api, expectStatus, query, uniqueEmail } from './support/api.mjs'
import { inJourneyScope, screenshot, screenshotWidths, SCREENSHOTS } from './support/browser.mjs'
import { BASE } from './support/product.mjs'
import { useProductAndBrowser } from './support/run.mjs'
import { GOOGLE_PLACES } from './support/stubs.mjs'
import { waitFor } from './support/wait.mjs'
import { addBusiness, verifiedOwner } from './support/owners.mjs'

const JOURNEY_MS = 240_000
const FEEDBACK = 'The rasmalai was stale and nobody at the counter listened'
/** What a manager reads in Billing's place (frontend/src/lib/roles.ts). */
const OWNER_ONLY_TEXT = 'Only the owners of this workspace can open this page. Ask an owner if you need something here.'

const run = useProductAndBrowser()

/** A registered owner whose address is verified through the mailed link: {email, password, firstName, token}. */
const registeredOwner = (name, password, firstName, lastName) =>
  verifiedOwner(run.product.mailDir, { name, password, firstName, lastName, phone: '9876512345' })

/** The sign-in form of the site, then wherever `redirect` leads. */
async function signInOnPage(page, { email, password }, redirect) {
  await page.goto(`${BASE}/auth?mode=signin&redirect=${encodeURIComponent(redirect)}`)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
}

/** A link of the desktop side menu. */
const sideLink = (page, name) => page.locator('.app-sider').getByRole('link', { name, exact: true })

/** The header's workspace switcher, naming the current workspace. */
const switcher = (page, workspaceName) => page.getByRole('button', { name: `Workspace: ${workspaceName}. Switch workspace` })

/** The newest invitation link mailed to `email` (kind workspace-invitation). */
function invitationLink(email) {
  return waitFor(`the invitation mail to ${email}`, () => linkInMail(run.product.mailDir, 'workspace-invitation', email, '/invite'))
}

/** A solid PNG of `width`×`height` in `rgb`. */
function pngLogo(width, height, [r, g, b]) {
  const png = new PNG({ width, height })
  for (let i = 0; i < width * height; i++) png.data.set([r, g, b, 255], i * 4)
  return PNG.sync.write(png)
}

/** The text pdftotext (poppler) reads from a PDF; with `png`, its first page is also drawn there (pdftoppm). */
function pdfText(bytes, png) {
  const folder = mkdtempSync(join(tmpdir(), 'rr-j14-poster-'))
  try {
    const file = join(folder, 'poster.pdf')
    writeFileSync(file, bytes)
    if (png) execFileSync('pdftoppm', ['-png', '-r', '50', '-singlefile', file, png.replace(/\.png$/, '')])
    return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}

/* ------------------------------------------------------------------------------------------------------------
 * 14a. A manager joins by invitation
 * ---------------------------------------------------------------------------------------------------------- */

test(
  'journey 14a: an owner invites a manager from the Team page; the new person signs up from the mailed link, accepts, resolves a feedback and finds no Billing',
  { timeout: JOURNEY_MS },
  async () => {
    // Setup: an owner with a business and one private 2-star feedback.
    const owner = await registeredOwner('neha.kulkarni', 'misal-pav-2026', 'Neha', 'Kulkarni')
    const place = GOOGLE_PLACES[2] // Lakshmi Sweets & Namkeen
    const business = await addBusiness(owner.token, place.id)
    expectStatus(
      await api('POST', `/api/review/${business.shortUrl}/submit`, { body: { rating: 2, feedback: FEEDBACK } }),
      200,
      'the 2-star rating'
    )
    const [feedback] = await query('SELECT id FROM review_sessions WHERE business_id = ? AND rating = 2', [business.id])
    const [workspace] = expectStatus(await api('GET', '/api/workspaces', { token: owner.token }), 200, "the owner's workspaces")
    assert.equal(workspace.role, 'owner')

    const manager = { email: uniqueEmail('rohit.desai'), password: 'vada-pav-2026', firstName: 'Rohit', lastName: 'Desai' }
    await inJourneyScope(run.browser, 'j14a', async (scope) => {
      // The owner invites the manager from the Team page.
      const page = await (await scope.person({ device: DESKTOP })).newPage()
      await signInOnPage(page, owner, '/dashboard')
      await page.waitForURL('**/dashboard')
      await sideLink(page, 'Team').click()
      await page.waitForURL('**/dashboard/team')
      await page.getByText(`Who works in ${workspace.name}`).waitFor()
      const invite = page.getByRole('form', { name: 'Invite someone' })
      await invite.getByLabel('Email address').fill(manager.email)
      assert.equal(await invite.getByRole('radio', { name: /^Manager/ }).isChecked(), true, 'Manager is the role chosen')
      await screenshotWidths(page, 'j14a', '01-team-invite')
      await invite.getByRole('button', { name: 'Send invitation' }).click()
      await page.getByText(`We emailed ${manager.email} a link to join ${workspace.name}. It works once, for 7 days.`).waitFor()
      await page.getByText(manager.email, { exact: true }).first().waitFor() // under Pending invitations
      await screenshotWidths(page, 'j14a', '02-invitation-pending')

      // The mail arrives with a link to /invite on this site.
      const link = await invitationLink(manager.email)
      assert.ok(link.startsWith(`${BASE}/invite?token=`), `the link points at this site: ${link}`)
      const mail = (await readMailFiles(run.product.mailDir))
        .filter((m) => m.kind === 'workspace-invitation' && m.to === manager.email)
        .at(-1)
      assert.equal(mail.subject, `Neha Kulkarni invited you to ${workspace.name} on ReviewRoute`)

      // The invitee, signed out, opens it and creates an account with the invited address.
      const newcomer = await (await scope.person({ device: DESKTOP })).newPage()
      await newcomer.goto(link)
      // The page names who invites, to which workspace and as what, before any account exists.
      await newcomer.getByRole('heading', { name: `Neha Kulkarni invited you to ${workspace.name}` }).waitFor()
      assert.equal(workspace.name, "Neha's businesses", 'a personal workspace is named for what it holds')
      await newcomer.getByRole('list', { name: 'The invitation' }).getByText('Manager', { exact: true }).waitFor()
      await newcomer.getByText(`Sign in or create an account with ${manager.email}, the address the invitation was sent to.`).waitFor()
      await screenshotWidths(newcomer, 'j14a', '03-invite-signed-out')
      await newcomer.getByRole('button', { name: 'Create an account' }).click()
      await newcomer.waitForURL('**/auth?**')
      // Sign-up starts with the invited address and sells no trial to someone joining a team.
      await newcomer.getByRole('heading', { name: 'Create your account to join' }).waitFor()
      assert.equal(await newcomer.getByLabel('Email').inputValue(), manager.email, 'the invited address is filled in')
      assert.equal(await newcomer.getByText(/free trial/i).count(), 0, 'no trial promised')
      await newcomer.getByLabel('First name').fill(manager.firstName)
      await newcomer.getByLabel('Last name').fill(manager.lastName)
      await newcomer.getByLabel('Password').fill(manager.password)
      await newcomer.getByRole('button', { name: 'Create account' }).click()
      // Back on the invitation, signed in; the new address must be verified first.
      await newcomer.waitForURL((url) => url.pathname === '/invite' && url.searchParams.has('token'))
      await newcomer.getByText(`You will join as`).waitFor()
      await newcomer.getByText('Verify your email address to accept').waitFor()
      await screenshot(newcomer, 'j14a', '04-invite-verify-first')
      const verifyLink = await waitFor('the verification mail', () =>
        linkInMail(run.product.mailDir, 'verify-email', manager.email, '/auth/verify')
      )
      const mailTab = await newcomer.context().newPage()
      await mailTab.goto(verifyLink)
      await mailTab.getByText('Email verified').waitFor()
      await mailTab.close()

      await newcomer.getByRole('button', { name: 'Accept invitation' }).click()
      await newcomer.waitForURL('**/dashboard')
      const managerToken = await newcomer.evaluate(() => localStorage.getItem('reviewroute.token'))
      assert.ok(managerToken && managerToken.length > 20, 'the browser holds the new account token')

      // Their own personal workspace and the owner's: the switcher shows the owner's as the current one.
      const theirs = expectStatus(await api('GET', '/api/workspaces', { token: managerToken }), 200, "the manager's workspaces")
      assert.deepEqual(theirs.map((w) => [w.id === workspace.id, w.role]).sort(), [
        [false, 'owner'],
        [true, 'manager'],
      ])
      await switcher(newcomer, workspace.name).click()
      const menu = newcomer.locator('.workspace-menu')
      await menu.getByText(`Personal · Manager`).waitFor()
      await screenshotWidths(newcomer, 'j14a', '05-manager-switcher')
      await newcomer.keyboard.press('Escape')

      // The feedback inbox: the owner's feedback, marked resolved by the manager.
      await sideLink(newcomer, 'Feedback').click()
      await newcomer.waitForURL('**/feedbacks')
      const item = newcomer.locator('.ant-list-item, .ant-card').filter({ hasText: FEEDBACK }).first()
      await item.waitFor()
      await item.getByRole('button', { name: 'Mark as resolved' }).click()
      await item.getByText('Resolved', { exact: true }).waitFor()
      await screenshot(newcomer, 'j14a', '06-feedback-resolved')
      const shown = expectStatus(
        await api('GET', `/api/feedbacks/${feedback.id}`, { token: managerToken, headers: { 'x-workspace-id': String(workspace.id) } }),
        200,
        'the feedback through the API'
      )
      assert.equal(shown.resolved, true, 'the API says the feedback is resolved')
      const [row] = await query('SELECT resolved_at FROM review_sessions WHERE id = ?', [feedback.id])
      assert.ok(row.resolved_at, 'resolved_at is stored')

      // No Billing for a manager: not in the menu, not at /billing, not through the API (the owner's is there).
      assert.equal(await sideLink(newcomer, 'Billing').count(), 0, 'no Billing in the side menu')
      assert.equal(await sideLink(page, 'Billing').count(), 1, "the owner's side menu has Billing")
      await newcomer.goto(`${BASE}/billing`)
      await newcomer.getByText(OWNER_ONLY_TEXT).waitFor()
      assert.equal(await newcomer.getByRole('button', { name: /Upgrade|Choose|Buy/ }).count(), 0, 'no plan to buy')
      await screenshot(newcomer, 'j14a', '07-manager-billing')
      const asManager = await api('GET', '/api/billing/payments', {
        token: managerToken,
        headers: { 'x-workspace-id': String(workspace.id) },
      })
      assert.equal(asManager.status, 403, `the billing API refuses the manager: ${JSON.stringify(asManager.body)}`)
      assert.equal(
        (await api('GET', '/api/billing/payments', { token: owner.token, headers: { 'x-workspace-id': String(workspace.id) } })).status,
        200,
        'the same call answers the owner'
      )
    })
  }
)

/* ------------------------------------------------------------------------------------------------------------
 * 14b. An agency, its client and its brand
 * ---------------------------------------------------------------------------------------------------------- */

test(
  "journey 14b: an agency creates a client and sets its brand; the client's customer page, poster and dashboard carry it until the client's owner ends the management",
  { timeout: JOURNEY_MS },
  async () => {
    const BRAND = { name: 'Asha Digital', color: '#0ea5e9', rgb: 'rgb(14, 165, 233)' }
    const CLIENT = 'Marwar Thali House (client)'
    const place = GOOGLE_PLACES[4] // Marwar Thali House
    const logo = pngLogo(96, 32, [14, 165, 233])

    const AGENCY = 'Asha Digital Agency'
    const agencyOwner = await registeredOwner('asha.verma', 'pani-puri-2026', 'Asha', 'Verma')
    const clientOwner = await registeredOwner('mahendra.rathore', 'dal-baati-2026', 'Mahendra', 'Rathore')

    await inJourneyScope(run.browser, 'j14b', async (scope) => {
      const page = await (await scope.person({ device: DESKTOP })).newPage()
      await signInOnPage(page, agencyOwner, '/dashboard')
      await page.waitForURL('**/dashboard')

      // One workspace, so no switcher: "New workspace" is in the avatar menu. An agency, which opens at once.
      assert.equal(await page.locator('.workspace-switcher').count(), 0, 'no switcher with one workspace')
      await page.getByRole('button', { name: 'User menu' }).click()
      await page.getByRole('menuitem', { name: 'New workspace' }).click()
      const create = page.getByRole('dialog', { name: 'New workspace' })
      await create.getByLabel('Name').fill(AGENCY)
      await create.getByRole('radio', { name: /^Agency/ }).check()
      await screenshot(page, 'j14b', '00-new-agency')
      await create.getByRole('button', { name: 'Create workspace' }).click()
      await switcher(page, AGENCY).waitFor()
      const agency = expectStatus(await api('GET', '/api/workspaces', { token: agencyOwner.token }), 200, 'the workspaces').find(
        (w) => w.name === AGENCY
      )
      assert.equal(agency?.kind, 'agency', 'the new workspace is an agency')
      assert.equal(agency.role, 'owner')

      // Clients → Create client.
      await sideLink(page, 'Clients').click()
      await page.waitForURL('**/dashboard/clients')
      await page.getByText('No clients yet').waitFor()
      await page.getByRole('button', { name: 'Create your first client' }).click()
      const createClient = page.getByRole('dialog').filter({ hasText: 'Client name' })
      await createClient.getByLabel('Client name').fill(CLIENT)
      await createClient.getByRole('button', { name: 'Create client' }).click()
      await page.getByText(`${CLIENT} has its own workspace now. Open it to add its businesses.`).waitFor()
      await page
        .getByRole('cell', { name: CLIENT })
        .or(page.getByText(CLIENT, { exact: true }))
        .first()
        .waitFor()
      await screenshotWidths(page, 'j14b', '01-clients')
      const client = expectStatus(await api('GET', '/api/workspaces', { token: agencyOwner.token }), 200, 'the workspaces').find(
        (w) => w.name === CLIENT
      )
      assert.ok(client, 'the client workspace exists')
      assert.equal(client.kind, 'client')
      assert.deepEqual(client.managedBy, { id: agency.id, name: agency.name })

      // Brand settings: name, colour, PNG logo.
      await sideLink(page, 'Brand').click()
      await page.waitForURL('**/dashboard/brand')
      await page.locator('#brand-name').fill(BRAND.name)
      await page.getByLabel('Colour code').fill(BRAND.color)
      await page.getByLabel('Logo file').setInputFiles({ name: 'asha-digital.png', mimeType: 'image/png', buffer: logo })
      const preview = page.getByRole('region', { name: 'Preview' }).or(page.locator('[aria-label="Preview"]')).first()
      await preview.locator('img.brand-logo').waitFor()
      await preview.getByText(BRAND.name, { exact: true }).waitFor()
      await page.getByRole('button', { name: 'Save brand' }).click()
      await page.getByText('Your clients see it the next time they open their dashboard.').waitFor()
      await screenshotWidths(page, 'j14b', '02-brand')
      const brand = expectStatus(await api('GET', `/api/workspaces/${agency.id}/brand`, { token: agencyOwner.token }), 200, 'the brand')
      assert.equal(brand.name, BRAND.name)
      assert.equal(brand.color, BRAND.color)
      assert.match(brand.logoUrl, /^\/brand-logos\/[0-9a-f]{64}\.png$/)
      const served = await fetch(`${BASE}${brand.logoUrl}`)
      assert.equal(served.status, 200)
      assert.ok(Buffer.from(await served.arrayBuffer()).equals(logo), 'the logo is served as uploaded')

      // The client's business, added through the API in the client's workspace (its free plan takes one), as the
      // dashboard's search would.
      const { business } = expectStatus(
        await api('POST', '/api/select-business', {
          token: agencyOwner.token,
          body: { placeId: place.id },
          headers: { 'x-workspace-id': String(client.id) },
        }),
        201,
        "adding the client's business"
      )
      await page.goto(`${BASE}/dashboard/clients`)
      const clientRow = page.locator('tr, .ant-card').filter({ hasText: CLIENT }).last()
      await clientRow.getByText('1', { exact: true }).first().waitFor()

      // Open the client: its dashboard carries the agency's brand (logo and name at the menu's top, its colour in the switcher).
      await clientRow.getByRole('button', { name: 'Open' }).click()
      await switcher(page, CLIENT).waitFor()
      const siderBrand = page.locator('.app-sider .app-brand')
      await siderBrand.getByText(BRAND.name, { exact: true }).waitFor()
      assert.equal(await siderBrand.locator('img.brand-logo').getAttribute('src'), brand.logoUrl)
      assert.equal(
        await switcher(page, CLIENT)
          .locator('.workspace-mark')
          .evaluate((mark) => getComputedStyle(mark).backgroundColor),
        BRAND.rgb,
        "the switcher marks the client in the brand's colour"
      )
      // On the free plan the client's dashboard opens (no trial, and not locked): its business is there to try.
      await page.waitForURL('**/dashboard')
      await page.getByText(business.name).first().waitFor()
      assert.equal(await page.getByText('Trial Expired').count(), 0)
      assert.equal(new URL(page.url()).pathname, '/dashboard', 'not sent to Billing')
      await screenshot(page, 'j14b', '03-client-dashboard')

      // The customer page names the agency, with its logo, and not ReviewRoute.
      const customer = await (await scope.person({ device: PHONE })).newPage()
      await customer.goto(`${BASE}/review/${business.shortUrl}`)
      const footer = customer.locator('footer')
      await footer.getByText(`Powered by ${BRAND.name}`).waitFor()
      const pageLogo = footer.locator('img.brand-logo')
      assert.equal(await pageLogo.getAttribute('src'), brand.logoUrl)
      // The logo is fetched last (lazy, low priority): wait for it.
      const logoWidth = await pageLogo.evaluate((img) =>
        img.complete && img.naturalWidth
          ? img.naturalWidth
          : new Promise((resolve) => img.addEventListener('load', () => resolve(img.naturalWidth)))
      )
      assert.equal(logoWidth, 96, 'the logo loads')
      assert.ok(!(await customer.locator('body').innerText()).includes('ReviewRoute'), 'ReviewRoute is not named on the page')
      await screenshotWidths(customer, 'j14b', '04-customer-page-branded', [390, 1280])

      // The poster names the agency too.
      const poster = await fetch(`${BASE}/api/businesses/${business.id}/poster.pdf`, {
        headers: { 'authorization': `Bearer ${agencyOwner.token}`, 'x-workspace-id': String(client.id) },
      })
      assert.equal(poster.status, 200)
      const posterText = pdfText(Buffer.from(await poster.arrayBuffer()), join(SCREENSHOTS, 'j14b-04-poster-branded.png'))
      assert.match(posterText, new RegExp(`Powered by ${BRAND.name}`))
      assert.ok(!posterText.includes('ReviewRoute'), `the poster does not name ReviewRoute:\n${posterText}`)

      // The agency invites the client's own owner from the client's Team page.
      await sideLink(page, 'Team').click()
      await page.waitForURL('**/dashboard/team')
      await page.getByText('No members of its own yet').waitFor()
      const invite = page.getByRole('form', { name: 'Invite someone' })
      await invite.getByLabel('Email address').fill(clientOwner.email)
      await invite.getByRole('radio', { name: /^Owner/ }).check()
      await invite.getByRole('button', { name: 'Send invitation' }).click()
      await page.getByText(`We emailed ${clientOwner.email} a link to join ${CLIENT}.`, { exact: false }).waitFor()
      await screenshot(page, 'j14b', '05-client-team-invite')

      // The client's owner signs in from the invitation and accepts.
      const link = await invitationLink(clientOwner.email)
      const own = await (await scope.person({ device: DESKTOP })).newPage()
      await own.goto(link)
      await own.getByRole('button', { name: 'Sign in to accept' }).click()
      await own.waitForURL('**/auth?**')
      await own.getByLabel('Email').fill(clientOwner.email)
      await own.getByLabel('Password').fill(clientOwner.password)
      await own.getByRole('button', { name: 'Sign In' }).click()
      await own.waitForURL((url) => url.pathname === '/invite')
      await own.getByRole('button', { name: 'Accept invitation' }).click()
      await own.waitForURL((url) => url.pathname !== '/invite')
      await switcher(own, CLIENT).waitFor()

      // Their dashboard wears the agency's brand too.
      await own.locator('.app-sider .app-brand').getByText(BRAND.name, { exact: true }).waitFor()

      // ...and ends the agency's management from the Team page.
      await sideLink(own, 'Team').click()
      await own.waitForURL('**/dashboard/team')
      await own.getByText(`Managed by ${agency.name}`).waitFor()
      await own.getByRole('button', { name: `End ${agency.name}'s management` }).click()
      const confirm = own.getByRole('dialog').filter({ hasText: `End ${agency.name}'s management?` })
      await screenshot(own, 'j14b', '06-end-management')
      await confirm.getByRole('button', { name: 'End management' }).click()
      await own.getByText(`${agency.name} no longer manages ${CLIENT}.`).waitFor()
      await own.locator('.app-sider .app-brand').getByText('ReviewRoute', { exact: true }).waitFor()
      await screenshot(own, 'j14b', '07-management-ended')

      // The agency's very next request for the client finds no workspace.
      const members = await api('GET', `/api/workspaces/${client.id}/members`, { token: agencyOwner.token })
      assert.equal(members.status, 404, `the client's members: ${JSON.stringify(members.body)}`)
      const businesses = await api('GET', '/api/businesses', {
        token: agencyOwner.token,
        headers: { 'x-workspace-id': String(client.id) },
      })
      assert.equal(businesses.status, 404, `the client's businesses: ${JSON.stringify(businesses.body)}`)
      const left = expectStatus(await api('GET', '/api/workspaces', { token: agencyOwner.token }), 200, "the agency owner's workspaces")
      assert.ok(!left.some((w) => w.id === client.id), "the client is no longer among the agency owner's workspaces")
      // The agency's dashboard, still in the client's workspace, meets the 404 and opens its default workspace.
      await page.reload()
      const personal = left.find((w) => w.kind === 'personal')
      await switcher(page, personal.name).waitFor()
      await page.locator('.workspace-switcher').click()
      assert.equal(
        await page.locator('.workspace-menu').getByText(CLIENT, { exact: true }).count(),
        0,
        'the switcher no longer lists the client'
      )
      await screenshot(page, 'j14b', '09-agency-after')
      await page.keyboard.press('Escape')

      // The customer page is ReviewRoute's again.
      await customer.reload()
      await customer.locator('footer').getByText('Powered by ReviewRoute').waitFor()
      assert.equal(await customer.locator('img.brand-logo').count(), 0, 'no agency logo')
      assert.ok(!(await customer.locator('body').innerText()).includes(BRAND.name), 'the agency is not named')
      await screenshot(customer, 'j14b', '08-customer-page-plain')
    })
  }
)
