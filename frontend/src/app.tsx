/*
 * The owner dashboard: Refine with our auth and data providers, antd, and the signed-in routes of docs/screens.md.
 * Every screen is its own chunk, so the first screen does not load the others. The operator console (/admin,
 * docs/decisions.md D34) is one more chunk, which only an operator's browser ever loads.
 */
import { Authenticated, Refine } from '@refinedev/core'
import routerProvider from '@refinedev/react-router'
import { App as AntApp, ConfigProvider } from 'antd'
import enIN from 'antd/locale/en_GB'
import { lazy, Suspense, useEffect, useLayoutEffect } from 'react'
import { BrowserRouter, Navigate, Outlet, Route, Routes, useLocation } from 'react-router'
import { AppLayout } from './components/layout/app-layout'
import { LoadingScreen } from './components/loading-screen'
import { OutsideApp } from './components/outside-app'
import { useCurrentUser } from './hooks/use-current-user'
import { dismissFirstPaint } from '#first-paint/dismiss'
import { preloadable } from './lib/preloadable'
import { TOAST_LIMIT } from './providers/toast'
import { resources } from './config/resources'
import { accessControlProvider } from './providers/access-control'
import { authProvider } from './providers/auth'
import { dataProvider } from './providers/data'
import { signInUrl } from './providers/http'
import { theme } from './theme'

// The overview's module is fetched as the app starts on /dashboard (the early script has preloaded it already).
const DashboardPage = preloadable(() => import('./pages/dashboard'))
if (typeof window !== 'undefined' && window.location.pathname === '/dashboard') void DashboardPage.preload()
const BusinessesPage = lazy(() => import('./pages/businesses'))
const BusinessAnalyticsPage = lazy(() => import('./pages/business-analytics'))
const AnalyticsPage = lazy(() => import('./pages/analytics'))
const FeedbacksPage = lazy(() => import('./pages/feedbacks'))
const BillingPage = lazy(() => import('./pages/billing'))
const ProfilePage = lazy(() => import('./pages/profile'))
const QuickSendPage = lazy(() => import('./pages/requests/send'))
const SendListPage = lazy(() => import('./pages/requests/send-list'))
const CustomersPage = lazy(() => import('./pages/requests/customers'))
const RequestsPage = lazy(() => import('./pages/requests'))
const TeamPage = lazy(() => import('./pages/team'))
const ClientsPage = lazy(() => import('./pages/clients'))
const BrandPage = lazy(() => import('./pages/brand'))
const InvitePage = lazy(() => import('./pages/invite'))
const GooglePage = lazy(() => import('./pages/google'))
const ReplyTemplatesPage = lazy(() => import('./pages/reply-templates'))
const WidgetPage = lazy(() => import('./pages/widget'))
const IntegrationsPage = lazy(() => import('./pages/integrations'))
const AdminConsole = lazy(() => import('./pages/admin'))

/** Data never stale, no refetch on focus, no polling unless a screen asks, no retries (docs/screens.md#dashboard-routes). */
const reactQuery = {
  clientConfig: {
    defaultOptions: {
      queries: { staleTime: Infinity, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  },
}

/** Signed-out visitors on an owner route go to sign-in and come back (docs/decisions.md D1). */
function GoToSignIn() {
  useEffect(() => window.location.replace(signInUrl()), [])
  return <LoadingScreen />
}

/** /admin: the console's chunk loads only for an operator; an owner (or anyone else) goes to the dashboard. */
function OperatorConsole() {
  const { user, loading } = useCurrentUser()
  if (loading) return <LoadingScreen text="Opening the operator console..." />
  if (user?.role !== 'operator') return <Navigate to="/dashboard" replace />
  return (
    <Suspense fallback={<LoadingScreen text="Opening the operator console..." />}>
      <AdminConsole />
    </Suspense>
  )
}

/**
 * Signing in lands on /dashboard; an operator's home is the console. Checked above the owners' chrome, which waits
 * for the trial status, and without holding it back: owners' screens start loading at once, as before.
 */
function OperatorsToConsole() {
  const { user } = useCurrentUser()
  const { pathname } = useLocation()
  if (user?.role === 'operator' && pathname === '/dashboard') return <Navigate to="/admin" replace />
  return <Outlet />
}

export function App() {
  return (
    <BrowserRouter>
      <ConfigProvider theme={theme} locale={enIN}>
        <AntApp notification={{ maxCount: TOAST_LIMIT }} message={{ maxCount: TOAST_LIMIT }}>
          <Refine
            routerProvider={routerProvider}
            dataProvider={dataProvider}
            authProvider={authProvider}
            accessControlProvider={accessControlProvider}
            resources={resources}
            options={{ reactQuery, disableTelemetry: true, syncWithLocation: false, warnWhenUnsavedChanges: false }}
          >
            <AppRoutes />
          </Refine>
        </AntApp>
      </ConfigProvider>
    </BrowserRouter>
  )
}

/** A first paint (first-paint/) is of /dashboard only: any other screen the app is on dismisses it. */
function LeaveFirstPaint() {
  const { pathname } = useLocation()
  useLayoutEffect(() => {
    if (pathname !== '/dashboard') dismissFirstPaint()
  }, [pathname])
  return null
}

export function AppRoutes() {
  return (
    <>
      <LeaveFirstPaint />
      <Routes>
        <Route
          element={
            <Authenticated key="owner" fallback={<GoToSignIn />} loading={<LoadingScreen />}>
              <Outlet />
            </Authenticated>
          }
        >
          <Route element={<OperatorsToConsole />}>
            <Route element={<AppLayout />}>
              <Route path="/dashboard" element={<DashboardPage />} />
              <Route path="/dashboard/businesses" element={<BusinessesPage view="businesses" />} />
              <Route path="/dashboard/qr-codes" element={<BusinessesPage view="qr-codes" />} />
              <Route path="/dashboard/analytics" element={<AnalyticsPage />} />
              <Route path="/dashboard/settings" element={<BillingPage />} />
              <Route path="/dashboard/send" element={<QuickSendPage />} />
              <Route path="/dashboard/send-list" element={<SendListPage />} />
              <Route path="/dashboard/customers" element={<CustomersPage />} />
              <Route path="/dashboard/requests" element={<RequestsPage />} />
              <Route path="/dashboard/team" element={<TeamPage />} />
              <Route path="/dashboard/clients" element={<ClientsPage />} />
              <Route path="/dashboard/brand" element={<BrandPage />} />
              <Route path="/dashboard/google" element={<GooglePage />} />
              <Route path="/dashboard/reply-templates" element={<ReplyTemplatesPage />} />
              <Route path="/billing" element={<BillingPage />} />
              <Route path="/feedbacks" element={<FeedbacksPage />} />
              <Route path="/profile" element={<ProfilePage />} />
              <Route path="/business/:businessId" element={<BusinessAnalyticsPage />} />
              <Route path="/business/:businessId/widget" element={<WidgetPage />} />
              <Route path="/business/:businessId/integrations" element={<IntegrationsPage />} />
              <Route path="/dashboard/*" element={<OutsideApp />} />
            </Route>
          </Route>
          <Route path="/admin/*" element={<OperatorConsole />} />
        </Route>
        {/* Signed in or not: the invitation page offers the way to an account itself. */}
        <Route
          path="/invite"
          element={
            <Suspense fallback={<LoadingScreen text="Opening your invitation..." />}>
              <InvitePage />
            </Suspense>
          }
        />
        <Route path="/home" element={<Navigate to="/dashboard" replace />} />
        <Route path="*" element={<OutsideApp />} />
      </Routes>
    </>
  )
}
