/* The operator's TOTP step (docs/decisions.md D34): a 403 `twoFactor` leads to it, a good code leads back; enrolment. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { TwoFactorActivatedDto, TwoFactorEnrollmentDto } from '@reviewroute/backend/types/api'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setViewport } from '../chrome/chrome-helpers'
import { adminUser, list, loadConsoleFirst, operatorApi, renderApp, verified, where } from './admin-fixtures'

loadConsoleFirst()

beforeEach(() => setViewport(1280))
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const VERIFY_FIRST = {
  status: 403,
  body: {
    error: 'Enter the code from your authenticator app.',
    message: 'Enter the code from your authenticator app.',
    twoFactor: 'verify',
  },
}
const WRONG_CODE = 'That code is not right. Enter the 6 digits your authenticator app shows now.'
const wrongCode = { status: 422, body: { error: WRONG_CODE, message: WRONG_CODE, errors: [{ field: 'code', message: WRONG_CODE }] } }

const enrolment: TwoFactorEnrollmentDto = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/ReviewRoute:ops%40reviewroute.in?secret=JBSWY3DPEHPK3PXP&issuer=ReviewRoute',
  qrDataUrl: 'data:image/png;base64,iVBORw0KGgo=',
}
const recoveryCodes = Array.from({ length: 10 }, (_, index) => `rc-${String(index).padStart(2, '0')}-abcd`)

describe('the TOTP step', { timeout: 60_000 }, () => {
  it('sends the operator to the verify step on a 403 `twoFactor: verify`, and back to the list after a good code', async () => {
    let passed = false
    const api = operatorApi({
      'GET /api/admin/users': () => (passed ? list([adminUser()]) : VERIFY_FIRST),
      'POST /api/admin/2fa/verify': ({ body }: { body: { code: string } }) => {
        if (body.code !== '123456') return wrongCode
        passed = true
        return verified
      },
    })
    renderApp('/admin/users')

    const code = await screen.findByLabelText('6-digit code')
    expect(where()).toBe('/admin/2fa')
    expect(screen.getByRole('heading', { name: /Two-factor sign-in/ })).toBeInTheDocument()

    await userEvent.type(code, '000000{Enter}')
    expect(await screen.findByText(WRONG_CODE)).toBeInTheDocument()

    await userEvent.clear(code)
    await userEvent.type(code, '123456{Enter}')
    expect(await screen.findByRole('link', { name: 'asha@example.in' })).toBeInTheDocument()
    expect(where()).toBe('/admin/users')
    expect(api.calls.filter((call) => call.path === '/api/admin/2fa/verify').map((call) => call.body)).toEqual([
      { code: '000000' },
      { code: '123456' },
    ])
  })

  it('goes to the step before any screen when the token has not passed it, and takes a recovery code', async () => {
    const api = operatorApi({
      'GET /api/admin/2fa': { enrolled: true, verified: false, verifiedUntil: null },
      'POST /api/admin/2fa/verify': verified,
      'GET /api/admin/audit-log': list([]),
    })
    renderApp('/admin/audit-log')

    await screen.findByLabelText('6-digit code')
    expect(api.calls.some((call) => call.path === '/api/admin/audit-log')).toBe(false)
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }))
    await userEvent.type(screen.getByLabelText('Recovery code'), 'rc-03-abcd{Enter}')

    expect(await screen.findByRole('heading', { name: 'Audit log' })).toBeInTheDocument()
    expect(where()).toBe('/admin/audit-log')
    expect(api.calls.find((call) => call.path === '/api/admin/2fa/verify')!.body).toEqual({ code: 'rc-03-abcd' })
  })

  it('enrols: the QR code and the key, a first code, then the recovery codes once, saved before going on', async () => {
    const user = userEvent.setup()
    let saved: Blob | undefined
    let fileName = ''
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => ((saved = blob), 'blob:codes'), revokeObjectURL: () => {} }))
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      fileName = this.download
    })
    const activated: TwoFactorActivatedDto = { ...verified, recoveryCodes }
    const api = operatorApi({
      'GET /api/admin/2fa': { enrolled: false, verified: false, verifiedUntil: null },
      'POST /api/admin/2fa/enroll': enrolment,
      'POST /api/admin/2fa/activate': ({ body }: { body: { code: string } }) => (body.code === '654321' ? activated : wrongCode),
      'GET /api/admin/users': list([adminUser()]),
    })
    renderApp('/admin')

    const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' })
    expect(qr).toHaveAttribute('src', enrolment.qrDataUrl)
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: /Set up two-factor sign-in/ })).toBeInTheDocument()

    await user.type(screen.getByLabelText('6-digit code'), '654321')
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor' }))

    const codes = await screen.findByRole('list', { name: 'Recovery codes' })
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent)
    ).toEqual(recoveryCodes)
    const next = screen.getByRole('button', { name: 'Continue to the console' })
    expect(next).toBeDisabled()

    await user.click(screen.getByRole('button', { name: /Copy codes/ }))
    expect(await screen.findByText('Codes Copied')).toBeInTheDocument()
    expect(await navigator.clipboard.readText()).toContain(recoveryCodes.join('\n'))
    await user.click(screen.getByRole('button', { name: /Download .txt/ }))
    expect(fileName).toBe('reviewroute-recovery-codes.txt')
    expect(await saved!.text()).toContain(recoveryCodes.join('\n'))

    await user.click(screen.getByRole('checkbox', { name: 'I have saved my recovery codes' }))
    await user.click(next)
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeInTheDocument()
    await waitFor(() => expect(where()).toBe('/admin/users'))
    expect(api.calls.filter((call) => call.path === '/api/admin/2fa/enroll')).toHaveLength(1)
    expect(api.calls.find((call) => call.path === '/api/admin/2fa/activate')!.body).toEqual({ code: '654321' })
  })
})
