/*
 * Owners a journey makes through the API when its subject is something else: registered, verified through the
 * mailed link, with a phone and a business from the Places stub.
 */
import { linkInMail } from '../../lib/mail-files.mjs'
import { api, expectStatus, uniqueEmail } from './api.mjs'
import { waitFor } from './wait.mjs'

/** Registers `owner` ({email, password, firstName}) with `lastName`; answers the token. */
export async function registerOwner(owner, lastName) {
  return expectStatus(await api('POST', '/api/auth/register', { body: { ...owner, lastName } }), 201, 'registering the owner').token
}

/** Verifies `email` through the link of the verification mail the product filed in `mailDir`. */
export async function verifyThroughMail(mailDir, email) {
  const verifyLink = await waitFor('the verification mail', () => linkInMail(mailDir, 'verify-email', email, '/auth/verify'))
  expectStatus(
    await api('POST', '/api/auth/verify-email', { body: { token: new URL(verifyLink).searchParams.get('token') } }),
    200,
    'verifying the address'
  )
}

/** Saves the owner's phone. */
export async function savePhone(token, phone) {
  expectStatus(await api('POST', '/api/user/update-phone', { token, body: { phone } }), 200, 'saving the phone')
}

/** Adds the place as the owner's business; answers the business. */
export async function addBusiness(token, placeId) {
  return expectStatus(await api('POST', '/api/select-business', { token, body: { placeId } }), 201, 'adding the business').business
}

/**
 * A registered owner (a unique address from `name`) whose address is verified through the mailed link, and with
 * `phone` that saved too: {email, password, firstName, token}.
 */
export async function verifiedOwner(mailDir, { name, password, firstName, lastName, phone }) {
  const owner = { email: uniqueEmail(name), password, firstName }
  owner.token = await registerOwner(owner, lastName)
  await verifyThroughMail(mailDir, owner.email)
  if (phone) await savePhone(owner.token, phone)
  return owner
}

/** A registered owner (not verified) with the place as their business: {email, token, business}. */
export async function ownerWithPlace({ name, password, firstName, lastName }, placeId) {
  const email = uniqueEmail(name)
  const token = await registerOwner({ email, password, firstName }, lastName)
  return { email, token, business: await addBusiness(token, placeId) }
}
