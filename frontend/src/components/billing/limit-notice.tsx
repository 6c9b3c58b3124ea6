/* A free plan's limit reached (a 403 with `upgrade: true`, or the business limit): the sentence and the way to Pro. */
import { Alert, Button } from 'antd'
import { Link } from 'react-router'

export function LimitNotice({ message }: { message: string }) {
  return (
    <Alert
      type="warning"
      showIcon
      message={message}
      action={
        <Link to="/billing">
          <Button type="primary" size="small">
            Upgrade to Pro
          </Button>
        </Link>
      }
    />
  )
}
