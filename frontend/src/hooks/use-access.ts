/*
 * What the member may open, asked of Refine's access control provider (providers/access-control.ts) with the
 * member's role and workspace (hooks/use-workspaces.tsx): the screen at an address for the lock guard (`useCan`),
 * and which of a menu's screens to offer. The provider's rule is the screens table's and needs no call, so its
 * answer for this member stands in while the query settles: no screen or menu waits a render for it, or flickers.
 */
import { useCan, useCanWithoutCache, type CanParams } from '@refinedev/core'
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useWorkspaces } from '#hooks/use-workspaces'
import { canOpen } from '#providers/access-control'
import { memberOf, screenAt, type Member, type Screen } from '#lib/screens'

/** The current workspace's role and kind; the unknown member's while the workspaces load or cannot be read. */
export function useMember() {
  const { current } = useWorkspaces()
  const role = current?.role
  const kind = current?.kind
  return useMemo(() => memberOf(role && kind ? { role, kind } : null), [role, kind])
}

/** Refine's `useCan` for the screen at `pathname` (an address the screens table does not name is open). */
export function useScreenAccess(pathname: string) {
  const member = useMember()
  const screen = screenAt(pathname)
  const params: CanParams = { resource: screen?.resource, action: screen?.action ?? 'list', params: { member } }
  return useCan({ ...params, queryOptions: { placeholderData: () => canOpen(params) } })
}

type MenuScreen = Pick<Screen, 'key' | 'resource' | 'action'>

const answersOf = (screens: readonly MenuScreen[], answer: (screen: MenuScreen, index: number) => boolean) =>
  Object.fromEntries(screens.map((screen, index) => [screen.key, answer(screen, index)])) as Record<string, boolean>

/** The screens of a menu the member may open, each asked of the provider. */
export function useAllowedScreens<T extends MenuScreen>(screens: readonly T[]): T[] {
  const member = useMember()
  const { can } = useCanWithoutCache()
  const ask = ({ resource, action }: MenuScreen, who: Member) => ({ resource, action, params: { member: who } })
  const { data } = useQuery({
    queryKey: ['access', 'screens', screens.map((screen) => screen.key), member],
    queryFn: async () => {
      const answers = await Promise.all(screens.map(async (screen) => (can ? (await can(ask(screen, member))).can : true)))
      return answersOf(screens, (_, index) => answers[index])
    },
    placeholderData: () => answersOf(screens, (screen) => canOpen(ask(screen, member)).can),
    staleTime: Infinity,
    retry: false,
  })
  return screens.filter((screen) => data?.[screen.key])
}
