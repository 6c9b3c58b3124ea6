/*
 * Google has not approved the app for the Business Profile API yet (every call gets a zero quota: docs/decisions.md
 * D43). Said plainly, with the way to reply on Google itself meanwhile.
 */
import { Alert } from 'antd'
import type { ReactNode } from 'react'
import { NOT_APPROVED_TEXT, NOT_APPROVED_TITLE } from '#lib/google'

export function NotApproved({ action }: { action?: ReactNode }) {
  return <Alert type="warning" showIcon message={NOT_APPROVED_TITLE} description={NOT_APPROVED_TEXT} action={action} />
}
