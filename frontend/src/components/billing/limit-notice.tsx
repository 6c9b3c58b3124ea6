/*
 * A free plan's limit reached (a 403 with `upgrade: true`, or the business limit): the sentence and the way to Pro,
 * which only a workspace's owners can take; anyone else is told to ask them.
 */
import { Alert, Button } from 'antd'
import { Link } from 'react-router'
import { usePermissions } from '#hooks/use-workspaces'

export const ASK_AN_OWNER = 'Ask an owner of this workspace to upgrade.'

export function LimitNotice({ message }: { message: string }) {
  const { billing } = usePermissions()
  return (
    <Alert
      type="warning"
      showIcon
      message={message}
      description={billing ? undefined : ASK_AN_OWNER}
      action={
        billing && (
          <Link to="/billing">
            <Button type="primary" size="small">
              Upgrade to Pro
            </Button>
          </Link>
        )
      }
    />
  )
}
