export interface OidcAccountClaims {
  email?: string
  email_verified?: boolean
  given_name?: string
  family_name?: string
}

export interface OidcProvider {
  issuer: string
  clientId: string
  clientSecret: string
  setAccount(sub: string, claims: OidcAccountClaims): void
  close(): Promise<void>
}

export function startOidcProvider(options: {
  redirectUris: string[]
  clientId?: string
  clientSecret?: string
  accounts?: Record<string, OidcAccountClaims>
}): Promise<OidcProvider>

export function authorize(authorizationUrl: string, login: string, options?: { consent?: boolean }): Promise<string>
