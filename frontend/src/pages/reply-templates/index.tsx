/*
 * /dashboard/reply-templates (docs/screens.md#reply-templates): the workspace's replies written once and used for
 * many reviews, each for some star ratings and a language, with `{reviewer}` and `{business}` filled in when one is
 * picked. Owners and managers create, edit and delete them; a viewer reads them.
 */
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons'
import { Alert, Button, Card, Checkbox, Flex, Form, Input, List, Popconfirm, Select, Tag, Typography } from 'antd'
import { useState } from 'react'
import type { ReplyTemplateDto, ReplyTemplateRequest } from '@reviewroute/backend/types/api'
import { AutoReplyCard } from '#components/google/auto-reply-card'
import { TEMPLATES_KEY, useGoogleRefresh, useReplyTemplates } from '#components/google/use-google'
import { PageHeader } from '#components/layout/page-header'
import { LoadFailed, MessageScreen } from '#components/message-screen'
import { PageLoading } from '#components/page-loading'
import { useSaveForm } from '#hooks/use-save-form'
import { usePermissions } from '#hooks/use-workspaces'
import {
  byteCounterText,
  byteLength,
  languageLabel,
  REPLY_MAX_BYTES,
  REPLY_TEMPLATE_NAME_MAX,
  REPLY_TOO_LONG,
  TEMPLATE_LANGUAGES,
} from '#lib/google'
import { errorText, request } from '#providers/http'
import { useToast } from '#providers/toast'
import '../../components/google/google.css'
import { FormModal } from '#components/form-modal'

const STAR_OPTIONS = [1, 2, 3, 4, 5].map((stars) => ({ value: stars, label: `${stars}★` }))

export const PLACEHOLDER_HINT = 'Write {reviewer} for the reviewer’s name and {business} for the business’s name.'

const starsText = (stars: number[]) =>
  stars.length === 5
    ? 'Any rating'
    : [...stars]
        .sort()
        .map((value) => `${value}★`)
        .join(' ')

export default function ReplyTemplatesPage() {
  const { templates, query } = useReplyTemplates()
  const { edit } = usePermissions()
  const toast = useToast()
  const refresh = useGoogleRefresh()
  // null: closed; 'new': creating; a template: editing it.
  const [editing, setEditing] = useState<ReplyTemplateDto | 'new' | null>(null)

  async function remove(template: ReplyTemplateDto) {
    try {
      await request(`/api/reply-templates/${template.id}`, { method: 'DELETE' })
      toast.success('Template Deleted')
      await refresh(TEMPLATES_KEY)
    } catch (error) {
      toast.error('Delete Failed', errorText(error, 'Please try again.'))
    }
  }

  return (
    <Flex vertical gap={16}>
      <PageHeader
        title="Reply templates"
        lead="Replies you write once and use for many Google reviews. The reply box offers those made for the review's stars and language first."
        extra={
          edit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              New template
            </Button>
          )
        }
      />
      {!edit && <Alert type="info" showIcon message="Only the owners and managers of this workspace can change the templates." />}
      <Card>
        {query.isLoading ? (
          <PageLoading />
        ) : query.isError ? (
          <LoadFailed title={errorText(query.error, 'Could not load your templates')} onRetry={query.refetch} />
        ) : (
          <List
            aria-label="Reply templates"
            dataSource={templates}
            locale={{
              emptyText: (
                <MessageScreen
                  title="No templates yet"
                  text={`A template is a reply you can pick and adjust. ${PLACEHOLDER_HINT}`}
                  actions={edit && <Button onClick={() => setEditing('new')}>Write your first template</Button>}
                />
              ),
            }}
            renderItem={(template) => (
              <List.Item
                style={{ flexWrap: 'wrap', rowGap: 8 }}
                actions={
                  edit
                    ? [
                        <Button
                          key="edit"
                          icon={<EditOutlined />}
                          aria-label={`Edit ${template.name}`}
                          onClick={() => setEditing(template)}
                        >
                          Edit
                        </Button>,
                        <Popconfirm
                          key="delete"
                          title={`Delete ${template.name}?`}
                          okText="Delete"
                          okButtonProps={{ danger: true }}
                          onConfirm={() => void remove(template)}
                        >
                          <Button danger icon={<DeleteOutlined />} aria-label={`Delete ${template.name}`} />
                        </Popconfirm>,
                      ]
                    : []
                }
              >
                <Flex vertical gap={4} style={{ minWidth: 0, flex: '1 1 300px' }}>
                  <Flex gap={8} wrap align="center">
                    <Typography.Text strong>{template.name}</Typography.Text>
                    <Tag color="gold">{starsText(template.stars)}</Tag>
                    <Tag>{languageLabel(template.language)}</Tag>
                  </Flex>
                  <Typography.Paragraph
                    className="google-text"
                    ellipsis={{ rows: 2, expandable: 'collapsible' }}
                    style={{ margin: 0, whiteSpace: 'pre-wrap' }}
                  >
                    {template.body}
                  </Typography.Paragraph>
                </Flex>
              </List.Item>
            )}
          />
        )}
      </Card>
      <AutoReplyCard />
      {editing && (
        <TemplateModal
          template={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null)
            void refresh(TEMPLATES_KEY)
          }}
        />
      )}
    </Flex>
  )
}

