/* The overview's greeting strip with the way to add another business (docs/screens.md). */
import { PlusOutlined } from '@ant-design/icons'
import { Button, Card, Flex, Typography } from 'antd'
import { Link } from 'react-router'
import { useCurrentUser } from '#hooks/use-current-user'
import { usePermissions } from '#hooks/use-workspaces'
import { welcomeTitle } from '#lib/greeting'

/** The businesses page opens its add view when it sees `?add=1`. */
export const ADD_BUSINESS_PATH = '/dashboard/businesses?add=1'

export function WelcomeBanner({ businessName }: { businessName: string }) {
  const { user } = useCurrentUser()
  const { manageBusinesses } = usePermissions()
  // No 'there' flash while the owner's name is still loading; 'Welcome' on the account's first day.
  return <WelcomeBannerView title={welcomeTitle(user)} businessName={businessName} canAdd={manageBusinesses} />
}

/**
 * The strip drawn from its texts (also rendered at build time for the first paint, first-paint/prerender.tsx).
 * `canAdd` false: a viewer's, without Add Business.
 */
export function WelcomeBannerView({ title, businessName, canAdd = true }: { title: string; businessName: string; canAdd?: boolean }) {
  return (
    <Card className="dashboard-welcome" variant="borderless">
      <Flex justify="space-between" align="center" gap={16} wrap>
        <div style={{ minWidth: 0, flex: '1 1 240px' }}>
          <Typography.Title level={3} style={{ margin: 0, color: 'inherit' }}>
            {title}
          </Typography.Title>
          <Typography.Paragraph style={{ margin: '4px 0 0', color: 'inherit', opacity: 0.9 }}>
            {`Here is how ${businessName} is doing. Share your review link to collect more ratings.`}
          </Typography.Paragraph>
        </div>
        {canAdd && (
          <Link to={ADD_BUSINESS_PATH}>
            <Button size="large" icon={<PlusOutlined />}>
              Add Business
            </Button>
          </Link>
        )}
      </Flex>
    </Card>
  )
}
