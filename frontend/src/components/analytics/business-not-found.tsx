/*
 * A business's screens (/business/:id, its website widget): the API answers 404 for an unknown id and for another
 * owner's business alike, so both read 'Business Not Found', with the way back to the dashboard.
 */
import { Button } from 'antd'
import { useNavigate } from 'react-router'
import { MessageScreen } from '#components/message-screen'

export function BackToDashboard() {
  const navigate = useNavigate()
  return (
    <Button
      type="primary"
      href="/dashboard"
      onClick={(event) => {
        event.preventDefault()
        navigate('/dashboard')
      }}
    >
      Back to Dashboard
    </Button>
  )
}

export function BusinessNotFound() {
  return (
    <MessageScreen
      title="Business Not Found"
      text="This business does not exist or is not in your account."
      actions={<BackToDashboard />}
    />
  )
}
