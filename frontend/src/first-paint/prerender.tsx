/*
 * Build time only (vite.config.ts loads this through Vite's SSR loader): renders the app's antd components once
 * with the app's theme, for two things a phone's first, uncached visit needs (docs/architecture.md#dashboard-on-a-phone).
 *   css     the styles of the first screen's antd components (antd draws them at run time otherwise, which costs a
 *           slow phone about a second), with antd's cache map so antd skips them when the app starts;
 *   pieces  the phone overview's first screen as HTML, from the same components the app draws it with (header,
 *           banners, welcome strip, the four cards, bottom bar) with `__SLOT_name__` where the owner's texts go and
 *           `__PIECE_name__` where a piece goes. first-paint.ts fills them from the first screen's early API
 *           answers and shows the result until the app has drawn the same screen (docs/decisions.md D40).
 */
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs'
import { TRIAL_DAYS } from '@reviewroute/backend/contract/product_rules'
import type { BusinessDto, TrialStatusDto } from '@reviewroute/backend/types/api'
import * as antd from 'antd'
import enIN from 'antd/locale/en_GB'
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { VerifyEmailAlert } from '#components/account/verify-email-banner'
import { TrialBanner } from '#components/access/trial-banner'
import { StatCardsView } from '#components/dashboard/stat-cards'
import { WelcomeBannerView } from '#components/dashboard/welcome-banner'
import { BusinessSelectorView } from '#components/layout/business-selector'
import { Greeting, UserAvatar } from '#components/layout/header'
import { BottomBar } from '#components/layout/navigation'
import { BOTTOM_NAV } from '#lib/nav'
import { theme } from '../theme'
import { PIECE, SLOT, type FirstPaintPieces } from './pieces'

const { App, Alert, Avatar, ConfigProvider, Button, Card, Col, Divider, Dropdown, Empty, Flex, Layout, List, Menu, Progress, Rate, Row } =
  antd
const { Select, Skeleton, Space, Spin, Tag, Tooltip, Typography } = antd

/** What the signed-in chrome and the overview show beyond the pieces (any props: a component's styles do not depend on them). */
function firstScreenComponents() {
  const items = [{ key: 'a', label: 'A' }]
  return [
    <Layout.Sider key="sider">
      <Menu items={items} mode="inline" selectedKeys={['a']} />
    </Layout.Sider>,
    <Menu key="menu" items={items} mode="horizontal" />,
    <Alert key="alert" message="a" showIcon action={<Button size="small">b</Button>} />,
    <Button key="button" type="primary">
      a
    </Button>,
    <Avatar key="avatar">a</Avatar>,
    <Dropdown key="dropdown" menu={{ items }}>
      <a>a</a>
    </Dropdown>,
    <Card key="loading" loading />,
    <Card key="card" title="a">
      <Row>
        <Col xs={24}>a</Col>
      </Row>
    </Card>,
    <Typography.Text key="text" ellipsis>
      a
    </Typography.Text>,
    <Typography.Title key="title">a</Typography.Title>,
    <Typography.Paragraph key="paragraph">a</Typography.Paragraph>,
    <Typography.Link key="link">a</Typography.Link>,
    <Flex key="flex">a</Flex>,
    <Progress key="progress" percent={50} />,
    <Spin key="spin" />,
    <Skeleton key="skeleton" />,
    <Space key="space">a</Space>,
    <Divider key="divider" />,
    <Select key="select" options={items} />,
    <Empty key="empty" />,
    <Tooltip key="tooltip" title="a">
      <span>a</span>
    </Tooltip>,
    <Tag key="tag" color="green">
      a
    </Tag>,
    <Rate key="rate" disabled value={4} />,
    <List key="list" dataSource={['a']} renderItem={(item: string) => <List.Item>{item}</List.Item>} />,
  ]
}

