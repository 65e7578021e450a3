import { errorStatus, type ErrorCode } from '@teamline/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoFactorHelpers } from '../../test/two-factor.js';
import { bearer, createTestApp, PASSWORD, signUp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let h: ReturnType<typeof twoFactorHelpers>;
beforeAll(async () => {
  t = await createTestApp();
  h = twoFactorHelpers(t);
});
afterAll(async () => t?.close());

function expectError(res: { statusCode: number; body: string }, code: ErrorCode) {
  expect(JSON.parse(res.body).error?.code, res.body).toBe(code);
  expect(res.statusCode).toBe(errorStatus[code]);
}
let n = 0;
const person = () => signUp(t, `tf${++n}-${Date.now().toString(36)}@example.com`);
async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await t.database.db.execute(query);
  return (result as { rows: T[] }).rows;
}
const familiesOf = async (memberIdx: number) =>
  (
    await rows<{ n: number }>(
      sql`select count(*)::int as n from session_family where member_idx = ${memberIdx}`,
    )
  )[0]!.n;

describe('sign-in with an authenticator app (TOTP)', () => {
  it('enrols with a first code, then the password alone no longer signs in: the code does', async () => {
    const me = await person();
    const setup = await h.call('POST', '/two-factor/totp', me.key);
    expect(setup.statusCode).toBe(201);
    const { secret, uri } = setup.json().data;
    expect(uri).toBe(
      `otpauth://totp/Teamline%3A${encodeURIComponent(me.email)}?secret=${secret}&issuer=Teamline&algorithm=SHA1&digits=6&period=30`,
    );
    // Until a first code confirms it, the app is not a factor.
    expect((await h.login(me.email, PASSWORD)).statusCode).toBe(201);
    expectError(
      await h.call('POST', '/two-factor/totp/confirm', me.key, { code: '000000' }),
      'SECOND_FACTOR_INVALID',
    );
    const confirmed = await h.call('POST', '/two-factor/totp/confirm', me.key, { code: h.code(secret) });
    expect(confirmed.statusCode).toBe(200);
    const codes: string[] = confirmed.json().data.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await h.call('GET', '/two-factor', me.key)).json().data).toEqual({
      totp: true,
      passkeys: [],
      recoveryCodesLeft: 10,
      hasPassword: true,
    });

    const before = await familiesOf(me.memberIdx);
    const first = await h.login(me.email, PASSWORD);
    expectError(first, 'SECOND_FACTOR_REQUIRED');
    const challenge = first.json().error.details;
    expect(challenge.methods).toEqual(['totp', 'recovery']);
    expect(challenge.challengeToken).toEqual(expect.any(String));
    // No session of any kind came from the password step.
    expect(first.headers['set-cookie']).toBeUndefined();
    expect(await familiesOf(me.memberIdx)).toBe(before);

    // The code of the previous step: the first code was taken at confirmation, this one is older.
    expectError(
      await h.secondFactor({ challengeToken: challenge.challengeToken, method: 'totp', code: '123456' }),
      'SECOND_FACTOR_INVALID',
    );
    t.clock.advanceMinutes(1);
    const signedIn = await h.secondFactor({
      challengeToken: challenge.challengeToken,
      method: 'totp',
      code: h.code(secret),
    });
    expect(signedIn.statusCode, signedIn.body).toBe(201);
    expect([signedIn.headers['set-cookie']].flat().join('\n')).toMatch(/^teamline_refresh=/m);
    const key = signedIn.json().data.key;
    expect((await h.call('GET', '/member', key)).json().data.memberIdx).toBe(me.memberIdx);

    // The challenge is used up.
    expectError(
      await h.secondFactor({
        challengeToken: challenge.challengeToken,
        method: 'totp',
        code: h.code(secret),
      }),
      'SECOND_FACTOR_EXPIRED',
    );
  });

  it('a code works once: the same code with a new challenge is refused (no replay in its window)', async () => {
    const me = await person();
    const { secret } = await h.enableTotp(me.key);
    t.clock.advanceMinutes(1);
    const code = h.code(secret);
    const one = (await h.login(me.email, PASSWORD)).json().error.details.challengeToken;
    expect((await h.secondFactor({ challengeToken: one, method: 'totp', code })).statusCode).toBe(201);
    const two = (await h.login(me.email, PASSWORD)).json().error.details.challengeToken;
    expectError(await h.secondFactor({ challengeToken: two, method: 'totp', code }), 'SECOND_FACTOR_INVALID');
    // The next step's code is good.
    expect(
      (await h.secondFactor({ challengeToken: two, method: 'totp', code: h.code(secret, 1) })).statusCode,
    ).toBe(201);
  });

  it('the challenge lives 5 minutes; a wrong password never reaches it', async () => {
    const me = await person();
    const { secret } = await h.enableTotp(me.key);
    expectError(await h.login(me.email, 'wrong-password-1'), 'AUTH_INCORRECT_PASSWORD');
    const token = (await h.login(me.email, PASSWORD)).json().error.details.challengeToken;
    t.clock.advanceMinutes(6);
    expectError(
      await h.secondFactor({ challengeToken: token, method: 'totp', code: h.code(secret) }),
      'SECOND_FACTOR_EXPIRED',
    );
    expectError(
      await h.secondFactor({ challengeToken: 'nope', method: 'totp', code: '123456' }),
      'SECOND_FACTOR_EXPIRED',
    );
    expectError(
      await h.secondFactor({ challengeToken: token, method: 'totp', code: '12a456' }),
      'VALIDATION_FAILED',
    );
  });

  it('the secret is stored sealed with SECRET_KEY, never as typed into the app', async () => {
    const me = await person();
    const { secret } = await h.enableTotp(me.key);
    const [row] = await rows<{ secret_sealed: string }>(
      sql`select secret_sealed from member_totp where member_idx = ${me.memberIdx}`,
    );
    expect(row!.secret_sealed).toMatch(/^v1\./);
    expect(row!.secret_sealed).not.toContain(secret);
    const dump = JSON.stringify(await rows(sql`select * from member_totp`));
    expect(dump).not.toContain(secret);
  });
});

