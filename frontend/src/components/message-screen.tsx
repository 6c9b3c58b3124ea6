import { Button, Flex, Typography } from 'antd'
import type { ReactNode } from 'react'

/**
 * A centred title, sentence and actions: the error, 404 and not-found screens. (antd's Result would do, but it
 * carries its large illustrations into the first screen's bundle.)
 */
export function MessageScreen({
  icon,
  title,
  text,
  actions,
  role,
}: {
  icon?: ReactNode
  title: string
  text?: ReactNode
  actions?: ReactNode
  role?: string
}) {
  return (
    <Flex vertical align="center" justify="center" gap={8} style={{ minHeight: 320, padding: 24, textAlign: 'center' }} role={role}>
      {icon && <div style={{ fontSize: 40 }}>{icon}</div>}
      <Typography.Title level={3} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      {text && <Typography.Paragraph type="secondary">{text}</Typography.Paragraph>}
      {actions && (
        <Flex gap={8} wrap justify="center">
          {actions}
        </Flex>
      )}
    </Flex>
  )
}

/** What a screen or card shows when its data did not load: what failed, and Try Again. */
export function LoadFailed({ title, onRetry }: { title: string; onRetry(): unknown }) {
  return <MessageScreen role="alert" title={title} actions={<Button onClick={() => void onRetry()}>Try Again</Button>} />
}
