/*
 * A screen in a workspace, as the app layout draws it: the workspaces and businesses read, and the screen once the
 * member's workspace is known (in the app the lock guard waits for it likewise).
 */
import type { ReactElement, ReactNode } from 'react'
import { BusinessesProvider } from '#hooks/use-businesses'
import { useWorkspaces, WorkspacesProvider } from '#hooks/use-workspaces'
import { renderScreen } from '../helpers'

function Ready({ children }: { children: ReactNode }) {
  const { loading, current } = useWorkspaces()
  return !loading && current ? children : null
}

/** `pattern`: the route's pattern, for a screen that reads its params (`/business/:businessId/widget`). */
export function renderInWorkspace(element: ReactElement, path = '/', pattern?: string) {
  return renderScreen(
    <WorkspacesProvider>
      <BusinessesProvider>
        <Ready>{element}</Ready>
      </BusinessesProvider>
    </WorkspacesProvider>,
    { path, pattern }
  )
}
