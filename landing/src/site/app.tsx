import { lazy, Suspense } from 'react'
import { Route, Routes } from 'react-router'

// One chunk per page: a visitor downloads only the page they open.
const RootPage = lazy(() => import('./pages/root'))
const IndianPage = lazy(() => import('./pages/indian'))
const IndianRedesignedPage = lazy(() => import('./pages/indian-redesigned'))
const CampaignPage = lazy(() => import('./pages/campaign'))
const GrowPage = lazy(() => import('./pages/grow'))
const AddBusinessPage = lazy(() => import('./pages/add-business'))
const AuthPage = lazy(() => import('./pages/auth'))
const ForgotPasswordPage = lazy(() => import('./pages/forgot-password'))
const ResetPasswordPage = lazy(() => import('./pages/reset-password'))
const VerifyEmailPage = lazy(() => import('./pages/verify-email'))
const AuthCallbackPage = lazy(() => import('./pages/auth-callback'))
const PrivacyPage = lazy(() => import('./pages/privacy'))
const TermsPage = lazy(() => import('./pages/terms'))
const HelpPage = lazy(() => import('./pages/help'))
const AboutPage = lazy(() => import('./pages/about'))
const ContactPage = lazy(() => import('./pages/contact'))
const RefundPage = lazy(() => import('./pages/refund'))
const LogoDownloadPage = lazy(() => import('./pages/logo-download'))
const NotFoundPage = lazy(() => import('./pages/not-found'))

/** Paths mirror the server's list (backend/contract/web_routes.ts); anything else is the 404 page. */
export function App() {
  return (
    <Suspense fallback={<div className="page-loading" aria-busy="true" />}>
      <Routes>
        <Route path="/" element={<RootPage />} />
        <Route path="/indian" element={<IndianPage />} />
        <Route path="/indian-redesigned" element={<IndianRedesignedPage />} />
        {['/boost', '/start', '/lp'].map((path) => (
          <Route key={path} path={path} element={<CampaignPage />} />
        ))}
        <Route path="/grow" element={<GrowPage />} />
        <Route path="/add-business" element={<AddBusinessPage />} />
        <Route path="/auth" element={<AuthPage />} />
        <Route path="/auth/forgot" element={<ForgotPasswordPage />} />
        <Route path="/auth/reset" element={<ResetPasswordPage />} />
        <Route path="/auth/verify" element={<VerifyEmailPage />} />
        <Route path="/auth/callback" element={<AuthCallbackPage />} />
        <Route path="/privacy" element={<PrivacyPage />} />
        <Route path="/terms" element={<TermsPage />} />
        <Route path="/help" element={<HelpPage />} />
        <Route path="/about" element={<AboutPage />} />
        {['/contact', '/contact-us'].map((path) => (
          <Route key={path} path={path} element={<ContactPage />} />
        ))}
        {['/cancellation-refund', '/refund-policy'].map((path) => (
          <Route key={path} path={path} element={<RefundPage />} />
        ))}
        <Route path="/logo-download" element={<LogoDownloadPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  )
}