describe('recovery codes', () => {
  it('sign in when the phone is lost; each code works once; new codes replace the old', async () => {
    const me = await person();
    const { recoveryCodes } = await h.enableTotp(me.key);
    const challenge = async () =>
      (await h.login(me.email, PASSWORD)).json().error.details.challengeToken as string;
    // Typed in capitals and without the dash, as people do.
    const typed = recoveryCodes[3]!.toUpperCase().replace('-', ' ');
    const res = await h.secondFactor({ challengeToken: await challenge(), method: 'recovery', code: typed });
    expect(res.statusCode, res.body).toBe(201);
    const key = res.json().data.key;
    expect((await h.call('GET', '/two-factor', key)).json().data.recoveryCodesLeft).toBe(9);
    expectError(
      await h.secondFactor({
        challengeToken: await challenge(),
        method: 'recovery',
        code: recoveryCodes[3]!,
      }),
      'SECOND_FACTOR_INVALID',
    );

    // Codes are stored as HMACs: the table holds none of them.
    const dump = JSON.stringify(await rows(sql`select * from member_recovery_code`));
    for (const c of recoveryCodes) expect(dump).not.toContain(c.replace('-', ''));

    const fresh = await h.call('POST', '/two-factor/recovery-codes', key);
    expect(fresh.statusCode).toBe(201);
    const next: string[] = fresh.json().data.recoveryCodes;
    expect(next).toHaveLength(10);
    expectError(
      await h.secondFactor({
        challengeToken: await challenge(),
        method: 'recovery',
        code: recoveryCodes[0]!,
      }),
      'SECOND_FACTOR_INVALID',
    );
    expect(
      (await h.secondFactor({ challengeToken: await challenge(), method: 'recovery', code: next[0]! }))
        .statusCode,
    ).toBe(201);
  });

  it("another account's code does not work", async () => {
    const [a, b] = [await person(), await person()];
    const codesA = (await h.enableTotp(a.key)).recoveryCodes;
    await h.enableTotp(b.key);
    const token = (await h.login(b.email, PASSWORD)).json().error.details.challengeToken;
    expectError(
      await h.secondFactor({ challengeToken: token, method: 'recovery', code: codesA[0]! }),
      'SECOND_FACTOR_INVALID',
    );
  });

  it('removing the last factor removes the codes, and the password alone signs in again', async () => {
    const me = await person();
    await h.enableTotp(me.key);
    expect((await h.call('DELETE', '/two-factor/totp', me.key)).statusCode).toBe(200);
    expect((await h.call('GET', '/two-factor', me.key)).json().data).toMatchObject({
      totp: false,
      recoveryCodesLeft: 0,
    });
    expect((await h.login(me.email, PASSWORD)).statusCode).toBe(201);
    expectError(await h.call('POST', '/two-factor/recovery-codes', me.key), 'FORBIDDEN');
    expectError(await h.call('DELETE', '/two-factor/totp', me.key), 'TOTP_SETUP_MISSING');
  });
});

