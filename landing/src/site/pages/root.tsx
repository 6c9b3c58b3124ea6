import { lazy, useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import { getToken } from '@reviewroute/web-shared/token'
import { AccountDeletedNotice } from '#site/components/account-deleted-notice'

const IndianRedesignedPage = lazy(() => import('./indian-redesigned'))

/**
 * `/`: the landing page for visitors; owners with a stored token go straight to their dashboard (docs/decisions.md D14).
 * `/?account=deleted` is where the dashboard lands after deleting the account: it says so once, and the flag leaves
 * the address so a reload or a shared link does not repeat it.
 */
export default function RootPage() {
  const signedIn = getToken() !== null
  const [params, setParams] = useSearchParams()
  const [deleted, setDeleted] = useState(() => params.get('account') === 'deleted')

  useEffect(() => {
    if (signedIn) window.location.replace('/dashboard')
  }, [signedIn])

  useEffect(() => {
    if (params.get('account') !== 'deleted') return
    const rest = new URLSearchParams(params)
    rest.delete('account')
    setParams(rest, { replace: true })
  }, [params, setParams])

  if (!signedIn) {
    return (
      <>
        {deleted && <AccountDeletedNotice onDismiss={() => setDeleted(false)} />}
        <IndianRedesignedPage />
      </>
    )
  }
  return (
    <div className="full-screen-loading" role="status">
      <div className="spinner" aria-hidden="true" />
      <p>Loading your dashboard... Checking your businesses</p>
    </div>
  )
}
