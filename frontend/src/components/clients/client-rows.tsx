/*
 * An agency's clients as its Clients page lists them (GET /api/workspaces/{agencyId}/clients): a table on a
 * computer, a card each on a phone, with the same numbers and actions: "Open" (work in the client's workspace) and,
 * for the agency's owners, "Buy plan" while the client has no paid plan running.
 */
import { LoginOutlined, ShoppingCartOutlined, StarFilled } from '@ant-design/icons'
import type { AgencyClientDto } from '@reviewroute/backend/types/api'
import { formatCount } from '@reviewroute/web-shared/format'
import { Button, Card, Flex, Grid, Table, Tag, Typography } from 'antd'
import type { ReactNode } from 'react'
import { planDisplayName } from '@reviewroute/backend/contract/product_rules'
import { formatDate } from '#lib/dates'

/** "Pro (Monthly) until 3 Jan 2027", "Trial", "Free plan". */
export function planText(plan: AgencyClientDto['plan']) {
  if (plan.status === 'active') {
    const name = plan.planName ? `Pro (${planDisplayName(plan.planName)})` : 'Pro'
    return plan.currentPeriodEnd ? `${name} until ${formatDate(plan.currentPeriodEnd)}` : name
  }
  return plan.status === 'trial' ? 'Trial' : 'Free plan'
}

const PLAN_COLORS: Record<AgencyClientDto['plan']['status'], string> = { active: 'green', trial: 'blue', free: 'default' }

export const PlanTag = ({ plan }: { plan: AgencyClientDto['plan'] }) => (
  <Tag color={PLAN_COLORS[plan.status]} style={{ marginInlineEnd: 0, whiteSpace: plan.status === 'active' ? 'normal' : 'nowrap' }}>
    {planText(plan)}
  </Tag>
)

export const averageText = (average: number | null) => (average === null ? 'No ratings' : average.toFixed(1))
/** Unknown (no Google connection to count them with) reads as a dash. */
export const unansweredText = (count: number | null) => (count === null ? '—' : formatCount(count))

interface Props {
  clients: AgencyClientDto[]
  canBuy: boolean
  onOpen(client: AgencyClientDto): void
  onBuy(client: AgencyClientDto): void
}

function Actions({ client, canBuy, onOpen, onBuy, wrap = true }: Omit<Props, 'clients'> & { client: AgencyClientDto; wrap?: boolean }) {
  return (
    <Flex gap={8} wrap={wrap}>
      <Button type="primary" size="small" icon={<LoginOutlined />} onClick={() => onOpen(client)} aria-label={`Open ${client.name}`}>
        Open
      </Button>
      {canBuy && client.plan.status !== 'active' && (
        <Button size="small" icon={<ShoppingCartOutlined />} onClick={() => onBuy(client)} aria-label={`Buy a plan for ${client.name}`}>
          Buy plan
        </Button>
      )}
    </Flex>
  )
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex vertical style={{ minWidth: 0 }}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {label}
      </Typography.Text>
      <Typography.Text strong>{children}</Typography.Text>
    </Flex>
  )
}

export function ClientRows({ clients, canBuy, onOpen, onBuy }: Props) {
  const desktop = Grid.useBreakpoint().md ?? true
  if (!desktop)
    return (
      <Flex vertical gap={12}>
        {clients.map((client) => (
          <Card key={client.id} size="small" role="article" aria-label={client.name}>
            <Flex vertical gap={10}>
              <Flex justify="space-between" align="start" gap={8}>
                <Typography.Text strong style={{ fontSize: 16, overflowWrap: 'anywhere' }}>
                  {client.name}
                </Typography.Text>
                <PlanTag plan={client.plan} />
              </Flex>
              <div style={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 8 }}>
                <Figure label="Businesses">{formatCount(client.businesses)}</Figure>
                <Figure label="Ratings this month">{formatCount(client.ratingsThisMonth)}</Figure>
                <Figure label="Average this month">{averageText(client.averageThisMonth)}</Figure>
                <Figure label="Unanswered on Google">{unansweredText(client.unansweredGoogleReviews)}</Figure>
              </div>
              <Actions client={client} canBuy={canBuy} onOpen={onOpen} onBuy={onBuy} />
            </Flex>
          </Card>
        ))}
      </Flex>
    )
  return (
    <Card styles={{ body: { padding: 0 } }}>
      <Table<AgencyClientDto>
        rowKey="id"
        dataSource={clients}
        pagination={false}
        scroll={{ x: 900 }}
        columns={[
          {
            title: 'Client',
            dataIndex: 'name',
            render: (name: string) => (
              <Typography.Text strong style={{ display: 'inline-block', minWidth: 120 }}>
                {name}
              </Typography.Text>
            ),
          },
          { title: 'Businesses', dataIndex: 'businesses', align: 'right', render: formatCount },
          { title: 'Ratings this month', dataIndex: 'ratingsThisMonth', align: 'right', render: formatCount },
          {
            title: 'Average',
            dataIndex: 'averageThisMonth',
            align: 'right',
            render: (average: number | null) =>
              average === null ? (
                <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                  No ratings
                </Typography.Text>
              ) : (
                <span>
                  <StarFilled style={{ color: '#f59e0b' }} /> {average.toFixed(1)}
                </span>
              ),
          },
          { title: 'Unanswered on Google', dataIndex: 'unansweredGoogleReviews', align: 'right', render: unansweredText },
          { title: 'Plan', dataIndex: 'plan', render: (plan: AgencyClientDto['plan']) => <PlanTag plan={plan} /> },
          {
            title: 'Actions',
            key: 'actions',
            render: (_: unknown, client) => <Actions client={client} canBuy={canBuy} onOpen={onOpen} onBuy={onBuy} wrap={false} />,
          },
        ]}
      />
    </Card>
  )
}
