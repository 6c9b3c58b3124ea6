/*
 * The sites that may show the widget (docs/screens.md#website-widget): none listed, any site may; listed, only those
 * (the server sends them as the widget's allowed origins and frame-ancestors). Owners and managers edit the list
 * and save it whole; the server's 422 sentence shows under the site it is about (or above the list). A viewer reads it.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import { fieldErrors } from '@reviewroute/web-shared/api'
import { Alert, Button, Card, Flex, Form, Input, Tag, Typography } from 'antd'
import { useState } from 'react'
import { MAX_ALLOWED_SITES, siteErrors } from '#lib/widget'
import { errorText } from '#providers/http'
import { useToast } from '#providers/toast'

export const ANY_SITE_TEXT = 'Any website can show the widget. List your sites to allow only those.'
/** How a site is written (docs/decisions.md D61): its address alone; https:// is added when it is left out. */
export const SITES_HINT =
  'Only these sites can show the widget. Write each site’s address without a page path, like sharmasweets.in: https:// is added for you.'

export function AllowedSitesCard({
  sites,
  editable,
  onSave,
}: {
  sites: string[]
  editable: boolean
  onSave(sites: string[]): Promise<unknown>
}) {
  const toast = useToast()
  // What the owner is typing, over what is stored.
  const [draft, setDraft] = useState<string[] | null>(null)
  const [errors, setErrors] = useState<{ whole: string | null; bySite: Map<number, string> }>({ whole: null, bySite: new Map() })
  const [saving, setSaving] = useState(false)
  const rows = draft ?? sites

  function change(next: string[]) {
    setDraft(next)
    setErrors({ whole: null, bySite: new Map() })
  }

  async function save() {
    const sent = rows.map((site) => site.trim()).filter(Boolean)
    setSaving(true)
    try {
      await onSave(sent)
      setDraft(null)
      setErrors({ whole: null, bySite: new Map() })
      toast.success('Sites Saved', sent.length ? 'Only these sites can show the widget.' : 'Any website can show the widget.')
    } catch (error) {
      const found = siteErrors(fieldErrors(error), sent)
      if (found.whole === null && found.bySite.size === 0) toast.error('Save Failed', errorText(error, 'Please try again.'))
      else {
        // The server numbers the sites it was sent; the rows on screen are those, once the empty ones are dropped.
        setDraft(sent)
        setErrors(found)
      }
    } finally {
      setSaving(false)
    }
  }

  if (!editable)
    return (
      <Card title="Allowed sites" size="small">
        {sites.length ? (
          <Flex gap={8} wrap>
            {sites.map((site) => (
              <Tag key={site} style={{ marginInlineEnd: 0 }}>
                {site}
              </Tag>
            ))}
          </Flex>
        ) : (
          <Typography.Text type="secondary">{ANY_SITE_TEXT}</Typography.Text>
        )}
      </Card>
    )

  return (
    <Card title="Allowed sites" size="small">
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{rows.length ? SITES_HINT : ANY_SITE_TEXT}</Typography.Text>
        {errors.whole && <Alert type="error" showIcon message={errors.whole} />}
        <Form layout="vertical" component="div">
          {rows.map((site, index) => (
            <Form.Item
              key={index}
              style={{ marginBottom: 8 }}
              validateStatus={errors.bySite.has(index) ? 'error' : undefined}
              help={errors.bySite.get(index)}
            >
              <Flex gap={8}>
                <Input
                  aria-label={`Site ${index + 1}`}
                  value={site}
                  placeholder="sharmasweets.in"
                  inputMode="url"
                  autoComplete="url"
                  onChange={(event) => change(rows.map((value, at) => (at === index ? event.target.value : value)))}
                  onPressEnter={() => void save()}
                />
                <Button
                  icon={<DeleteOutlined />}
                  aria-label={`Remove site ${index + 1}`}
                  onClick={() => change(rows.filter((_, at) => at !== index))}
                />
              </Flex>
            </Form.Item>
          ))}
        </Form>
        <Flex gap={8} wrap justify="space-between">
          <Button icon={<PlusOutlined />} disabled={rows.length >= MAX_ALLOWED_SITES} onClick={() => change([...rows, ''])}>
            Add site
          </Button>
          <Button type="primary" loading={saving} disabled={draft === null} onClick={() => void save()}>
            Save sites
          </Button>
        </Flex>
      </Flex>
    </Card>
  )
}
