import vine from '@vinejs/vine'
import { messages } from '#validators/messages'
import { normalizeEmail } from '#lib/email'
import { WORKSPACE_ROLES } from '#contract/workspace_roles'
import { WORKSPACE_NAME_MAX, WORKSPACE_NAME_MIN, workspaceNameProblem } from '#contract/workspace_names'

/** One line of plain text: no line breaks, control or text-direction characters, nor links (docs/decisions.md D56). */
const plainName = vine.createRule((value, _options, field) => {
  if (typeof value !== 'string') return
  const problem = workspaceNameProblem(value)
  if (problem) field.report(problem, 'workspaceName', field)
})
const name = () => vine.string().trim().minLength(WORKSPACE_NAME_MIN).maxLength(WORKSPACE_NAME_MAX).use(plainName())
/** At most 200 business ids; whether they are the workspace's is the action's check (a field error). */
const businessIds = () =>
  vine.array(vine.number().withoutDecimals().positive().max(Number.MAX_SAFE_INTEGER)).maxLength(200).distinct().nullable().optional()

export const createWorkspaceValidator = vine.compile(vine.object({ name: name(), kind: vine.enum(['team', 'agency'] as const).optional() }))
createWorkspaceValidator.messagesProvider = messages

export const renameWorkspaceValidator = vine.compile(vine.object({ name: name() }))
renameWorkspaceValidator.messagesProvider = messages

export const deleteWorkspaceValidator = vine.compile(vine.object({ password: vine.string().minLength(1).maxLength(200) }))
deleteWorkspaceValidator.messagesProvider = messages

export const inviteMemberValidator = vine.compile(
  vine.object({
    email: vine.string().trim().toLowerCase().maxLength(254).email().transform(normalizeEmail),
    role: vine.enum(WORKSPACE_ROLES),
    businessIds: businessIds(),
  })
)
inviteMemberValidator.messagesProvider = messages

export const updateMemberValidator = vine.compile(vine.object({ role: vine.enum(WORKSPACE_ROLES).optional(), businessIds: businessIds() }))
updateMemberValidator.messagesProvider = messages

export const acceptInvitationValidator = vine.compile(
  vine.object({
    token: vine
      .string()
      .trim()
      .minLength(1)
      .maxLength(200)
      .regex(/^[A-Za-z0-9_-]+$/),
  })
)
acceptInvitationValidator.messagesProvider = messages

export const createClientValidator = vine.compile(vine.object({ name: name() }))
createClientValidator.messagesProvider = messages
