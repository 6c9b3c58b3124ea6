/*
 * The operator console at /admin (docs/decisions.md D34): one chunk, loaded only once the signed-in user is an
 * operator (app.tsx). The TOTP step comes first; then the console's screens in its own chrome.
 */
import { Button } from 'antd'
import { Link, Navigate, Route, Routes } from 'react-router'
import { AdminLayout } from '#components/admin/admin-layout'
import { TwoFactorGate, TwoFactorProvider } from '#components/admin/two-factor-session'
import '#components/admin/admin.css'
import { MessageScreen } from '#components/message-screen'
import { ADMIN_HOME } from '#lib/admin'
import AdminAuditLogPage from './audit-log'
import AdminBusinessesPage from './businesses'
import AdminContactMessagesPage from './contact-messages'
import AdminInvoicesPage from './invoices'
import AdminPaymentsPage from './payments'
import AdminQueuesPage from './queues'
import TwoFactorPage from './two-factor'
import AdminUserDetailPage from './user-detail'
import AdminUsersPage from './users'

function AdminNotFound() {
  return (
    <MessageScreen
      title="404 Page Not Found"
      text="The console has no such page."
      actions={
        <Link to={ADMIN_HOME}>
          <Button type="primary">Back to Users</Button>
        </Link>
      }
    />
  )
}

export default function AdminConsole() {
  return (
    <TwoFactorProvider>
      <Routes>
        <Route path="2fa" element={<TwoFactorPage />} />
        <Route
          element={
            <TwoFactorGate>
              <AdminLayout />
            </TwoFactorGate>
          }
        >
          <Route index element={<Navigate to={ADMIN_HOME} replace />} />
          <Route path="users" element={<AdminUsersPage />} />
          <Route path="users/:id" element={<AdminUserDetailPage />} />
          <Route path="businesses" element={<AdminBusinessesPage />} />
          <Route path="payments" element={<AdminPaymentsPage />} />
          <Route path="invoices" element={<AdminInvoicesPage />} />
          <Route path="contact-messages" element={<AdminContactMessagesPage />} />
          <Route path="queues" element={<AdminQueuesPage />} />
          <Route path="queues/:name" element={<AdminQueuesPage />} />
          <Route path="audit-log" element={<AdminAuditLogPage />} />
          <Route path="*" element={<AdminNotFound />} />
        </Route>
      </Routes>
    </TwoFactorProvider>
  )
}
