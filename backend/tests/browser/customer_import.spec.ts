/*
 * The customers' CSV import in Chromium, on a phone and on a computer (docs/screens.md#review-requests): with a long
 * preview the dialog's body scrolls and its footer, with the consent tick and the Import button, stays on screen.
 */
import { test } from '@japa/runner'
import { isolated } from '#tests/helpers/setup'
import { ownerWithBusiness } from '#tests/helpers/owners'
import { DESKTOP, PHONE, assertDashboardReady, baseUrl, openBrowser } from '#tests/helpers/browser'

/** 120 customers and a row of each kind of problem: the preview is far taller than a screen. */
const LONG_CSV = [
  'name,phone,email',
  ...Array.from({ length: 120 }, (_, i) => `Customer ${i + 1},9${String(876500000 + i)},`),
  'Meena,9876599999,not-an-email',
  'No Contact,,',
].join('\n')

for (const [device, options] of [
  ['a phone', PHONE],
  ['a computer', DESKTOP],
] as const) {
  test.group(`Customer import in Chromium on ${device}`, (group) => {
    isolated(group)

    test('a long preview scrolls inside the dialog; the Import button stays in view', async ({ assert, cleanup }) => {
      assertDashboardReady()
      const { token } = await ownerWithBusiness()
      const context = await openBrowser(options)
      cleanup(() => context.close())
      await context.addInitScript((value) => (globalThis as any).localStorage.setItem('reviewroute.token', value), token)
      const page = await context.newPage()

      await page.goto(`${baseUrl()}/dashboard/customers`)
      await page.getByRole('button', { name: /Import CSV/ }).click()
      const dialog = page.getByRole('dialog')
      await dialog.getByLabel('CSV file').setInputFiles({ name: 'customers.csv', mimeType: 'text/csv', buffer: Buffer.from(LONG_CSV) })
      await dialog.getByText('121 customers new, 0 already on your list, 1 skipped').waitFor()

      const importButton = dialog.getByRole('button', { name: 'Import 121 customers' })
      const consent = dialog.getByRole('checkbox', { name: 'Everyone in this file agreed to get a message from us' })
      const viewport = options.viewport!
      for (const control of [importButton, consent]) {
        const box = (await control.boundingBox())!
        assert.isAtLeast(box.y, 0)
        assert.isAtMost(box.y + box.height, viewport.height, 'the footer is below the screen')
      }
      // The page itself does not scroll to reach it: the dialog's body does.
      assert.isTrue(await page.locator('.import-modal .ant-modal-body').evaluate((body) => body.scrollHeight > body.clientHeight))
      await consent.check()
      assert.isTrue(await importButton.isEnabled())
    }).timeout(60_000)
  })
}
