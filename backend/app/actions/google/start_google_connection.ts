/*
 * Connecting a workspace's Google Business Profile (docs/decisions.md D43), its first half: the one-time state of a
 * trip to Google's consent screen, with its PKCE verifier, recorded for the callback (finish_google_connection.ts).
 */
import { inject } from '@adonisjs/core'
import { randomBytes } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import encryption from '@adonisjs/core/services/encryption'
import type Member from '#policies/member'
import { clock } from '#lib/clock'
import { BusinessProfile, pkcePair } from '#services/google/business_profile'
import { hashOfState } from '#actions/google/finish_google_connection'

const STATE_TTL_MINUTES = 10

@inject()
export default class StartGoogleConnection {
  constructor(private google: BusinessProfile) {}

  /** Records the state and PKCE verifier of a connection starting now; returns where the browser goes. */
  async handle(member: Member) {
    const state = randomBytes(32).toString('base64url')
    const { verifier, challenge } = await pkcePair()
    const now = clock.now()
    await db.from('google_connect_states').where('expires_at', '<', now.toJSDate()).delete()
    await db.table('google_connect_states').insert({
      state_hash: hashOfState(state),
      workspace_id: member.workspaceId,
      user_id: member.user.id,
      verifier_encrypted: encryption.encrypt(verifier),
      expires_at: now.plus({ minutes: STATE_TTL_MINUTES }).toJSDate(),
      created_at: now.toJSDate(),
    })
    return this.google.authorizationUrl(state, challenge)
  }
}
