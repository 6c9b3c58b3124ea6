/*
 * The website widget screen's cards (docs/screens.md#website-widget): the layout (a small picture of each), the
 * preview of the chosen layout as a visitor sees it (the widget's own page in an iframe), the snippet with its Copy
 * button, and the widget's views.
 */
import { CopyOutlined, EyeOutlined } from '@ant-design/icons'
import { copyText } from '@reviewroute/web-shared/clipboard'
import { Alert, Button, Card, Flex, Radio, Statistic, Typography } from 'antd'
import { PREVIEW_HEIGHT, WIDGET_LAYOUTS, widgetPreviewUrl, type WidgetLayout, type WidgetSettings } from '#lib/widget'
import { useToast } from '#providers/toast'
import './widget.css'

/** Why the snippet and the preview are the badge while the owner chose another layout (docs/decisions.md D61). */
export const BADGE_UNTIL_REVIEWS_TEXT =
  'Until your widget has a Google review to show, the snippet and the preview are the badge, so your page keeps no empty space around it. Copy the snippet again once reviews show here.'

/** What a widget view is (docs/product-rules.md#website-widget-views). */
export const VIEWS_TEXT =
  'A view is one visitor (one address and browser) seeing the widget on a day, however often they reload. Your preview here is not counted.'

/** A sketch of each layout: the badge's stars, the carousel's one card with arrows, the list's cards. */
function LayoutPicture({ layout }: { layout: WidgetLayout }) {
  if (layout === 'badge')
    return (
      <span className="widget-pic" aria-hidden>
        <span className="widget-pic__stars">★★★★★</span>
        <span className="widget-pic__line widget-pic__line--short" />
      </span>
    )
  if (layout === 'carousel')
    return (
      <span className="widget-pic widget-pic--row" aria-hidden>
        <span className="widget-pic__arrow">‹</span>
        <span className="widget-pic__card" />
        <span className="widget-pic__arrow">›</span>
      </span>
    )
  return (
    <span className="widget-pic" aria-hidden>
      <span className="widget-pic__card widget-pic__card--flat" />
      <span className="widget-pic__card widget-pic__card--flat" />
      <span className="widget-pic__card widget-pic__card--flat" />
    </span>
  )
}

export function LayoutCard({
  layout,
  snippetLayout,
  editable,
  saving,
  onChange,
}: {
  layout: WidgetLayout
  /** The layout the snippet hands out: the badge until the widget has a review to show. */
  snippetLayout: WidgetLayout
  editable: boolean
  saving: boolean
  onChange(layout: WidgetLayout): void
}) {
  return (
    <Card title="Layout" size="small">
      <Radio.Group
        value={layout}
        disabled={!editable || saving}
        onChange={(event) => onChange(event.target.value as WidgetLayout)}
        className="widget-layouts"
        // antd's group is a plain div: the role and name make it one choice for a screen reader.
        {...{ 'role': 'radiogroup', 'aria-label': 'Layout' }}
      >
        {WIDGET_LAYOUTS.map((option) => (
          <Radio.Button key={option.value} value={option.value} className="widget-layouts__option">
            <Flex vertical align="center" gap={4}>
              <LayoutPicture layout={option.value} />
              <Typography.Text strong>{option.label}</Typography.Text>
              <Typography.Text type="secondary" className="widget-layouts__hint">
                {option.hint}
              </Typography.Text>
            </Flex>
          </Radio.Button>
        ))}
      </Radio.Group>
      {snippetLayout !== layout && <Alert type="info" showIcon message={BADGE_UNTIL_REVIEWS_TEXT} style={{ marginTop: 12 }} />}
      {(snippetLayout === layout || !editable) && (
        <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }}>
          {editable
            ? 'The snippet uses this layout. Change data-layout in it to show another one on a page.'
            : 'Only the owners and managers of this workspace can change the widget.'}
        </Typography.Paragraph>
      )}
    </Card>
  )
}

/** The widget's own page in a frame as tall as the layout: loaded when scrolled to, and again for another layout. */
export function PreviewCard({ code, layout, version }: { code: string; layout: WidgetLayout; version: number }) {
  const src = widgetPreviewUrl(code, layout)
  return (
    <Card title="Preview" size="small">
      <iframe
        key={`${layout}-${version}`}
        className="widget-preview"
        title={`Preview of the ${layout} widget`}
        src={src}
        loading="lazy"
        style={{ height: PREVIEW_HEIGHT[layout] }}
      />
    </Card>
  )
}

export function SnippetCard({ snippet }: { snippet: string }) {
  const toast = useToast()
  async function copy() {
    if (await copyText(snippet)) toast.success('Snippet Copied!', 'Paste it into your website where the widget should appear.')
    else toast.error('Failed to copy', 'Please select the snippet and copy it.')
  }
  return (
    <Card
      title="Snippet"
      size="small"
      extra={
        <Button type="primary" size="small" icon={<CopyOutlined />} onClick={() => void copy()}>
          Copy
        </Button>
      }
    >
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">
          Paste this into your website&apos;s HTML where the widget should appear. It loads after your page, so it never slows it down.
        </Typography.Text>
        <pre className="widget-snippet" aria-label="Widget snippet" tabIndex={0}>
          <code>{snippet}</code>
        </pre>
      </Flex>
    </Card>
  )
}

export function ViewsCard({ views }: { views: WidgetSettings['views'] }) {
  return (
    <Card title="Widget views" size="small">
      <Flex vertical gap={8}>
        <Flex gap={24} wrap>
          <Statistic title="Today" value={views.today} prefix={<EyeOutlined />} />
          <Statistic title="Last 30 days" value={views.last30Days} prefix={<EyeOutlined />} />
        </Flex>
        <Typography.Text type="secondary">{VIEWS_TEXT}</Typography.Text>
      </Flex>
    </Card>
  )
}
