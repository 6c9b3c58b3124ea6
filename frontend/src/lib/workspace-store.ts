/*
 * The workspace the dashboard acts in (docs/screens.md#workspace-switcher): every API call names it in
 * `X-Workspace-Id`, without it the server uses the user's default (the first they joined). The choice is kept in
 * localStorage for each user (`reviewroute.workspace.{user id}`), and the device's last one as `{user, workspace}`
 * (`reviewroute.workspace`), which is what calls send before the user is known. Once the user is, the app checks that
 * the device's last choice is theirs (hooks/use-workspaces.tsx). Switching stores the id and reloads the dashboard, so
 * no answer of one workspace is ever shown in another. index.html's early script, which may import nothing, reads the
 * same key itself (providers/early-requests.ts, held to this by its tests).
 */
export const WORKSPACE_KEY = 'reviewroute.workspace'
export const WORKSPACE_HEADER = 'X-Workspace-Id'

/** The key of one user's choice. */
export const workspaceKeyOf = (userId: number) => `${WORKSPACE_KEY}.${userId}`

interface DeviceChoice {
  user: number
  workspace: number
}

const isId = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0

function read(key: string): string | null {
  try {
    return localStorage.getItem(key)
  } catch {
    return null
  }
}

function write(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key)
    else localStorage.setItem(key, value)
  } catch {
    // No storage (a private window's quota): the choice lasts this page only.
  }
}

/** The device's last choice, when it is a well-formed one. */
export function deviceChoice(): DeviceChoice | null {
  try {
    const parsed = JSON.parse(read(WORKSPACE_KEY) ?? 'null') as Partial<DeviceChoice> | null
    return parsed && isId(parsed.user) && isId(parsed.workspace) ? { user: parsed.user, workspace: parsed.workspace } : null
  } catch {
    return null
  }
}

/** The workspace the calls of this page name: the device's last choice; null = the user's default. */
export const currentWorkspaceId = () => deviceChoice()?.workspace ?? null

/** The headers that name it. */
export function workspaceHeaders(id = currentWorkspaceId()): Record<string, string> {
  return id === null ? {} : { [WORKSPACE_HEADER]: String(id) }
}

/** What `userId` last chose on this device, whoever chose last. */
export function userChoice(userId: number): number | null {
  const raw = Number(read(workspaceKeyOf(userId)))
  return isId(raw) ? raw : null
}

/** Keeps `workspaceId` as the user's choice and the device's last. */
export function rememberWorkspace(userId: number, workspaceId: number) {
  write(workspaceKeyOf(userId), String(workspaceId))
  write(WORKSPACE_KEY, JSON.stringify({ user: userId, workspace: workspaceId } satisfies DeviceChoice))
}

/** Back to the default: the device's last choice, and the user's own when known. */
export function forgetWorkspace(userId: number | null = deviceChoice()?.user ?? null) {
  if (userId !== null) write(workspaceKeyOf(userId), null)
  write(WORKSPACE_KEY, null)
}

/**
 * Once the user is known: the workspace this page should act in (their own last choice that is still one of
 * `available`, else the default, null) and whether the page's calls named another, so it must load again.
 */
export function settleWorkspace(userId: number, available: number[], defaultId: number | null) {
  const device = deviceChoice()
  const sent = device?.workspace ?? null
  const own = device?.user === userId ? sent : userChoice(userId)
  const wanted = own !== null && available.includes(own) ? own : null
  if (wanted === null) forgetWorkspace(own === null ? null : userId)
  if (wanted !== null) rememberWorkspace(userId, wanted)
  // Calls named `sent` (none: the default); the same workspace by id or as the default needs no second load.
  const effective = (id: number | null) => id ?? defaultId
  return { workspaceId: wanted, reload: effective(sent) !== effective(wanted) }
}

/** Opens `path` (the overview by default) acting in `workspaceId`: a fresh page, so nothing of the last one stays. */
export function switchWorkspace(userId: number, workspaceId: number, path = '/dashboard') {
  rememberWorkspace(userId, workspaceId)
  window.location.assign(path)
}

/*
 * A workspace the member was removed from (docs/decisions.md D56): the server's 404 names it, the dashboard forgets
 * it and loads again in their default one, and that page says "You no longer have access to …" once. Kept for the
 * tab only (sessionStorage), across that one reload.
 */
export const LOST_WORKSPACE_KEY = 'reviewroute.workspace.lost'
export const WORKSPACE_ACCESS_ENDED = 'E_WORKSPACE_ACCESS_ENDED'

export function noteLostWorkspace(name: string) {
  try {
    sessionStorage.setItem(LOST_WORKSPACE_KEY, name)
  } catch {
    // No storage: the dashboard still moves to a workspace they have, without the sentence.
  }
}

/** The name noted before this page loaded, once (reading it forgets it). */
export function takeLostWorkspace(): string | null {
  try {
    const name = sessionStorage.getItem(LOST_WORKSPACE_KEY)
    sessionStorage.removeItem(LOST_WORKSPACE_KEY)
    return name || null
  } catch {
    return null
  }
}
