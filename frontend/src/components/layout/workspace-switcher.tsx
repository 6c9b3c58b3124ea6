/*
 * The workspace switcher (docs/screens.md#workspace-switcher): in the header, on phones too, for members of two or
 * more workspaces. Each entry names the workspace, what it is (an agency, a client of which agency, a team) and the
 * member's role there; choosing another opens its overview in a fresh page (lib/workspace-store.ts). Below the
 * list, "New workspace".
 */
import { CheckOutlined, DownOutlined, PlusOutlined } from '@ant-design/icons'
import type { WorkspaceDto } from '@reviewroute/backend/types/api'
import { Button, Dropdown, Flex, Typography, type MenuProps } from 'antd'
import { lazy, Suspense, useState } from 'react'
import { useWorkspaces } from '#hooks/use-workspaces'
import { kindLabel, ROLE_LABELS } from '#lib/roles'
import { WorkspaceMark } from './workspace-brand'

// The form's module loads when it is asked for, not with every screen's header.
const CreateWorkspaceModal = lazy(() =>
  import('#components/workspaces/create-workspace-modal').then(({ CreateWorkspaceModal }) => ({ default: CreateWorkspaceModal }))
)

/** "Agency · Owner", "Client of Spice Agency · Manager". */
export const workspaceLine = (workspace: WorkspaceDto) => `${kindLabel(workspace)} · ${ROLE_LABELS[workspace.role]}`

export function WorkspaceSwitcher({ compact = false }: { compact?: boolean }) {
  const { workspaces, current, switchTo } = useWorkspaces()
  const [creating, setCreating] = useState(false)
  if (workspaces.length < 2 || !current) return null

  const items: MenuProps['items'] = [
    {
      type: 'group',
      label: 'Workspaces',
      children: workspaces.map((workspace) => ({
        key: String(workspace.id),
        icon: <WorkspaceMark workspace={workspace} size={28} />,
        label: (
          <Flex justify="space-between" align="center" gap={12}>
            <Flex vertical style={{ minWidth: 0 }}>
              <Typography.Text strong style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
                {workspace.name}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'normal' }}>
                {workspaceLine(workspace)}
              </Typography.Text>
            </Flex>
            {workspace.id === current.id && <CheckOutlined style={{ color: '#1d4ed8' }} aria-label="Current workspace" />}
          </Flex>
        ),
        onClick: () => {
          if (workspace.id !== current.id) switchTo(workspace.id)
        },
      })),
    },
    { type: 'divider' },
    { key: 'new', icon: <PlusOutlined />, label: 'New workspace', onClick: () => setCreating(true) },
  ]

  return (
    <>
      <Dropdown
        menu={{ items, selectable: true, selectedKeys: [String(current.id)], className: 'workspace-menu' }}
        trigger={['click']}
        placement={compact ? 'bottomRight' : 'bottomLeft'}
      >
        <Button className="workspace-switcher" aria-label={`Workspace: ${current.name}. Switch workspace`} title={workspaceLine(current)}>
          <WorkspaceMark workspace={current} size={compact ? 20 : 22} />
          <span className="workspace-switcher__text" style={{ maxWidth: compact ? 84 : 200 }}>
            <span className="workspace-switcher__name">{current.name}</span>
            {/* On a computer an agency's or a client's workspace says so under its name. */}
            {!compact && (current.kind === 'agency' || current.kind === 'client') && (
              <span className="workspace-switcher__kind">{kindLabel(current)}</span>
            )}
          </span>
          <DownOutlined style={{ fontSize: 10 }} />
        </Button>
      </Dropdown>
      {creating && (
        <Suspense fallback={null}>
          <CreateWorkspaceModal open onClose={() => setCreating(false)} />
        </Suspense>
      )}
    </>
  )
}