const trialStatus = (days: number) =>
  ({
    trialStatus: 'active',
    trialDaysRemaining: days,
    hasActivePaidSubscription: false,
    subscriptionStatus: null,
    currentPeriodEnd: null,
    // A workspace whose business keeps working (the banner is not drawn for an invitee's empty one, lib/access.ts).
    freePlan: { keepsWorking: { id: 1, name: '' }, paused: [] },
  }) as unknown as TrialStatusDto

export function prerender(): { css: string; pieces: FirstPaintPieces } {
  const cache = createCache()
  // The app's providers as app.tsx sets them; the shell inside antd's <App> as the app is, the pieces without it
  // (each would get a wrapper of its own). The router stands on /dashboard for the bottom bar's active item.
  const render = (node: ReactNode, { inApp = false } = {}) =>
    renderToString(
      <StyleProvider cache={cache}>
        <ConfigProvider theme={theme} locale={enIN}>
          <MemoryRouter initialEntries={['/dashboard']}>{inApp ? <App>{node}</App> : node}</MemoryRouter>
        </ConfigProvider>
      </StyleProvider>
    )

  // The phone's layout (components/layout/app-layout.tsx, header.tsx and dashboard/overview.tsx without a sider).
  const shell = render(
    <Layout className="app-shell">
      <Layout>
        <Layout.Header className="app-header">
          <Flex align="center" gap={12} style={{ minWidth: 0, flex: 1 }}>
            {PIECE('leading')}
          </Flex>
          <Flex align="center" gap={12}>
            <Button type="text" shape="circle" aria-label="User menu" style={{ padding: 0 }}>
              {PIECE('avatar')}
            </Button>
          </Flex>
        </Layout.Header>
        <Layout.Content className="app-content">
          {PIECE('banners')}
          <Flex vertical gap={16} className="dashboard-overview">
            {PIECE('welcome')}
            {PIECE('cards')}
          </Flex>
        </Layout.Content>
      </Layout>
      <BottomBar items={BOTTOM_NAV} />
    </Layout>,
    { inApp: true }
  )

  const selectorBusiness = { id: 1, name: SLOT('businessLabel'), address: '' } as BusinessDto
  const cardTexts = {
    name: SLOT('businessName'),
    address: SLOT('address'),
    total: SLOT('total'),
    average: SLOT('average'),
    google: SLOT('google'),
    privateRatings: SLOT('privateRatings'),
    privateLine: SLOT('privateLine'),
  }
  const pieces: FirstPaintPieces = {
    shell,
    greeting: render(<Greeting name={SLOT('greetingName')} />),
    selector: render(
      <BusinessSelectorView
        businesses={[selectorBusiness]}
        selectedId={1}
        onSelect={() => undefined}
        onNavigate={() => undefined}
        compact
      />
    ),
    // antd keeps an avatar's text hidden until it has measured it in the browser (to shrink text too wide for the
    // circle); initials, two letters, always fit: shown as antd shows them once measured.
    initials: render(<UserAvatar initials={SLOT('initials')} />).replace(' style="opacity:0"', ''),
    image: render(<UserAvatar initials="" imageUrl={SLOT('imageUrl')} />),
    verify: render(<VerifyEmailAlert email={SLOT('email')} />),
    trial: Object.fromEntries(
      Array.from({ length: TRIAL_DAYS }, (_, index) => index + 1).map((days) => [
        days,
        render(<TrialBanner status={trialStatus(days)} autoHide={false} compact />),
      ])
    ),
    welcome: render(<WelcomeBannerView title={SLOT('welcomeTitle')} businessName={SLOT('businessName')} />),
    cards: render(<StatCardsView texts={{ ...cardTexts, note: null }} loading={false} />),
    cardsWithNote: render(<StatCardsView texts={{ ...cardTexts, note: SLOT('note') }} loading={false} />),
  }

  for (const node of firstScreenComponents()) render(node)
  return { css: extractStyle(cache, { plain: true, types: ['style', 'token', 'cssVar'] }), pieces }
}
