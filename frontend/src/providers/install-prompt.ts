/*
 * Android Chrome's "Install ReviewRoute" (the web app manifest, index.html): the browser's beforeinstallprompt is
 * kept instead of its own banner, for the dashboard to offer at a good moment (after alerts are turned on for the
 * phone). Only this listener is in the app's first chunk; the offer's screen is lazy.
 */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>
}

let kept: InstallPromptEvent | undefined

export function captureInstallPrompt(win: Window = window) {
  win.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault()
    kept = event as InstallPromptEvent
  })
  win.addEventListener('appinstalled', () => (kept = undefined))
}

/** The kept event, if the browser offered to install and nobody has used the offer yet. */
export const installPrompt = () => kept

/** Shows the browser's install dialog once; the event cannot be used twice. */
export function promptInstall() {
  const event = kept
  kept = undefined
  return event ? event.prompt() : Promise.resolve()
}
