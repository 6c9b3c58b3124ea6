import { CloseCircleOutlined } from '@ant-design/icons'
import { Button } from 'antd'
import { useLayoutEffect, type ReactNode } from 'react'
import { ErrorBoundary } from '@reviewroute/web-shared/error-boundary'
import { dismissFirstPaint } from '#first-paint/dismiss'
import { MessageScreen } from './message-screen'

const TEXTS = {
  title: 'Something went wrong',
  text: 'The application encountered an error and cannot continue.',
  reload: 'Reload Page',
}

/** The top-level 'Something went wrong' screen with Reload Page (docs/screens.md, docs/decisions.md D14). */
export function AppErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary
      texts={TEXTS}
      render={({ title, text, reload }, reloadPage) => (
        <ErrorMessageScreen
          role="alert"
          icon={<CloseCircleOutlined style={{ color: '#dc2626' }} />}
          title={title}
          text={text}
          actions={
            <Button type="primary" onClick={reloadPage}>
              {reload}
            </Button>
          }
        />
      )}
    >
      {children}
    </ErrorBoundary>
  )
}

/** The error screen, and no first paint left over it. */
function ErrorMessageScreen(props: Parameters<typeof MessageScreen>[0]) {
  useLayoutEffect(() => dismissFirstPaint(), [])
  return <MessageScreen {...props} />
}
