import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { URL } from 'node:url';
import Provider from 'oidc-provider';

/** A person at the test issuer: the login typed in its dev form names the account. */
export interface TestAccount {
  email?: string;
  email_verified?: boolean;
  name?: string;
  hd?: string;
}

/**
 * A real OpenID Connect provider (`oidc-provider` with its development login and consent forms) on
 * a local port, with one confidential client whose redirect URI is the app's callback. Tests put
 * accounts in `accounts` before signing in with them.
 */
export async function startTestIssuer(options: {
  redirectUri: string;
  clientId?: string;
  clientSecret?: string;
}) {
  const accounts = new Map<string, TestAccount>();
  const clientId = options.clientId ?? 'teamline';
  const clientSecret = options.clientSecret ?? 'teamline-test-secret';
  // Bind first to learn the port: the issuer identifier must be known when the provider is built.
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'hd'] },
    cookies: { keys: ['teamline-test-issuer-cookie-key'] },
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
    async findAccount(_ctx, id) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...account }) };
    },
  });
  const handle = provider.callback();
  server.on('request', (req, res) => void handle(req, res));
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type TestIssuer = Awaited<ReturnType<typeof startTestIssuer>>;

/**
 * Plays the browser at the issuer: follows its redirects with its cookies, fills the dev login form
 * with `login` (or presses "abort" when `cancel`), accepts the consent, and stops at the first
 * redirect to `stopAt` (the app's callback), whose address it returns.
 */
export async function browseIssuer(
  authorizationUrl: string,
  input: { login: string; cancel?: boolean; stopAt: string },
): Promise<URL> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  async function request(url: string, init: { method?: string; body?: string } = {}) {
    const res = await fetch(url, {
      method: init.method ?? 'GET',
      redirect: 'manual',
      headers: {
        cookie: cookieHeader(),
        ...(init.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: init.body,
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(cookie) || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    return res;
  }

  let url = authorizationUrl;
  let method = 'GET';
  let body: string | undefined;
  for (let step = 0; step < 20; step++) {
    if (url.startsWith(input.stopAt)) return new URL(url);
    const res = await request(url, { method, body });
    method = 'GET';
    body = undefined;
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url).toString();
      continue;
    }
    const html = await res.text();
    if (res.status !== 200) throw new Error(`issuer answered ${res.status}: ${html.slice(0, 300)}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no form at ${url}: ${html.slice(0, 300)}`);
    const formUrl = new URL(action.replace(/&amp;/g, '&'), url).toString();
    if (input.cancel) {
      url = `${formUrl.replace(/\/$/, '')}/abort`;
      continue;
    }
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    url = formUrl;
    method = 'POST';
    body =
      prompt === 'login'
        ? new URLSearchParams({ prompt: 'login', login: input.login, password: 'any' }).toString()
        : new URLSearchParams({ prompt: 'consent' }).toString();
  }
  throw new Error('the issuer did not send the browser back');
}
