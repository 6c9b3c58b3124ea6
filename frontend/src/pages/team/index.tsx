/*
 * /dashboard/team (docs/screens.md#team): the current workspace's members and pending invitations, the invitation
 * form, changing a member's access, removing, leaving, the workspace's name; and for owners its activity log
 * (`?tab=activity`). Only owners change anything; every other member reads it.
 */
import type { WorkspaceDto } from '@reviewroute/backend/types/api'
import { Alert, Button, Flex, Skeleton, Tabs } from 'antd'
import { useSearchParams } from 'react-router'
import { ActivityList } from '#components/team/activity-list'
import { InviteCard } from '#components/team/invite-card'
import { MembersCard } from '#components/team/members-card'
import { useTeam } from '#components/team/use-team'
import { WorkspaceCard } from '#components/team/workspace-card'
import { PageHeader } from '#components/layout/page-header'
import { LoadFailed, MessageScreen } from '#components/message-screen'
import { useBusinesses } from '#hooks/use-businesses'
import { useCurrentUser } from '#hooks/use-current-user'
import { useWorkspaces } from '#hooks/use-workspaces'
import { kindLabel } from '#lib/roles'

export default function TeamPage() {
  const { current, permissions, error, refetch } = useWorkspaces()
  if (!current)
    return (
      <MessageScreen
        role={error ? 'alert' : undefined}
        title="Could not load your workspaces"
        text="Check your connection and try again."
        actions={<Button onClick={refetch}>Try Again</Button>}
      />
    )
  return <Team key={current.id} workspace={current} canManage={permissions.manageTeam} />
}

function Team({ workspace, canManage }: { workspace: WorkspaceDto; canManage: boolean }) {
  const [params, setParams] = useSearchParams()
  const tab = canManage && params.get('tab') === 'activity' ? 'activity' : 'members'
  return (
    <Flex vertical gap={16}>
      <PageHeader title="Team" lead={`Who works in ${workspace.name} (${kindLabel(workspace)}), and what each of them may do.`} />
      {canManage ? (
        <Tabs
          activeKey={tab}
          onChange={(key) => setParams(key === 'activity' ? { tab: 'activity' } : {}, { replace: true })}
          items={[
            { key: 'members', label: 'Members', children: <Members workspace={workspace} canManage /> },
            { key: 'activity', label: 'Activity', children: <ActivityList workspaceId={workspace.id} /> },
          ]}
        />
      ) : (
        <Members workspace={workspace} canManage={false} />
      )}
    </Flex>
  )
}

function Members({ workspace, canManage }: { workspace: WorkspaceDto; canManage: boolean }) {
  const team = useTeam(workspace.id)
  const { businesses } = useBusinesses()
  const meId = useCurrentUser().user?.id ?? null
  // A new name shows in the switcher at once; a change of one's own role reloads the screens it shows.
  const { refetch: refetchWorkspaces } = useWorkspaces()

  if (team.loading) return <Skeleton active paragraph={{ rows: 6 }} />
  if (!team.team) return <LoadFailed title="Could not load the team" onRetry={team.refetch} />
  const { members } = team.team
  const me = members.find((member) => member.userId === meId)
  const owners = members.filter((member) => member.role === 'owner')
  // The server refuses both (409, 403): said here instead of offering the button.
  let cannotLeave: string | null = null
  if (!me && workspace.managedBy)
    cannotLeave = `You work here as a member of ${workspace.managedBy.name}; leaving that agency's workspace ends it.`
  else if (me?.role === 'owner' && owners.length === 1)
    cannotLeave = 'You are its only owner: make someone else an owner before you can leave it.'
  return (
    <Flex vertical gap={16}>
      {!canManage && (
        <Alert type="info" showIcon message={`Only the owners of ${workspace.name} can invite people and change what they may do.`} />
      )}
      <MembersCard
        team={team}
        members={team.team.members}
        invitations={team.team.invitations}
        businesses={businesses}
        meId={meId}
        canManage={canManage}
        agencyName={workspace.managedBy?.name ?? null}
        onOwnAccessChanged={() => window.location.reload()}
      />
      {canManage && <InviteCard team={team} businesses={businesses} workspaceName={workspace.name} />}
      <WorkspaceCard
        workspace={workspace}
        canManage={canManage}
        can={team.team.can}
        onLeave={team.leave}
        cannotLeave={cannotLeave}
        onRenamed={refetchWorkspaces}
      />
    </Flex>
  )
}
