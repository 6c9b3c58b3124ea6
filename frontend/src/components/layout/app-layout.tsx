/*
 * The signed-in app's chrome (docs/screens.md): side navigation on desktop, the bottom bar on phones, the header, the
 * email verification banner, and the lock guard around every screen, all in the workspace the dashboard acts in
 * (hooks/use-workspaces.tsx). Also posts sync-user about 1 s after the owner loads.
 */
import { Grid, Layout } from 'antd'
import { Suspense, useEffect, useState } from 'react'
import { Outlet } from 'react-router'
import { SYNC_USER_DELAY_MS } from '#config/constants'
import { BusinessesProvider } from '#hooks/use-businesses'
import { useTrialStatus } from '#hooks/use-trial-status'
import { WorkspacesProvider } from '#hooks/use-workspaces'
import { request } from '#providers/http'
import { LockGuard } from '#components/access/lock-guard'
import { VerifyEmailBanner } from '#components/account/verify-email-banner'
import { PageLoading } from '#components/page-loading'
import { AppHeader } from './header'
import { LostWorkspaceNotice } from './lost-workspace-notice'
import { BottomNav, SideNav } from './navigation'

function useSyncUser() {
  useEffect(() => {
    const timer = setTimeout(() => {
      request('/api/auth/sync-user', { method: 'POST' }).catch((error) => console.warn('sync-user failed', error))
    }, SYNC_USER_DELAY_MS)
    return () => clearTimeout(timer)
  }, [])
}

export function AppLayout() {
  const screens = Grid.useBreakpoint()
  const desktop = screens.md ?? true
  const [collapsed, setCollapsed] = useState(false)
  // The lock guard reads the same status (one query); the menus then offer only what a locked owner may open.
  const locked = useTrialStatus().status?.isLocked ?? false
  useSyncUser()

  return (
    <WorkspacesProvider>
      <BusinessesProvider>
        <Layout className="app-shell">
          {desktop && <SideNav collapsed={collapsed} locked={locked} />}
          <Layout>
            <AppHeader collapsed={collapsed} onToggle={() => setCollapsed((value) => !value)} locked={locked} />
            <Layout.Content className="app-content">
              <LostWorkspaceNotice />
              <VerifyEmailBanner />
              <LockGuard>
                <Suspense fallback={<PageLoading />}>
                  <Outlet />
                </Suspense>
              </LockGuard>
            </Layout.Content>
          </Layout>
          {!desktop && <BottomNav locked={locked} />}
        </Layout>
      </BusinessesProvider>
    </WorkspacesProvider>
  )
}
