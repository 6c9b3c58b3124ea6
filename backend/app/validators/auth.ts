import vine from '@vinejs/vine'
import { messages } from '#validators/messages'
import { normalizeEmail } from '#lib/email'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#contract/product_rules'

const email = () => vine.string().trim().toLowerCase().maxLength(254).email().transform(normalizeEmail)
const personName = () => vine.string().trim().maxLength(100)

export const registerValidator = vine.compile(
  vine.object({
    email: email(),
    password: vine.string().minLength(PASSWORD_MIN_LENGTH).maxLength(PASSWORD_MAX_LENGTH),
    firstName: personName().optional(),
    lastName: personName().optional(),
  })
)
registerValidator.messagesProvider = messages

export const loginValidator = vine.compile(
  vine.object({
    email: email(),
    password: vine.string().minLength(1).maxLength(PASSWORD_MAX_LENGTH),
  })
)
loginValidator.messagesProvider = messages

/**
 * The profile page sends first/last name; the profile dialog sends name and phone (and email, ignored). A first name
 * (or the dialog's name) may change but not become blank: the header greets the owner by it.
 */
export const updateProfileValidator = vine.compile(
  vine.object({
    firstName: personName().minLength(1).optional(),
    lastName: personName().nullable().optional(),
    name: vine.string().trim().minLength(1).maxLength(201).optional(),
    phone: vine.string().trim().maxLength(20).nullable().optional(),
    email: vine.any().optional(),
  })
)
updateProfileValidator.messagesProvider = messages

export const updatePhoneValidator = vine.compile(
  vine.object({
    phone: vine.string().trim().maxLength(20),
  })
)
updatePhoneValidator.messagesProvider = messages

/** A token from a mailed link: base64url of 32 bytes is 43 characters; anything far off is not one of ours. */
const linkToken = () => vine.string().trim().minLength(1).maxLength(200)

export const forgotPasswordValidator = vine.compile(vine.object({ email: email() }))
forgotPasswordValidator.messagesProvider = messages

export const resetPasswordValidator = vine.compile(
  vine.object({
    token: linkToken(),
    password: vine.string().minLength(PASSWORD_MIN_LENGTH).maxLength(PASSWORD_MAX_LENGTH),
  })
)
resetPasswordValidator.messagesProvider = messages

export const verifyEmailValidator = vine.compile(vine.object({ token: linkToken() }))
verifyEmailValidator.messagesProvider = messages

/** Change password: the current one (any length: older accounts may predate the rule) and a new one. */
export const changePasswordValidator = vine.compile(
  vine.object({
    currentPassword: vine.string().minLength(1).maxLength(PASSWORD_MAX_LENGTH),
    password: vine.string().minLength(PASSWORD_MIN_LENGTH).maxLength(PASSWORD_MAX_LENGTH),
  })
)
changePasswordValidator.messagesProvider = messages

/** Deleting the account: the password again. */
export const deleteAccountValidator = vine.compile(
  vine.object({
    password: vine.string().minLength(1).maxLength(PASSWORD_MAX_LENGTH),
  })
)
deleteAccountValidator.messagesProvider = messages

/** Change email: the password again and the new address, which takes effect when its mailed link is opened. */
export const changeEmailValidator = vine.compile(
  vine.object({
    password: vine.string().minLength(1).maxLength(PASSWORD_MAX_LENGTH),
    email: email(),
  })
)
changeEmailValidator.messagesProvider = messages

/** The one-time code the OpenID callback hands the sign-in page. */
export const oidcExchangeValidator = vine.compile(vine.object({ code: linkToken() }))
oidcExchangeValidator.messagesProvider = messages
