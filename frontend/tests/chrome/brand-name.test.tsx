/*
 * The brand's name in the chrome (docs/screens.md#workspace-switcher): on a phone the header shows the logo with
 * the name beside it, not the logo alone; on a computer the sider's name is never cut to an ellipsis, it wraps, and
 * carries the whole name as its title.
 */
import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { rememberWorkspace } from '#lib/workspace-store'
import { chromeApi, renderChrome, setViewport } from './chrome-helpers'
import { signIn } from '../helpers'
import { brand, client, workspace } from '../workspaces/fixtures'

const LONG = 'Spice Digital Marketing Solutions'
const branded = { ...client, brand: brand({ name: LONG, logoUrl: 'data:image/png;base64,AAAA' }) }

// The computer first: antd keeps the breakpoints it first saw (as in the switcher's tests).
beforeEach(() => {
  signIn()
  rememberWorkspace(1, 3)
})
afterEach(() => vi.unstubAllGlobals())

describe('brand name in the chrome', () => {
  it('on a computer, the sider wraps a long name instead of cutting it, with the whole name as its title', async () => {
    setViewport(1280)
    chromeApi({ 'GET /api/workspaces': [workspace(), branded] })
    renderChrome('/dashboard')
    const home = await screen.findByRole('link', { name: `${LONG} dashboard` })
    const name = within(home).getByText(LONG)
    expect(name).toHaveAttribute('title', LONG)
    expect(name).toHaveClass('app-brand__name--wraps')
  })

  it('on a phone, the header shows the logo and the name', async () => {
    setViewport(390)
    chromeApi({ 'GET /api/workspaces': [workspace(), branded] })
    renderChrome('/dashboard')
    await screen.findByText('Page content')
    const header = document.querySelector('.app-header') as HTMLElement
    expect(header.querySelector('img[src="data:image/png;base64,AAAA"]')).not.toBeNull()
    expect(within(header).getByText(LONG)).toBeVisible()
  })
})
