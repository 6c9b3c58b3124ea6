/*
 * /admin/users/:id (GET /api/admin/users/{id}): where an owner's trial or plan stands, their businesses and payments,
 * and the operator's actions on them: extend the trial, grant or end a plan, disable or enable the account, pause a
 * link, refund a payment. Each goes through the reason dialog.
 */
import { ArrowLeftOutlined } from '@ant-design/icons'
import { useOne, type HttpError } from '@refinedev/core'
import type { AdminUserDetailDto } from '@reviewroute/backend/types/api'
import { Button, Card, Descriptions, Flex, Skeleton, Table, Typography } from 'antd'
import { useState } from 'react'
import { Link, useParams } from 'react-router'
import {
  endPlanAction,
  extendTrialAction,
  grantPlanAction,
  businessAccessAction,
  refundAction,
  userAccessAction,
} from '#components/admin/admin-actions'
import { AdminPage } from '#components/admin/admin-page'
import { AccessTag, PlanTag, RoleTag } from '#components/admin/admin-tags'
import { businessColumns } from '#components/admin/business-columns'
import { paymentColumns } from '#components/admin/payment-columns'
import { ReasonModal, type ReasonAction } from '#components/admin/reason-modal'
import { formatDate, formatDateTime } from '#lib/dates'

export default function AdminUserDetailPage() {
  const { id } = useParams()
  const { query, result: user } = useOne<AdminUserDetailDto, HttpError>({ resource: 'admin/users', id })
  const [action, setAction] = useState<ReasonAction | null>(null)

  const back = (
    <Link to="/admin/users">
      <Button icon={<ArrowLeftOutlined />}>All users</Button>
    </Link>
  )
  if (!user) {
    return (
      <AdminPage title="User" extra={back} error={query.error} errorFallback="Could not load this user.">
        {query.isLoading ? <Skeleton active /> : <Typography.Text type="secondary">No such user.</Typography.Text>}
      </AdminPage>
    )
  }

  const hasPlan = user.plan === 'pro' || user.plan === 'cancelled'
  return (
    <AdminPage title={user.email} lead={user.name} extra={back} error={query.error}>
      <Flex vertical gap={24}>
        <Descriptions size="small" bordered column={{ xs: 1, md: 2 }}>
          <Descriptions.Item label="Role">
            <RoleTag role={user.role} />
          </Descriptions.Item>
          <Descriptions.Item label="Access">
            <Flex vertical gap={2} align="flex-start">
              <AccessTag disabledAt={user.disabledAt} disabledReason={user.disabledReason} />
              {user.disabledReason && <Typography.Text type="secondary">{user.disabledReason}</Typography.Text>}
            </Flex>
          </Descriptions.Item>
          <Descriptions.Item label="Plan">
            <Flex gap={4} align="center" wrap>
              <PlanTag plan={user.plan} />
              {user.planType && <Typography.Text type="secondary">{user.planType}</Typography.Text>}
            </Flex>
          </Descriptions.Item>
          <Descriptions.Item label="Plan ends">{formatDate(user.currentPeriodEnd)}</Descriptions.Item>
          <Descriptions.Item label="Trial ends">{formatDate(user.trialEndsAt)}</Descriptions.Item>
          <Descriptions.Item label="Joined">{formatDateTime(user.createdAt)}</Descriptions.Item>
          <Descriptions.Item label="Last seen">{user.lastSeenAt ? formatDateTime(user.lastSeenAt) : 'Never'}</Descriptions.Item>
          <Descriptions.Item label="Businesses">{user.businesses}</Descriptions.Item>
        </Descriptions>

        <Flex gap={8} wrap>
          <Button onClick={() => setAction(extendTrialAction(user))}>Extend trial</Button>
          <Button onClick={() => setAction(grantPlanAction(user))}>Grant plan</Button>
          <Button danger disabled={!hasPlan} onClick={() => setAction(endPlanAction(user))}>
            End plan
          </Button>
          <Button danger={!user.disabledAt} onClick={() => setAction(userAccessAction(user))}>
            {user.disabledAt ? 'Enable account' : 'Disable account'}
          </Button>
        </Flex>

        <Card type="inner" title="Businesses" size="small">
          <Table
            rowKey="id"
            size="small"
            dataSource={user.businessList}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: 'No businesses yet.' }}
            columns={businessColumns({ showOwner: false, onToggle: (business) => setAction(businessAccessAction(business)) })}
          />
        </Card>
        <Card type="inner" title="Payments" size="small">
          <Table
            rowKey="id"
            size="small"
            dataSource={user.payments}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: 'No payments.' }}
            columns={paymentColumns({ showUser: false, onRefund: (payment) => setAction(refundAction(payment)) })}
          />
        </Card>
      </Flex>
      <ReasonModal action={action} onClose={() => setAction(null)} />
    </AdminPage>
  )
}
