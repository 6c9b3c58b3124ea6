/*
 * The Auto-reply card of the reply templates page (docs/decisions.md D48): owners turn the rule on, set the delay and
 * 4-5 or 5 stars only; everyone else reads what it does.
 */
import { useCustom } from '@refinedev/core'
import type { AutoReplyDto } from '@reviewroute/backend/types/api'
import { Button, Card, Flex, InputNumber, Radio, Switch, Typography } from 'antd'
import { useState } from 'react'
import { usePermissions } from '#hooks/use-workspaces'
import { errorText, request } from '#providers/http'
import { useToast } from '#providers/toast'

export const AUTO_REPLY_SENTENCE =
  'Posts one of your templates under new 4- and 5-star reviews that are still unanswered after the delay. Nothing is posted for 1-3 stars.'

/** The delay may be empty while it is typed. */
type Draft = Omit<AutoReplyDto, 'delayHours'> & { delayHours: number | null }

const starsLabel = (stars: number[]) => (stars.includes(4) ? '4 and 5 stars' : '5 stars only')

export function AutoReplyCard() {
  const { role } = usePermissions()
  const owner = role === 'owner'
  const toast = useToast()
  const { query } = useCustom<AutoReplyDto>({
    url: '/api/google/auto-reply',
    method: 'get',
    queryOptions: { queryKey: ['google', 'auto-reply'] },
  })
  const saved = query.data?.data
  // What the owner changed, over what the server has.
  const [draft, setDraft] = useState<Draft | null>(null)
  const [saving, setSaving] = useState(false)
  const form: Draft | null = draft ?? (saved && typeof saved.enabled === 'boolean' ? saved : null)
  const setForm = setDraft

  async function save() {
    if (!form || form.delayHours === null) return
    setSaving(true)
    try {
      await request<AutoReplyDto>('/api/google/auto-reply', { method: 'PUT', body: form })
      await query.refetch()
      setDraft(null)
      toast.success('Auto-reply Saved')
    } catch (error) {
      toast.error('Save Failed', errorText(error, 'Please try again.'))
    } finally {
      setSaving(false)
    }
  }

  return (
    <Card title="Auto-reply" loading={!form && !query.isError}>
      {!form && query.isError && (
        <Typography.Text type="danger">{errorText(query.error, 'Could not load the auto-reply setting.')}</Typography.Text>
      )}
      {form && (
        <Flex vertical gap={12}>
          <Typography.Paragraph style={{ margin: 0 }}>{AUTO_REPLY_SENTENCE}</Typography.Paragraph>
          {owner ? (
            <>
              <Flex gap={8} align="center">
                <Switch aria-label="Auto-reply" checked={form.enabled} onChange={(enabled) => setForm({ ...form, enabled })} />
                <Typography.Text>{form.enabled ? 'On' : 'Off'}</Typography.Text>
              </Flex>
              <Flex gap={8} align="center" wrap>
                <Typography.Text>Reply after</Typography.Text>
                <InputNumber
                  aria-label="Delay in hours"
                  min={1}
                  max={72}
                  precision={0}
                  value={form.delayHours}
                  onChange={(value) => setForm({ ...form, delayHours: typeof value === 'number' ? value : null })}
                />
                <Typography.Text>hours</Typography.Text>
              </Flex>
              <Radio.Group
                aria-label="Stars"
                value={form.stars.includes(4) ? '45' : '5'}
                onChange={(event) => setForm({ ...form, stars: event.target.value === '45' ? [4, 5] : [5] })}
                options={[
                  { value: '45', label: '4 and 5 stars' },
                  { value: '5', label: '5 stars only' },
                ]}
              />
              <div>
                <Button type="primary" loading={saving} disabled={form.delayHours === null} onClick={() => void save()}>
                  Save
                </Button>
              </div>
            </>
          ) : (
            <Typography.Text type="secondary">
              {form.enabled
                ? `On: ${starsLabel(form.stars)}, after ${form.delayHours} hours. Only owners change it.`
                : 'Off. Only owners can turn it on.'}
            </Typography.Text>
          )}
        </Flex>
      )}
    </Card>
  )
}
