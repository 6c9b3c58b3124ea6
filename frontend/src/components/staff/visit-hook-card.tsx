/*
 * The after-visit hook (docs/decisions.md D32, README "## API"): a secret address a billing/POS system or form tool
 * calls for each customer who agreed to be asked, queuing a review request. GET/POST/DELETE
 * /api/businesses/{id}/visit-hook: POST turns it on or gives a new address (the old one stops working), DELETE off.
 */
import { ApiOutlined, CopyOutlined, ReloadOutlined } from '@ant-design/icons'
import type { VisitHookDto } from '@reviewroute/backend/types/api'
import { copyText } from '@reviewroute/web-shared/clipboard'
import { Alert, App, Button, Card, Flex, Input, Skeleton, Space, Switch, Tag, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { errorText, request } from '#providers/http'
import { useToast } from '#providers/toast'
import './staff.css'

const hookPath = (businessId: number) => `/api/businesses/${businessId}/visit-hook`

/** README's example, with the owner's own address in place of $HOOK_URL. */
export const curlExample = (url: string) =>
  `curl -X POST "${url}" -H 'Content-Type: application/json' \\\n` +
  `  -d '{"name": "Meena Iyer", "phone": "+91 98450 22222", "email": "meena@example.in"}'\n` +
  `# 202 {"requestId": 42, "status": "created", "channel": "email"}`

export function VisitHookCard({ businessId, businessName }: { businessId: number; businessName: string }) {
  const { modal } = App.useApp()
  const toast = useToast()
  const [hook, setHook] = useState<VisitHookDto | null>(null)
  const [loadError, setLoadError] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)
  // Another business: back to the placeholder until its own hook is read.
  const [shownBusiness, setShownBusiness] = useState(businessId)
  if (shownBusiness !== businessId) {
    setShownBusiness(businessId)
    setHook(null)
    setLoadError(null)
  }

  useEffect(() => {
    let live = true
    request<VisitHookDto>(hookPath(businessId)).then(
      (answer) => live && setHook(answer),
      (failure: unknown) => live && setLoadError(failure)
    )
    return () => {
      live = false
    }
  }, [businessId])

  async function change(method: 'POST' | 'DELETE', done: string) {
    setBusy(true)
    try {
      const answer = await request<VisitHookDto | null>(hookPath(businessId), { method })
      setHook(answer ?? { enabled: false, url: null })
      toast.success(done)
    } catch (failure) {
      toast.error('Could Not Change the Hook', errorText(failure, 'Please try again in a moment.'))
    } finally {
      setBusy(false)
    }
  }

  function turnOff() {
    modal.confirm({
      title: 'Turn off the after-visit hook?',
      content: 'Calls to the address will fail from now on. Turning it on again gives a new address.',
      okText: 'Turn off',
      okButtonProps: { danger: true },
      onOk: () => change('DELETE', 'After-visit hook turned off'),
    })
  }

  function rotate() {
    modal.confirm({
      title: 'Get a new address?',
      content: 'The current address stops working at once: update your billing or form tool with the new one.',
      okText: 'New address',
      onOk: () => change('POST', 'New address ready'),
    })
  }

  async function copy(text: string, what: string) {
    if (await copyText(text)) toast.success('Copied!', `${what} has been copied to clipboard.`)
    else toast.error('Copy Failed', 'Please copy it manually.')
  }

  const enabled = hook?.enabled === true
  const title = (
    <Flex align="center" gap={8} wrap>
      <ApiOutlined />
      <span>After-visit hook</span>
      {enabled && <Tag color="green">On</Tag>}
    </Flex>
  )

  let body
  if (loadError && !hook) body = <Alert type="error" showIcon message={errorText(loadError, 'Could not load the after-visit hook.')} />
  else if (!hook) body = <Skeleton active paragraph={{ rows: 2 }} />
  else
    body = (
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">
          Ask every customer automatically: your billing, POS or form tool calls this address after each visit, and we send the review
          request (email, else WhatsApp Business, else SMS).
        </Typography.Text>
        <Flex align="center" gap={8}>
          <Switch
            checked={enabled}
            loading={busy}
            onChange={(on) => (on ? void change('POST', 'After-visit hook turned on') : turnOff())}
            aria-label="After-visit hook"
          />
          <Typography.Text>{enabled ? 'On' : 'Off'}</Typography.Text>
        </Flex>
        {enabled && hook.url && (
          <>
            <div>
              <Typography.Text strong>Secret address</Typography.Text>
              <Space.Compact style={{ width: '100%', marginTop: 6 }}>
                <Input readOnly value={hook.url} aria-label="Hook address" onFocus={(event) => event.target.select()} />
                <Button icon={<CopyOutlined />} onClick={() => void copy(hook.url!, 'The address')} aria-label="Copy hook address" />
              </Space.Compact>
            </div>
            <Alert
              type="warning"
              showIcon
              message={`Anyone with this address can send review requests in ${businessName}'s name.`}
              description="Keep it secret. If it leaks, get a new address: the old one stops working at once."
            />
            <div>
              <Flex justify="space-between" align="center" gap={8}>
                <Typography.Text strong>Example call</Typography.Text>
                <Button size="small" icon={<CopyOutlined />} onClick={() => void copy(curlExample(hook.url!), 'The example')}>
                  Copy
                </Button>
              </Flex>
              <pre className="visit-hook-example" aria-label="Example call">
                {curlExample(hook.url)}
              </pre>
            </div>
            <div>
              <Button icon={<ReloadOutlined />} onClick={rotate} disabled={busy}>
                New address
              </Button>
            </div>
          </>
        )}
      </Flex>
    )

  return (
    <Card title={title} style={{ height: '100%' }}>
      {body}
    </Card>
  )
}
