/*
 * A path the dashboard does not draw. Paths the server hands to the dashboard (its route list) get the
 * dashboard's own 404; anything else belongs to the site (/, /auth, /help, ...), so the browser loads it.
 */
import { Button } from 'antd'
import { useEffect } from 'react'
import { Link, useLocation } from 'react-router'
import routes from '@reviewroute/landing/shared/routes.json'
import { MessageScreen } from './message-screen'

export function isDashboardPath(pathname: string) {
  return routes.dashboard.some((pattern) =>
    pattern.endsWith('/*') ? pathname.startsWith(pattern.slice(0, -1)) : pathname === pattern || pathname.startsWith(`${pattern.split('/:')[0]}/`)
  )
}

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
