/*
 * Android Chrome's install offer (providers/install-prompt.ts): its own banner is held back and the event kept, for
 * the dashboard's own "Install ReviewRoute" button; the event is used once.
 */
import { describe, expect, it, vi } from 'vitest'
import { captureInstallPrompt, installPrompt, promptInstall } from '#providers/install-prompt'

const offer = () => Object.assign(new Event('beforeinstallprompt', { cancelable: true }), { prompt: vi.fn(async () => undefined) })

describe('the install prompt', () => {
  it("keeps the browser's offer instead of its banner, and shows it once when asked", async () => {
    const win = new EventTarget()
    captureInstallPrompt(win as unknown as Window)
    expect(installPrompt()).toBeUndefined()
    const event = offer()
    win.dispatchEvent(event)
    expect(event.defaultPrevented).toBe(true)
    expect(installPrompt()).toBe(event)

    await promptInstall()
    expect(event.prompt).toHaveBeenCalledTimes(1)
    expect(installPrompt()).toBeUndefined()
    await promptInstall()
    expect(event.prompt).toHaveBeenCalledTimes(1)
  })

  it('forgets the offer once the app is installed', () => {
    const win = new EventTarget()
    captureInstallPrompt(win as unknown as Window)
    win.dispatchEvent(offer())
    expect(installPrompt()).toBeDefined()
    win.dispatchEvent(new Event('appinstalled'))
    expect(installPrompt()).toBeUndefined()
  })
})
