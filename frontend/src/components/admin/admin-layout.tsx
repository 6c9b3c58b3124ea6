/*
 * The operator console's chrome (docs/decisions.md D34): the side menu of its screens, and a header with the
 * operator's email and sign-out. Nothing of the owners' chrome (trial banner, lock guard, business picker) is here.
 */
import {
  AuditOutlined,
  ClusterOutlined,
  CreditCardOutlined,
  FileTextOutlined,
  LogoutOutlined,
  MailOutlined,
  ShopOutlined,
  TeamOutlined,
} from '@ant-design/icons'
import { useLogout } from '@refinedev/core'
import { Button, Flex, Layout, Menu, Typography } from 'antd'
import type { ReactNode } from 'react'
import { Link, Outlet, useLocation } from 'react-router'
import { Logo } from '#components/logo'
import type { AdminResource } from '#config/resources'
import { useCurrentUser } from '#hooks/use-current-user'
import { activeAdminNav, ADMIN_HOME, ADMIN_NAV } from '#lib/admin'

const ICONS: Record<AdminResource, ReactNode> = {
  'admin/users': <TeamOutlined />,
  'admin/businesses': <ShopOutlined />,
  'admin/payments': <CreditCardOutlined />,
  'admin/invoices': <FileTextOutlined />,
  'admin/contact-messages': <MailOutlined />,
  'admin/queues': <ClusterOutlined />,
  'admin/audit-log': <AuditOutlined />,
}

export function AdminLayout() {
  const { pathname } = useLocation()
  const { user } = useCurrentUser()
  const { mutate: logout } = useLogout()

  return (
    <Layout className="app-shell admin-shell">
      <Layout.Sider className="app-sider" width={220} theme="light" breakpoint="md" collapsedWidth={64}>
        <Link to={ADMIN_HOME} className="app-brand" aria-label="Operator console">
          <Logo size={32} />
          <span className="admin-brand-text">Operator</span>
        </Link>
        <nav aria-label="Operator console">
          <Menu
            mode="inline"
            selectedKeys={activeAdminNav(pathname)}
            items={ADMIN_NAV.map((item) => ({ key: item.key, icon: ICONS[item.key], label: <Link to={item.href}>{item.label}</Link> }))}
          />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header className="app-header">
          <Typography.Title level={4} style={{ margin: 0 }} ellipsis>
            ReviewRoute operator console
          </Typography.Title>
          <Flex align="center" gap={12}>
            <Typography.Text type="secondary" data-testid="operator-email">
              {user?.email}
            </Typography.Text>
            <Button icon={<LogoutOutlined />} onClick={() => logout()}>
              Sign out
            </Button>
          </Flex>
        </Layout.Header>
        <Layout.Content className="app-content admin-content">
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  )
}
