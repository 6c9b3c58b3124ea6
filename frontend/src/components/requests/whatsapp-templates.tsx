/*
 * The review-request templates of the WhatsApp Business number, one per language: Meta's review state of each (only an
 * approved one sends) and, for a rejected, paused or disabled one, Meta's reason.
 */
import type { WhatsAppTemplateDto } from '@reviewroute/backend/types/api'
import { Flex, Table, Tag, Typography } from 'antd'
import { ENGLISH_FALLBACK, TEMPLATE_STATUS_LABELS } from '#lib/whatsapp-business'
import { languageLabel } from './message-language-field'

const COLUMNS = [
  {
    title: 'Language',
    key: 'language',
    render: (_: unknown, template: WhatsAppTemplateDto) => languageLabel(template.language),
  },
  {
    title: 'Template',
    key: 'name',
    render: (_: unknown, template: WhatsAppTemplateDto) => <code>{template.name}</code>,
  },
  {
    title: 'Status',
    key: 'status',
    render: (_: unknown, template: WhatsAppTemplateDto) => {
      const status = TEMPLATE_STATUS_LABELS[template.status] ?? { label: template.status, color: 'default' }
      return (
        <Flex vertical gap={4} align="flex-start">
          <Tag color={status.color} style={{ marginInlineEnd: 0 }}>
            {status.label}
          </Tag>
          {template.status !== 'APPROVED' && template.status !== 'PENDING' && template.reason && (
            <Typography.Text type="secondary">{template.reason}</Typography.Text>
          )}
        </Flex>
      )
    },
  },
]

export function WhatsAppTemplates({ templates }: { templates: WhatsAppTemplateDto[] }) {
  return (
    <Flex vertical gap={8} role="region" aria-label="Message templates">
      <Table<WhatsAppTemplateDto>
        size="small"
        pagination={false}
        rowKey={(template) => `${template.language}:${template.name}`}
        columns={COLUMNS}
        dataSource={templates}
        locale={{ emptyText: 'No review-request templates yet.' }}
        scroll={{ x: 'max-content' }}
      />
      <Typography.Text type="secondary">{ENGLISH_FALLBACK}</Typography.Text>
    </Flex>
  )
}
