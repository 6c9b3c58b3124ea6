import { lazy, useEffect } from 'react'
import { getToken } from '@reviewroute/web-shared/token'

const IndianRedesignedPage = lazy(() => import('./indian-redesigned'))

/** `/`: the landing page for visitors; owners with a stored token go straight to their dashboard (docs/decisions.md D14). */
export default function RootPage() {
  const signedIn = getToken() !== null
  useEffect(() => {
    if (signedIn) window.location.replace('/dashboard')
  }, [signedIn])

  if (!signedIn) return <IndianRedesignedPage />
  return (
    <div className="full-screen-loading" role="status">
      <div className="spinner" aria-hidden="true" />
      <p>Loading your dashboard... Checking your businesses</p>
    </div>
  )
}
