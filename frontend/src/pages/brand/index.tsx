/*
 * /dashboard/brand (docs/screens.md#brand-settings), an agency's owners: the name, colour and logo its clients'
 * members see in the dashboard instead of ReviewRoute's (GET and PUT /api/workspaces/{id}/brand). The logo is a PNG
 * or an SVG of at most 100 KB, checked here before it is sent as a data URL; a preview shows the header with it.
 */
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons'
import { useCustom } from '@refinedev/core'
import type { UpdateBrandRequest, WorkspaceBrandDto, WorkspaceDto } from '@reviewroute/backend/types/api'
import { fieldErrors } from '@reviewroute/web-shared/api'
import { Alert, Button, Card, Col, Flex, Form, Input, Row, Skeleton, Typography } from 'antd'
import { useRef, useState, type ChangeEvent } from 'react'
import { PageHeader } from '#components/layout/page-header'
import { BrandMark, DEFAULT_BRAND_COLOR } from '#components/layout/workspace-brand'
import { LoadFailed } from '#components/message-screen'
import { useWorkspaces } from '#hooks/use-workspaces'
import { BRAND_NAME_MAX, isBrandColor, logoDataUrl, logoProblem, normaliseColor } from '#lib/brand'
import { errorText, request } from '#providers/http'
import { useToast } from '#providers/toast'

export const brandKey = (workspaceId: number) => ['workspaces', workspaceId, 'brand'] as const

export default function BrandPage() {
  const { current } = useWorkspaces()
  // The lock guard opens this page for an agency's owners only.
  if (!current) return null
  return <Brand key={current.id} workspace={current} />
}

function Brand({ workspace }: { workspace: WorkspaceDto }) {
  const { query } = useCustom<WorkspaceBrandDto>({
    url: `/api/workspaces/${workspace.id}/brand`,
    method: 'get',
    queryOptions: { queryKey: [...brandKey(workspace.id)] },
  })
  const brand = query.data?.data
  return (
    <Flex vertical gap={16}>
      <PageHeader
        title="Brand"
        lead="Your clients' teams see this name, colour and logo in their dashboard instead of ReviewRoute's. Your own team sees it too."
      />
      {query.isLoading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : query.isError || !brand ? (
        <LoadFailed title="Could not load your brand" onRetry={query.refetch} />
      ) : (
        <BrandForm workspaceId={workspace.id} saved={brand} onSaved={() => void query.refetch()} />
      )}
    </Flex>
  )
}

/** `undefined`: the saved logo stays; a data URL: the new one; null: removed. */
type LogoChange = string | null | undefined

