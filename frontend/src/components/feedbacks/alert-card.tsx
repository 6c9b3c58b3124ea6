/*
 * What an alert's link opened (a private feedback, a Google review), above the inbox: highlighted, named by its title
 * for screen readers, with a Close that leaves the inbox as it was.
 */
import { Button, Card } from 'antd'
import type { ReactNode } from 'react'

const HIGHLIGHT = { borderColor: '#1d4ed8', boxShadow: '0 0 0 1px #1d4ed8' }

export function AlertCard({ title, onClose, children }: { title: string; onClose(): void; children: ReactNode }) {
  return (
    <Card
      size="small"
      title={title}
      role="region"
      aria-label={title}
      style={HIGHLIGHT}
      extra={
        <Button type="link" size="small" onClick={onClose}>
          Close
        </Button>
      }
    >
      {children}
    </Card>
  )
}
