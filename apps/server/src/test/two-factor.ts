import { totpAt } from '../features/two-factor/totp.js';
import { createSoftAuthenticator, type SoftPasskey } from './soft-authenticator.js';
import { bearer, type TestApp } from './test-app.js';

/**
 * Two-factor helpers for server tests: codes are computed here from the secret the server handed
 * out (RFC 6238, features/two-factor/totp.ts), at the test clock's time; passkeys come from a
 * software authenticator speaking real WebAuthn.
 */
export function twoFactorHelpers(t: TestApp) {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, key?: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, payload, headers: key ? bearer(key) : {} });
  const origin = t.config.publicUrl;
  const authenticator = createSoftAuthenticator(origin, new URL(origin).hostname);
  /** The code the app shows `offsetSteps` 30-second steps from now (the server accepts ±1). */
  const code = (secret: string, offsetSteps = 0) =>
    totpAt(secret, new Date(t.clock.now().getTime() + offsetSteps * 30_000));

  return {
    call,
    code,
    authenticator,
    /** Turns an authenticator app on; returns its secret and the recovery codes shown once. */
    async enableTotp(key: string) {
      const setup = await call('POST', '/two-factor/totp', key);
      if (setup.statusCode !== 201) throw new Error(`totp setup ${setup.statusCode} ${setup.body}`);
      const { secret } = setup.json().data as { secret: string };
      const confirmed = await call('POST', '/two-factor/totp/confirm', key, { code: code(secret) });
      if (confirmed.statusCode !== 200)
        throw new Error(`totp confirm ${confirmed.statusCode} ${confirmed.body}`);
      return { secret, recoveryCodes: confirmed.json().data.recoveryCodes as string[] };
    },
    /** Registers a passkey made by the software authenticator. */
    async registerPasskey(
      key: string,
      name = 'Laptop',
    ): Promise<{ passkey: SoftPasskey; recoveryCodes: string[] | null; passkeyIdx: number }> {
      const options = await call('POST', '/two-factor/passkey/options', key);
      if (options.statusCode !== 201)
        throw new Error(`passkey options ${options.statusCode} ${options.body}`);
      const { ticket, options: creation } = options.json().data;
      const made = authenticator.register(creation);
      const res = await call('POST', '/two-factor/passkey', key, {
        ticket,
        name,
        credential: made.credential,
      });
      if (res.statusCode !== 201) throw new Error(`passkey ${res.statusCode} ${res.body}`);
      return {
        passkey: made.passkey,
        recoveryCodes: res.json().data.recoveryCodes,
        passkeyIdx: res.json().data.passkey.passkeyIdx,
      };
    },
    /** The password step: the 401 challenge of an account with a second factor, or the session. */
    login: (email: string, password: string, remoteAddress?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login/general',
        payload: { email, password },
        ...(remoteAddress ? { remoteAddress } : {}),
      }),
    secondFactor: (payload: object, remoteAddress?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login/second-factor',
        payload,
        ...(remoteAddress ? { remoteAddress } : {}),
      }),
  };
}