describe('wrong codes are limited', () => {
  it('5 wrong entries per account in 15 minutes, then 429 even for the right code, until the window passes', async () => {
    const me = await person();
    const { secret } = await h.enableTotp(me.key);
    const token = (await h.login(me.email, PASSWORD)).json().error.details.challengeToken;
    for (let i = 0; i < 5; i++)
      expectError(
        await h.secondFactor({ challengeToken: token, method: 'totp', code: '000000' }),
        'SECOND_FACTOR_INVALID',
      );
    t.clock.advanceMinutes(1);
    const limited = await h.secondFactor({ challengeToken: token, method: 'totp', code: h.code(secret) });
    expectError(limited, 'RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // From another address too: the limit is the account's.
    expectError(
      await h.secondFactor({ challengeToken: token, method: 'recovery', code: 'aaaaa-bbbbb' }, '10.9.9.9'),
      'RATE_LIMITED',
    );
    t.clock.advanceMinutes(15);
    const token2 = (await h.login(me.email, PASSWORD)).json().error.details.challengeToken;
    expect(
      (await h.secondFactor({ challengeToken: token2, method: 'totp', code: h.code(secret) })).statusCode,
    ).toBe(201);
  });

  it('one address: 20 wrong entries over several accounts, then 429 for any account from it', async () => {
    const ip = '203.0.113.7';
    const people = await Promise.all([person(), person(), person(), person(), person()]);
    const tokens: string[] = [];
    for (const p of people) {
      await h.enableTotp(p.key);
      tokens.push((await h.login(p.email, PASSWORD)).json().error.details.challengeToken);
    }
    for (const token of tokens.slice(0, 5))
      for (let i = 0; i < 4; i++)
        expectError(
          await h.secondFactor({ challengeToken: token, method: 'totp', code: '000000' }, ip),
          'SECOND_FACTOR_INVALID',
        );
    const other = await person();
    const { secret } = await h.enableTotp(other.key);
    t.clock.advanceMinutes(1);
    const token = (await h.login(other.email, PASSWORD)).json().error.details.challengeToken;
    expectError(
      await h.secondFactor({ challengeToken: token, method: 'totp', code: h.code(secret) }, ip),
      'RATE_LIMITED',
    );
    expect(
      (await h.secondFactor({ challengeToken: token, method: 'totp', code: h.code(secret) }, '198.51.100.1'))
        .statusCode,
    ).toBe(201);
  });
});

describe('passkeys', () => {
  it('register, then sign in without a password; a wrong origin or no user verification is refused', async () => {
    const me = await person();
    const { passkey, recoveryCodes, passkeyIdx } = await h.registerPasskey(me.key, 'My laptop');
    // The first factor of the account brings the recovery codes.
    expect(recoveryCodes).toHaveLength(10);
    const status = (await h.call('GET', '/two-factor', me.key)).json().data;
    expect(status.passkeys).toEqual([
      { passkeyIdx, name: 'My laptop', createdAt: expect.any(String), lastUsedAt: null },
    ]);

    const options = async () => (await h.call('POST', '/auth/passkey/options')).json().data;
    const first = await options();
    // Any passkey of the site, chosen in the browser, verified by the person.
    expect(first.options).toMatchObject({ rpId: 'teamline.test', userVerification: 'required' });
    expect(first.options.allowCredentials ?? []).toEqual([]);
    const res = await h.call('POST', '/auth/login/passkey', undefined, {
      ticket: first.ticket,
      credential: h.authenticator.assert(passkey, first.options.challenge),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect([res.headers['set-cookie']].flat().join('\n')).toMatch(/^teamline_refresh=/m);
    expect((await h.call('GET', '/member', res.json().data.key)).json().data.memberIdx).toBe(me.memberIdx);
    // The ticket is used up.
    expectError(
      await h.call('POST', '/auth/login/passkey', undefined, {
        ticket: first.ticket,
        credential: h.authenticator.assert(passkey, first.options.challenge),
      }),
      'SECOND_FACTOR_EXPIRED',
    );

    const second = await options();
    expectError(
      await h.call('POST', '/auth/login/passkey', undefined, {
        ticket: second.ticket,
        credential: h.authenticator.assert(passkey, second.options.challenge, {
          origin: 'https://evil.example',
        }),
      }),
      'SECOND_FACTOR_INVALID',
    );
    expectError(
      await h.call('POST', '/auth/login/passkey', undefined, {
        ticket: second.ticket,
        credential: h.authenticator.assert(passkey, second.options.challenge, { userVerified: false }),
      }),
      'SECOND_FACTOR_INVALID',
    );
    // Signed over another challenge: refused.
    expectError(
      await h.call('POST', '/auth/login/passkey', undefined, {
        ticket: second.ticket,
        credential: h.authenticator.assert(passkey, first.options.challenge),
      }),
      'SECOND_FACTOR_INVALID',
    );
    expect((await h.call('GET', '/two-factor', me.key)).json().data.passkeys[0].lastUsedAt).not.toBeNull();
  });

  it('is the second factor after a password, and removing it lets the password alone sign in', async () => {
    const me = await person();
    const { passkey, passkeyIdx } = await h.registerPasskey(me.key);
    const first = await h.login(me.email, PASSWORD);
    expectError(first, 'SECOND_FACTOR_REQUIRED');
    const { challengeToken, methods } = first.json().error.details;
    expect(methods).toEqual(['passkey', 'recovery']);
    const opts = await h.call('POST', '/auth/login/second-factor/passkey-options', undefined, {
      challengeToken,
    });
    expect(opts.statusCode).toBe(201);
    const { ticket, options } = opts.json().data;
    expect(options.allowCredentials).toEqual([
      { id: passkey.credentialId.toString('base64url'), type: 'public-key', transports: ['internal'] },
    ]);
    const res = await h.secondFactor({
      challengeToken,
      method: 'passkey',
      ticket,
      credential: h.authenticator.assert(passkey, options.challenge),
    });
    expect(res.statusCode, res.body).toBe(201);

    // Another account's passkey cannot stand in for this one's.
    const other = await person();
    const theirs = (await h.registerPasskey(other.key)).passkey;
    const again = (await h.login(me.email, PASSWORD)).json().error.details.challengeToken;
    const o2 = (
      await h.call('POST', '/auth/login/second-factor/passkey-options', undefined, { challengeToken: again })
    ).json().data;
    expectError(
      await h.secondFactor({
        challengeToken: again,
        method: 'passkey',
        ticket: o2.ticket,
        credential: h.authenticator.assert(theirs, o2.options.challenge),
      }),
      'SECOND_FACTOR_INVALID',
    );

    expectError(await h.call('DELETE', `/two-factor/passkey/${passkeyIdx}`, other.key), 'PASSKEY_NOT_FOUND');
    expect((await h.call('DELETE', `/two-factor/passkey/${passkeyIdx}`, me.key)).statusCode).toBe(200);
    expect((await h.login(me.email, PASSWORD)).statusCode).toBe(201);
  });

  it('a registration answered for another challenge, or a reused ticket, is refused', async () => {
    const me = await person();
    const a = (await h.call('POST', '/two-factor/passkey/options', me.key)).json().data;
    const b = (await h.call('POST', '/two-factor/passkey/options', me.key)).json().data;
    const made = h.authenticator.register(a.options);
    expectError(
      await h.call('POST', '/two-factor/passkey', me.key, {
        ticket: b.ticket,
        name: 'x',
        credential: made.credential,
      }),
      'PASSKEY_REGISTRATION_FAILED',
    );
    expect(
      (
        await h.call('POST', '/two-factor/passkey', me.key, {
          ticket: a.ticket,
          name: 'x',
          credential: made.credential,
        })
      ).statusCode,
    ).toBe(201);
    expectError(
      await h.call('POST', '/two-factor/passkey', me.key, {
        ticket: a.ticket,
        name: 'y',
        credential: made.credential,
      }),
      'PASSKEY_REGISTRATION_FAILED',
    );
    // Another account cannot use my ticket.
    const other = await person();
    const c = (await h.call('POST', '/two-factor/passkey/options', me.key)).json().data;
    expectError(
      await h.call('POST', '/two-factor/passkey', other.key, {
        ticket: c.ticket,
        name: 'z',
        credential: h.authenticator.register(c.options).credential,
      }),
      'PASSKEY_REGISTRATION_FAILED',
    );
  });
});

describe('who may call', () => {
  it('every route of one’s own factors needs a key (401)', async () => {
    for (const [method, url] of [
      ['GET', '/two-factor'],
      ['POST', '/two-factor/totp'],
      ['POST', '/two-factor/totp/confirm'],
      ['DELETE', '/two-factor/totp'],
      ['POST', '/two-factor/recovery-codes'],
      ['POST', '/two-factor/passkey/options'],
      ['POST', '/two-factor/passkey'],
      ['DELETE', '/two-factor/passkey/1'],
      ['POST', '/auth/step-up'],
      ['POST', '/auth/step-up/passkey-options'],
    ] as const)
      expectError(
        await h.call(method, url, undefined, method === 'GET' || method === 'DELETE' ? undefined : {}),
        'UNAUTHENTICATED',
      );
    // A revoked key too.
    const me = await person();
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(me.key) });
    expectError(await h.call('GET', '/two-factor', me.key), 'UNAUTHENTICATED');
  });
});
