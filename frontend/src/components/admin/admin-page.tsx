/* A console screen: its title and a line on what it shows, a load error in the server's words, then its card. */
import type { HttpError } from '@refinedev/core'
import { Alert, Card, Flex } from 'antd'
import type { ReactNode } from 'react'
import { PageHeader } from '#components/layout/page-header'
import { twoFactorStep } from '#lib/admin'
import { errorText } from '#providers/http'

interface Props {
  title: ReactNode
  lead?: ReactNode
  extra?: ReactNode
  /** A failed load; a 403 for the TOTP step is not shown (the operator is on the way there). */
  error?: HttpError | null
  errorFallback?: string
  children: ReactNode
}

export function AdminPage({ title, lead, extra, error, errorFallback = 'Could not load this list.', children }: Props) {
  return (
    <Flex vertical gap={16}>
      <PageHeader title={title} lead={lead} extra={extra} />
      {error && !twoFactorStep(error) && <Alert type="error" showIcon message={errorText(error, errorFallback)} />}
      <Card className="admin-card">{children}</Card>
    </Flex>
  )
}
