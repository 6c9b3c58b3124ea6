import User from '#models/user'
import SyncUser from '#actions/users/sync_user'
import { IdentityProvider } from '#services/identity/identity_provider'
import { normalizeEmail } from '#lib/email'

/** Records last seen and, for owners of the external identity provider, refreshes their profile from it. */
export default class SyncUserJob {
  constructor(
    private identity: IdentityProvider,
    private syncUser = new SyncUser()
  ) {}

  async handle({ userId }: { userId: number }) {
    const user = await User.find(userId)
    if (!user) return { skipped: 'user gone' }
    if (user.externalId && this.identity.canFetchProfiles) {
      const profile = await this.identity.fetchProfile(user.externalId)
      if (profile) {
        user.merge({
          firstName: profile.firstName ?? user.firstName,
          lastName: profile.lastName ?? user.lastName,
          profileImageUrl: profile.imageUrl ?? user.profileImageUrl,
        })
        const email = profile.email ? normalizeEmail(profile.email) : null
        if (email && email !== user.email && !(await User.findBy('email', email))) user.email = email
      }
    }
    await this.syncUser.handle(user)
    return { synced: true }
  }
}