export function BrandForm({ workspaceId, saved, onSaved }: { workspaceId: number; saved: WorkspaceBrandDto; onSaved(): void }) {
  const toast = useToast()
  const { refetch: refetchWorkspaces } = useWorkspaces()
  const [name, setName] = useState(saved.name)
  // The colour as typed; read as #rrggbb (`#abc`, `abc` too) for the preview and the save.
  const [colorText, setColorText] = useState(saved.color || DEFAULT_BRAND_COLOR)
  const color = normaliseColor(colorText)
  const [logo, setLogo] = useState<LogoChange>(undefined)
  const [logoError, setLogoError] = useState<string | null>(null)
  const [errors, setErrors] = useState<Partial<Record<'name' | 'color' | 'logo', string>>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const fileInput = useRef<HTMLInputElement>(null)

  const shownLogo = logo === undefined ? saved.logoUrl : logo
  const colorValid = isBrandColor(color)
  const preview: WorkspaceBrandDto = {
    name: name.trim() || 'Your agency',
    color: colorValid ? color : DEFAULT_BRAND_COLOR,
    logoUrl: shownLogo,
  }

  async function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    const problem = logoProblem(file)
    setLogoError(problem)
    if (problem) return
    try {
      setLogo(await logoDataUrl(file))
    } catch {
      setLogoError('The file could not be read. Please choose it again.')
    }
  }

  async function save() {
    const local = {
      ...(name.trim() ? {} : { name: 'Please enter the name your clients see' }),
      ...(colorValid ? {} : { color: 'Please choose a colour, like #1d4ed8' }),
    }
    setErrors(local)
    setFailure(null)
    if (Object.keys(local).length) return
    setSaving(true)
    try {
      const body: UpdateBrandRequest = { name: name.trim(), color, ...(logo === undefined ? {} : { logo }) }
      await request<WorkspaceBrandDto>(`/api/workspaces/${workspaceId}/brand`, { method: 'PUT', body })
      toast.success('Brand Saved', 'Your clients see it the next time they open their dashboard.')
      setLogo(undefined)
      onSaved()
      refetchWorkspaces()
    } catch (error) {
      const byField = fieldErrors(error)
      if (Object.keys(byField).length) setErrors(byField)
      else setFailure(errorText(error, 'Could not save the brand. Please try again.'))
    } finally {
      setSaving(false)
    }
  }

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={14}>
        <Card>
          <Form layout="vertical" requiredMark={false} onFinish={() => void save()} aria-label="Brand">
            <Form.Item label="Name" htmlFor="brand-name" validateStatus={errors.name ? 'error' : undefined} help={errors.name}>
              <Input id="brand-name" value={name} maxLength={BRAND_NAME_MAX} onChange={(event) => setName(event.target.value)} />
            </Form.Item>
            <Form.Item label="Colour" htmlFor="brand-color" validateStatus={errors.color ? 'error' : undefined} help={errors.color}>
              <Flex gap={8} align="center">
                {/* The browser's own picker (the phone's on a phone): antd's ColorPicker would put its presets'
                    Collapse into the app's first chunk, which every screen downloads. */}
                <input
                  type="color"
                  style={{
                    width: 40,
                    height: 32,
                    padding: 2,
                    border: '1px solid #d9d9d9',
                    borderRadius: 6,
                    background: '#fff',
                    cursor: 'pointer',
                  }}
                  aria-label="Pick a colour"
                  value={colorValid ? color : DEFAULT_BRAND_COLOR}
                  onChange={(event) => setColorText(event.target.value)}
                />
                <Input
                  id="brand-color"
                  aria-label="Colour code"
                  value={colorText}
                  maxLength={7}
                  style={{ maxWidth: 140 }}
                  onChange={(event) => setColorText(event.target.value)}
                  onBlur={() => colorValid && setColorText(color)}
                />
              </Flex>
            </Form.Item>
            <Form.Item
              label="Logo"
              validateStatus={logoError || errors.logo ? 'error' : undefined}
              help={logoError ?? errors.logo ?? 'A PNG or SVG image of at most 100 KB; a square one looks best.'}
            >
              <Flex gap={8} wrap align="center">
                <input
                  ref={fileInput}
                  type="file"
                  accept="image/png,image/svg+xml,.png,.svg"
                  aria-label="Logo file"
                  style={{ display: 'none' }}
                  onChange={(event) => void chooseFile(event)}
                />
                <Button icon={<UploadOutlined />} onClick={() => fileInput.current?.click()}>
                  {shownLogo ? 'Choose another logo' : 'Upload logo'}
                </Button>
                {shownLogo && (
                  <Button
                    danger
                    icon={<DeleteOutlined />}
                    onClick={() => {
                      setLogo(null)
                      setLogoError(null)
                    }}
                  >
                    Remove logo
                  </Button>
                )}
              </Flex>
            </Form.Item>
            {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} />}
            <Button type="primary" htmlType="submit" loading={saving} style={{ marginTop: 16 }}>
              Save brand
            </Button>
          </Form>
        </Card>
      </Col>
      <Col xs={24} lg={10}>
        <BrandPreview brand={preview} />
      </Col>
    </Row>
  )
}

/** The top of the dashboard's menu as a client's member sees it. */
function BrandPreview({ brand }: { brand: WorkspaceBrandDto }) {
  return (
    <Card title="Preview" aria-label="Preview">
      <Flex vertical gap={16}>
        <div className="brand-preview">
          <div className="app-brand" style={{ padding: '0 16px', height: 56 }}>
            <BrandMark brand={brand} size={32} />
            <span className="app-brand__name">{brand.name}</span>
          </div>
        </div>
        <Typography.Text type="secondary">
          Without a logo, the first letter of the name on your colour stands in for it; the colour also marks your workspaces in the
          workspace switcher. On a phone the logo sits at the start of the header.
        </Typography.Text>
      </Flex>
    </Card>
  )
}
