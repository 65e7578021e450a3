/**
 * A real OpenID Connect issuer for the e2e suite (`oidc-provider` with its development login and
 * consent forms), started by playwright.config.ts beside the app. Any login typed in its form is an
 * account: a login with an `@` is its e-mail (verified), and the name is the part before the `@`.
 * Plain JavaScript so Node runs it without a build step.
 */
import Provider from 'oidc-provider';

const port = Number(process.env.E2E_OIDC_PORT ?? 8182);
const issuer = `http://127.0.0.1:${port}`;
const redirectUri = process.env.E2E_OIDC_REDIRECT_URI;
if (!redirectUri) throw new Error('E2E_OIDC_REDIRECT_URI is required');

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: process.env.E2E_OIDC_CLIENT_ID ?? 'teamline-e2e',
      client_secret: process.env.E2E_OIDC_CLIENT_SECRET ?? 'teamline-e2e-secret',
      redirect_uris: [redirectUri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
  ],
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
  cookies: { keys: ['teamline-e2e-issuer-cookie-key'] },
  features: { devInteractions: { enabled: true } },
  pkce: { required: () => true },
  ttl: {
    AccessToken: 600,
    AuthorizationCode: 60,
    Grant: 3600,
    IdToken: 600,
    Interaction: 600,
    Session: 3600,
  },
  findAccount(_ctx, id) {
    const email = id.includes('@') ? id.toLowerCase() : `${id}@example.com`;
    return {
      accountId: id,
      claims: () => ({ sub: id, email, email_verified: true, name: email.split('@')[0] }),
    };
  },
});
provider.listen(port, '127.0.0.1', () => console.log(`test OpenID issuer at ${issuer}`));
