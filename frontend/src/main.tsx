import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app'
import { AppErrorBoundary } from './components/error-screen'
import { registerServiceWorker } from './providers/service-worker'
import { captureInstallPrompt } from './providers/install-prompt'
import { firstPaintSettled } from './providers/first-paint-wait'
import './styles.css'
// The overview's own look too: the first paint (first-paint/) draws the overview before any of its chunks is here.
import './components/dashboard/dashboard.css'

// The first paint first, where one is on its way (providers/first-paint-wait.ts). A promise, not a top-level await,
// which would make the bundler tie the early script's chunks to the app's.
void firstPaintSettled().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppErrorBoundary>
        <App />
      </AppErrorBoundary>
    </StrictMode>
  )
)

captureInstallPrompt()

// The built dashboard only: the dev server has no sw.js (and serves unhashed modules).
if (import.meta.env.PROD) registerServiceWorker()
