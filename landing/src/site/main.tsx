/*
 * Entry of the site bundle: marketing, add-business, sign-in, legal, contact, help and the 404 page.
 */
import { createRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import { ErrorBoundary } from '@reviewroute/web-shared/error-boundary'
import { App } from './app'
import { SessionProvider } from './session'
import { ToastProvider } from './toast'
import './site.css'

createRoot(document.getElementById('root')!).render(
  <ErrorBoundary
    texts={{
      title: 'Something went wrong',
      text: 'The application encountered an error and cannot continue.',
      reload: 'Reload Page',
    }}
  >
    <BrowserRouter>
      <SessionProvider>
        <ToastProvider>
          <App />
        </ToastProvider>
      </SessionProvider>
    </BrowserRouter>
  </ErrorBoundary>
)
