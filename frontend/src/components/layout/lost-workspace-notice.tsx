/*
 * "You no longer have access to …" (docs/decisions.md D56): shown once, on the page the dashboard opens after a
 * member was removed from the workspace it acted in (providers/http.ts notes the name the server's 404 gave), above
 * the workspace they are now in.
 */
import { Alert } from 'antd'
import { useState } from 'react'
import { useWorkspaces } from '#hooks/use-workspaces'
import { takeLostWorkspace } from '#lib/workspace-store'

export function LostWorkspaceNotice() {
  const [lost] = useState(takeLostWorkspace)
  const [open, setOpen] = useState(true)
  const { current } = useWorkspaces()
  if (lost === null || !open) return null
  return (
    <Alert
      role="alert"
      type="warning"
      showIcon
      closable
      onClose={() => setOpen(false)}
      style={{ marginBottom: 16 }}
      message={<span style={{ overflowWrap: 'anywhere' }}>You no longer have access to {lost}.</span>}
      description={
        <span style={{ overflowWrap: 'anywhere' }}>
          An owner of that workspace removed you, or its management ended.
          {current ? ` You are now in ${current.name}.` : ''}
        </span>
      }
    />
  )
}
