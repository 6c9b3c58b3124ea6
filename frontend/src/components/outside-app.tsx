/*
 * A path the dashboard does not draw. Paths the server hands to the dashboard (its route list) get the
 * dashboard's own 404; anything else belongs to the site (/, /auth, /help, ...), so the browser loads it.
 */
import { Button } from 'antd'
import { useEffect } from 'react'
import { Link, useLocation } from 'react-router'
import { webAreaOf } from '@reviewroute/backend/contract/web_routes'
import { MessageScreen } from './message-screen'

export const isDashboardPath = (pathname: string) => webAreaOf(pathname) === 'dashboard'

export function NotFound() {
  return (
    <MessageScreen
      title="404 Page Not Found"
      text="This page does not exist."
      actions={
        <Link to="/dashboard">
          <Button type="primary">Back to Dashboard</Button>
        </Link>
      }
    />
  )
}

export function OutsideApp() {
  const location = useLocation()
  const inside = isDashboardPath(location.pathname)
  useEffect(() => {
    if (!inside) window.location.replace(location.pathname + location.search + location.hash)
  }, [inside, location])
  return inside ? <NotFound /> : null
}
