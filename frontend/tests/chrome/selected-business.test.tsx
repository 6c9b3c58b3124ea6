/*
 * The business selected across screens is the owner's own choice on this device (lib/selected-business.ts): it
 * survives signing out and in again, also when another owner signed in and chose one of theirs in between.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { pickSelected, rememberBusiness, rememberedBusiness, SELECTED_KEY, selectedKeyOf } from '#lib/selected-business'
import { fixtures, signIn } from '../helpers'
import { chromeApi, renderChrome, setViewport } from './chrome-helpers'

const asha = { ...fixtures.user, id: 1, firstName: 'Asha' }
const ravi = { ...fixtures.user, id: 2, firstName: 'Ravi', lastName: 'Kumar', email: 'ravi@example.in' }
const ashas = [fixtures.business({ id: 7 }), fixtures.business({ id: 8, name: 'Dosa Corner', shortUrl: 'dosa123' })]
const ravis = [
  fixtures.business({ id: 20, name: 'Kulfi House', shortUrl: 'kulfi' }),
  fixtures.business({ id: 21, name: 'Lassi Point', shortUrl: 'lassi' }),
]

/** The selector's shown business. */
const shown = () =>
  screen.getByRole('combobox', { name: 'Selected business' }).closest('.ant-select')!.querySelector('.ant-select-selection-item')
    ?.textContent

/** Signs `user` in and opens the overview's chrome with their businesses. */
async function openAs(user: typeof asha, businesses: typeof ashas) {
  signIn()
  chromeApi({ 'GET /api/auth/user': user, 'GET /api/businesses': businesses })
  renderChrome('/dashboard')
  await screen.findByRole('heading', { name: `Hi, ${user.firstName}!` })
  await screen.findByRole('combobox', { name: 'Selected business' })
}

async function choose(name: string) {
  await userEvent.click(screen.getByRole('combobox', { name: 'Selected business' }))
  await waitFor(() => expect(document.querySelector(`.ant-select-item-option[title="${name}"]`)).not.toBeNull())
  fireEvent.click(document.querySelector(`.ant-select-item-option[title="${name}"]`)!)
  await waitFor(() => expect(shown()).toBe(name))
}

/** Signing out forgets the token only; the page goes. */
function signOut() {
  cleanup()
  localStorage.removeItem('reviewroute.token')
}

beforeEach(() => setViewport(1280))
afterEach(() => vi.unstubAllGlobals())

describe('the selected business across signing out and in (docs/screens.md#business-selector)', () => {
  it('is the one the owner chose last time, not the newest', async () => {
    await openAs(asha, ashas)
    await waitFor(() => expect(shown()).toBe('Chai Point Cafe'))
    await choose('Dosa Corner')
    signOut()

    await openAs(asha, ashas)
    await waitFor(() => expect(shown()).toBe('Dosa Corner'))
  })

  it('is still theirs after another owner signed in on the device and chose one of their own', async () => {
    await openAs(asha, ashas)
    await choose('Dosa Corner')
    signOut()

    await openAs(ravi, ravis)
    await choose('Lassi Point')
    signOut()

    await openAs(asha, ashas)
    await waitFor(() => expect(shown()).toBe('Dosa Corner'))
    signOut()
    await openAs(ravi, ravis)
    await waitFor(() => expect(shown()).toBe('Lassi Point'))
  })
})

describe('lib/selected-business', () => {
  it("reads the owner's own choice, else the device's last one", () => {
    expect(rememberedBusiness(1)).toBeNull()
    rememberBusiness(8, 1)
    rememberBusiness(21, 2)
    expect(localStorage.getItem(selectedKeyOf(1))).toBe('8')
    expect(localStorage.getItem(SELECTED_KEY)).toBe('21')
    expect(rememberedBusiness(1)).toBe(8)
    expect(rememberedBusiness(2)).toBe(21)
    // An owner who never chose, or not yet known: the device's last choice, which matches none of another's businesses.
    expect(rememberedBusiness(3)).toBe(21)
    expect(rememberedBusiness()).toBe(21)
    expect(pickSelected(ashas, rememberedBusiness(3))?.id).toBe(7)
  })

  it('ignores what is not a business id', () => {
    localStorage.setItem(selectedKeyOf(1), 'abc')
    localStorage.setItem(SELECTED_KEY, '-4')
    expect(rememberedBusiness(1)).toBeNull()
  })
})
