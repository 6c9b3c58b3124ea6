/*
 * /dashboard/clients (docs/screens.md#clients), an agency workspace's overview of its clients: each client's
 * businesses, this month's ratings and average, unanswered Google reviews and plan. "Open" works in the client's
 * workspace (the switcher's switch); the agency's owners create clients and buy a client's plan (the Billing page's
 * Razorpay flow, for that workspace).
 */
import { PlusOutlined } from '@ant-design/icons'
import { useCustom } from '@refinedev/core'
import { FREE_PLAN_BUSINESS_LIMIT, FREE_PLAN_MONTHLY_REVIEWS_PER_BUSINESS } from '@reviewroute/backend/contract/product_rules'
import type { AgencyClientDto, CreateClientRequest, PlanDto, WorkspaceDto } from '@reviewroute/backend/types/api'
import { Alert, Button, Card, Flex, Form, Input, Modal, Skeleton } from 'antd'
import { useState } from 'react'
import { ClientRows } from '#components/clients/client-rows'
import { PaymentDialog } from '#components/billing/payment-dialog'
import { PlanList } from '#components/billing/plan-list'
import { useBillingProfile } from '#components/billing/use-billing-profile'
import { usePurchase } from '#components/billing/use-purchase'
import '#components/billing/billing.css'
import { PageHeader } from '#components/layout/page-header'
import { LoadFailed, MessageScreen } from '#components/message-screen'
import { WORKSPACE_NAME_MAX } from '#components/workspaces/create-workspace-modal'
import { useSaveForm } from '#hooks/use-save-form'
import { useTrialStatus } from '#hooks/use-trial-status'
import { useWorkspaces } from '#hooks/use-workspaces'
import { errorText } from '#providers/http'
import { useToast } from '#providers/toast'
import { FormModal } from '#components/form-modal'

export const clientsKey = (agencyId: number) => ['workspaces', agencyId, 'clients'] as const

export default function ClientsPage() {
  const { current } = useWorkspaces()
  // The lock guard opens this page in an agency's workspace only.
  if (!current) return null
  return <Clients key={current.id} agency={current} />
}

function Clients({ agency }: { agency: WorkspaceDto }) {
  const { permissions, switchTo, refetch: refetchWorkspaces } = useWorkspaces()
  const { query } = useCustom<AgencyClientDto[]>({
    url: `/api/workspaces/${agency.id}/clients`,
    method: 'get',
    queryOptions: { queryKey: [...clientsKey(agency.id)] },
  })
  const [creating, setCreating] = useState(false)
  const [buyingFor, setBuyingFor] = useState<AgencyClientDto | null>(null)
  const clients = query.data?.data
  const canManage = permissions.manageWorkspace

  let body
  if (query.isLoading) body = <Skeleton active paragraph={{ rows: 6 }} />
  else if (query.isError || !Array.isArray(clients)) body = <LoadFailed title="Could not load your clients" onRetry={query.refetch} />
  else if (clients.length === 0)
    body = (
      <Card>
        <MessageScreen
          title="No clients yet"
          text="Create a workspace for each client: their businesses, ratings and plan stay apart, and their team sees your brand."
          actions={
            canManage && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
                Create your first client
              </Button>
            )
          }
        />
      </Card>
    )
  else body = <ClientRows clients={clients} canBuy={permissions.billing} onOpen={(client) => switchTo(client.id)} onBuy={setBuyingFor} />

  return (
    <Flex vertical gap={16}>
      <PageHeader
        title="Clients"
        lead={`The clients ${agency.name} manages, with this month's ratings. Open one to work in its workspace.`}
        extra={
          canManage &&
          Boolean(clients?.length) && (
            <Button type="primary" size="large" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              Create client
            </Button>
          )
        }
      />
      {body}
      {creating && (
        <CreateClientModal
          agencyId={agency.id}
          onClose={() => setCreating(false)}
          onCreated={() => {
            setCreating(false)
            void query.refetch()
            refetchWorkspaces()
          }}
        />
      )}
      {buyingFor && <BuyPlan client={buyingFor} onClose={() => setBuyingFor(null)} onPaid={() => void query.refetch()} />}
    </Flex>
  )
}

function CreateClientModal({ agencyId, onClose, onCreated }: { agencyId: number; onClose(): void; onCreated(): void }) {
  const toast = useToast()
  const { form, formProps, saving, failure } = useSaveForm<CreateClientRequest, CreateClientRequest, WorkspaceDto>({
    path: `/api/workspaces/${agencyId}/clients`,
    body: ({ name }) => ({ name: name.trim() }),
    onSaved: (client) => {
      toast.success('Client Created', `${client.name} has its own workspace now. Open it to add its businesses.`)
      onCreated()
    },
    busyAfterSave: true,
    onFailed: (error) => errorText(error, 'Could not create the client. Please try again.'),
  })

  return (
    <FormModal form={form} saving={saving} onClose={onClose} title="Create client" okText="Create client">
      <Form {...formProps} layout="vertical" requiredMark={false}>
        <Form.Item
          label="Client name"
          name="name"
          rules={[{ required: true, whitespace: true, message: "Please enter the client's name" }]}
          extra={`Their workspace starts on the free plan: ${FREE_PLAN_BUSINESS_LIMIT} business and ${FREE_PLAN_MONTHLY_REVIEWS_PER_BUSINESS} ratings a month, to try it. Buy them a plan from this page for more.`}
        >
          <Input maxLength={WORKSPACE_NAME_MAX} autoComplete="off" placeholder="Sharma Sweets" />
        </Form.Item>
        {failure && <Alert type="error" showIcon message={failure} />}
      </Form>
    </FormModal>
  )
}

/** The plans, then the Billing page's payment dialog, buying for `client` (the agency's billing details on the invoice). */
function BuyPlan({ client, onClose, onPaid }: { client: AgencyClientDto; onClose(): void; onPaid(): void }) {
  const plans = useCustom<PlanDto[]>({ url: '/api/billing/subscription-plans', method: 'get' })
  const { status } = useTrialStatus()
  const billing = useBillingProfile()
  const purchase = usePurchase(undefined, {
    billing,
    forClient: { id: client.id, name: client.name },
    onPaid: () => {
      onPaid()
      onClose()
    },
  })
  // The plans until one is chosen; from then on the payment dialog alone (it shows the preparation too).
  const choosing = purchase.payment.step === 'closed'

  return (
    <>
      <Modal open={choosing} title={`Buy a plan for ${client.name}`} footer={null} onCancel={onClose} width={920} destroyOnHidden>
        <PlanList
          plans={plans.query.data?.data}
          loading={plans.query.isLoading}
          failed={plans.query.isError}
          onRetry={() => void plans.query.refetch()}
          enrolled={false}
          busyPlanId={null}
          highlight={false}
          onChoose={purchase.choose}
          onEnrolledClick={() => undefined}
          paymentsConfigured={status?.paymentsConfigured !== false}
        />
      </Modal>
      <PaymentDialog
        payment={purchase.payment}
        profile={billing.profile}
        onProfileSaved={purchase.profileSaved}
        onPay={purchase.pay}
        onClose={() => {
          purchase.close()
          onClose()
        }}
      />
    </>
  )
}
