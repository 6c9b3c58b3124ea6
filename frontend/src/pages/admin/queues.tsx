/*
 * /admin/queues and /admin/queues/:name: the background queues' job counts by state (GET /api/admin/queues), and one
 * queue's failed jobs (GET /api/admin/queues/{name}/failed) with their error, to retry or remove.
 */
import { ReloadOutlined } from '@ant-design/icons'
import { useList, type HttpError } from '@refinedev/core'
import type { AdminFailedJobDto, AdminQueueDto } from '@reviewroute/backend/types/api'
import { Alert, Button, Card, Col, Flex, Row, Skeleton, Statistic, Table, Typography } from 'antd'
import { useState } from 'react'
import { useNavigate, useParams } from 'react-router'
import { jobAction } from '#components/admin/admin-actions'
import { AdminPage } from '#components/admin/admin-page'
import { ReasonModal, type ReasonAction } from '#components/admin/reason-modal'
import { compactJson, failedJobsResource, twoFactorStep } from '#lib/admin'
import { formatDateTime } from '#lib/dates'
import { errorText } from '#providers/http'

const STATES: (keyof AdminQueueDto['counts'])[] = ['waiting', 'active', 'delayed', 'failed', 'completed']

function QueueCard({ queue, selected, onOpen }: { queue: AdminQueueDto; selected: boolean; onOpen(): void }) {
  return (
    <Card
      size="small"
      hoverable
      className={selected ? 'admin-queue admin-queue--selected' : 'admin-queue'}
      title={queue.name}
      onClick={onOpen}
      aria-label={`Queue ${queue.name}`}
    >
      <div className="admin-queue__counts">
        {STATES.map((state) => (
          <Statistic
            key={state}
            title={state}
            value={queue.counts[state]}
            valueStyle={state === 'failed' && queue.counts.failed > 0 ? { color: '#dc2626' } : undefined}
          />
        ))}
      </div>
    </Card>
  )
}

function FailedJobs({ queue }: { queue: string }) {
  const { query, result } = useList<AdminFailedJobDto, HttpError>({ resource: failedJobsResource(queue), pagination: { mode: 'off' } })
  const [action, setAction] = useState<ReasonAction | null>(null)

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Title level={4} style={{ margin: 0 }}>
          Failed jobs in {queue}
        </Typography.Title>
        <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()} loading={query.isFetching}>
          Refresh
        </Button>
      </Flex>
      {query.isError && !twoFactorStep(query.error) && (
        <Alert type="error" showIcon message={errorText(query.error, 'Could not load the failed jobs.')} />
      )}
      <Table<AdminFailedJobDto>
        rowKey="id"
        size="small"
        loading={query.isLoading}
        dataSource={result.data ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: 'No failed jobs.' }}
        expandable={{ expandedRowRender: (job) => <pre className="admin-json">{compactJson(job.data)}</pre> }}
        columns={[
          {
            title: 'Failed',
            dataIndex: 'failedAt',
            key: 'failedAt',
            render: (value: string | null, job) => formatDateTime(value ?? job.createdAt),
          },
          {
            title: 'Job',
            key: 'job',
            render: (_, job) => (
              <Flex vertical>
                <Typography.Text strong>{job.name}</Typography.Text>
                <Typography.Text type="secondary" className="admin-mono">
                  #{job.id}
                </Typography.Text>
              </Flex>
            ),
          },
          { title: 'Attempts', dataIndex: 'attemptsMade', key: 'attemptsMade', align: 'right' },
          {
            title: 'Error',
            dataIndex: 'failedReason',
            key: 'failedReason',
            render: (reason: string) => (
              <Typography.Paragraph
                type="danger"
                className="admin-error-text"
                ellipsis={{ rows: 2, expandable: true }}
                style={{ margin: 0 }}
              >
                {reason}
              </Typography.Paragraph>
            ),
          },
          {
            title: 'Actions',
            key: 'actions',
            align: 'right',
            render: (_, job) => (
              <Flex gap={4} justify="flex-end">
                <Button size="small" onClick={() => setAction(jobAction(job, 'retry'))} aria-label={`Retry job ${job.id}`}>
                  Retry
                </Button>
                <Button size="small" danger onClick={() => setAction(jobAction(job, 'remove'))} aria-label={`Remove job ${job.id}`}>
                  Remove
                </Button>
              </Flex>
            ),
          },
        ]}
      />
      <ReasonModal action={action} onClose={() => setAction(null)} />
    </Flex>
  )
}

export default function AdminQueuesPage() {
  const { name } = useParams()
  const navigate = useNavigate()
  const { query, result } = useList<AdminQueueDto, HttpError>({ resource: 'admin/queues', pagination: { mode: 'off' } })

  return (
    <AdminPage
      title="Queues"
      lead="Background jobs by state. Open a queue for its failed jobs."
      error={query.error}
      errorFallback="Could not load the queues."
      extra={
        <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()} loading={query.isFetching}>
          Refresh
        </Button>
      }
    >
      <Flex vertical gap={24}>
        {query.isLoading ? (
          <Skeleton active />
        ) : (
          <Row gutter={[12, 12]}>
            {(result.data ?? []).map((queue) => (
              <Col key={queue.name} xs={24} md={12} xl={8}>
                <QueueCard
                  queue={queue}
                  selected={queue.name === name}
                  onOpen={() => navigate(`/admin/queues/${encodeURIComponent(queue.name)}`)}
                />
              </Col>
            ))}
          </Row>
        )}
        {name && <FailedJobs key={name} queue={name} />}
      </Flex>
    </AdminPage>
  )
}