function TemplateModal({ template, onClose, onSaved }: { template: ReplyTemplateDto | null; onClose(): void; onSaved(): void }) {
  const toast = useToast()
  const { form, formProps, saving, failure } = useSaveForm<ReplyTemplateRequest>({
    resource: 'reply-templates',
    action: template ? 'edit' : 'create',
    id: template?.id,
    body: (values) => ({ ...values, name: values.name.trim() }),
    onSaved: () => {
      toast.success(template ? 'Template Saved' : 'Template Created')
      onSaved()
    },
    onFailed: (error) => errorText(error, 'Could not save the template. Please try again.'),
  })
  const body = Form.useWatch('body', form) ?? template?.body ?? ''

  return (
    <FormModal
      form={form}
      saving={saving}
      onClose={onClose}
      title={template ? `Edit ${template.name}` : 'New template'}
      okText={template ? 'Save template' : 'Create template'}
    >
      <Form
        {...formProps}
        layout="vertical"
        requiredMark={false}
        initialValues={template ?? { name: '', body: '', stars: [5], language: 'en' }}
      >
        <Form.Item name="name" label="Name" rules={[{ required: true, whitespace: true, message: 'Give the template a name' }]}>
          <Input maxLength={REPLY_TEMPLATE_NAME_MAX} placeholder="e.g. Thank you (5 stars)" />
        </Form.Item>
        <Form.Item
          name="stars"
          label="For reviews of"
          rules={[{ required: true, type: 'array', min: 1, message: 'Choose at least one rating' }]}
        >
          <Checkbox.Group options={STAR_OPTIONS} />
        </Form.Item>
        <Form.Item name="language" label="Language">
          <Select options={TEMPLATE_LANGUAGES} />
        </Form.Item>
        <Form.Item
          name="body"
          label="Reply"
          extra={
            <Flex justify="space-between" gap={8} wrap>
              <span>{PLACEHOLDER_HINT}</span>
              <span style={{ color: byteLength(body) > REPLY_MAX_BYTES ? '#dc2626' : undefined }}>{byteCounterText(byteLength(body))}</span>
            </Flex>
          }
          rules={[
            { required: true, whitespace: true, message: 'Write the reply' },
            {
              validator: (_, value: string | undefined) =>
                byteLength(value ?? '') > REPLY_MAX_BYTES ? Promise.reject(new Error(REPLY_TOO_LONG)) : Promise.resolve(),
            },
          ]}
        >
          <Input.TextArea className="google-text" autoSize={{ minRows: 4, maxRows: 10 }} />
        </Form.Item>
      </Form>
      {failure && <Alert type="error" showIcon message={failure} />}
    </FormModal>
  )
}
