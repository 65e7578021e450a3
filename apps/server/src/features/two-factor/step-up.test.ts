import { errorStatus, type ErrorCode } from '@teamline/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeKey } from '../../platform/authorization/route-policy.js';
import { stepUpRoutes } from '../../platform/authorization/step-up.js';
import { api, planningFixture } from '../../test/planning-fixture.js';
import { twoFactorHelpers } from '../../test/two-factor.js';
import { createTestApp, PASSWORD, signUp, type TestApp } from '../../test/test-app.js';
import { sandboxCards, type SandboxGateway } from '../billing/gateway/sandbox.js';

let t: TestApp;
let h: ReturnType<typeof twoFactorHelpers>;
let call: ReturnType<typeof api>;
beforeAll(async () => {
  t = await createTestApp();
  h = twoFactorHelpers(t);
  call = api(t);
});
afterAll(async () => t?.close());

function expectError(res: { statusCode: number; body: string }, code: ErrorCode) {
  expect(JSON.parse(res.body).error?.code, res.body).toBe(code);
  expect(res.statusCode).toBe(errorStatus[code]);
}
let n = 0;
const person = () => signUp(t, `su${++n}-${Date.now().toString(36)}@example.com`);
/** A request to a listed route with its parameters filled in (the step-up answers before anything else). */
const requestOf = (key: string) => {
  const [method, url] = key.split(' ') as ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string];
  return { method, url: url.replace(/^\/api/, '').replace(/:[A-Za-z]+/g, '1') };
};
const card = {
  cardNumber: sandboxCards.ok,
  expiry: '1239',
  isCorporate: false,
  birth: '900101',
  password: '47',
  cvv: '913',
  ownerName: 'Kim Tester',
};

describe('the sensitive calls ask for a fresh factor (step-up)', () => {
  it('are declared in one place, beside the authorization table, and all exist', () => {
    expect(stepUpRoutes).toEqual([
      'POST /api/card',
      'POST /api/subscription/:subscriptionIdx/refund',
      'PATCH /api/member-in-project/:memberInProjectIdx',
      'POST /api/webhook',
      'PATCH /api/webhook/:webhookIdx',
      'DELETE /api/webhook/:webhookIdx',
      'POST /api/webhook/:webhookIdx/secret',
      'POST /api/github/token',
      'POST /api/github/oauth',
      'PUT /api/github',
      'DELETE /api/github',
      'PATCH /api/member/password',
      'POST /api/two-factor/totp',
      'DELETE /api/two-factor/totp',
      'POST /api/two-factor/recovery-codes',
      'POST /api/two-factor/passkey/options',
      'DELETE /api/two-factor/passkey/:passkeyIdx',
      'PUT /api/project/:projectIdx/two-factor',
      'POST /api/member/token',
    ]);
    const registered = new Set(t.app.registeredRoutes.map(routeKey));
    expect(stepUpRoutes.filter((key) => !registered.has(key))).toEqual([]);
  });

  it('each refuses a login whose last proof is more than 10 minutes old, saying how to prove it again', async () => {
    const me = await person();
    t.clock.advanceMinutes(9);
    // Within 10 minutes the proof still holds.
    expect((await h.call('GET', '/two-factor', me.key)).statusCode).toBe(200);
    expect(
      (
        await call('PATCH', '/member/password', me.key, {
          currentPassword: PASSWORD,
          password: 'another-pass-9',
        })
      ).statusCode,
    ).toBe(200);
    t.clock.advanceMinutes(2);
    for (const key of stepUpRoutes) {
      const { method, url } = requestOf(key);
      const res = await call(method, url, me.key, method === 'DELETE' ? undefined : {});
      expectError(res, 'STEP_UP_REQUIRED');
      // An account without a second factor proves its password again.
      expect(res.json().error.details, key).toEqual({ methods: ['password'] });
    }
  });

  it('a refund needs it: a stale login refunds nothing; after the password, the same call refunds', async () => {
    const f = await planningFixture(t, `refund${++n}`);
    expect((await call('POST', '/card', f.admin.key, card)).statusCode).toBe(201);
    const subscribed = await call('POST', '/subscription', f.admin.key, {
      projectIdx: f.projectA,
      plan: '30D',
      sheets: 2,
      currency: 'KRW',
    });
    expect(subscribed.statusCode, subscribed.body).toBe(201);
    const idx = subscribed.json().data.subscription.subscriptionIdx;
    const gateway = t.app.services.billing.gateway as SandboxGateway;
    const cancels = (await gateway.ledger.cancels()).length;

    t.clock.advanceMinutes(11);
    const refused = await call('POST', `/subscription/${idx}/refund`, f.admin.key, { mode: 'FULL' });
    expectError(refused, 'STEP_UP_REQUIRED');
    expect((await gateway.ledger.cancels()).length).toBe(cancels);
    const payments = (await call('GET', `/payment?projectIdx=${f.projectA}`, f.admin.key)).json().data;
    expect(payments.filter((p: { kind: string }) => p.kind === 'refund')).toEqual([]);

    expectError(
      await call('POST', '/auth/step-up', f.admin.key, { method: 'password', password: 'wrong-pass-1' }),
      'AUTH_INCORRECT_PASSWORD',
    );
    expectError(
      await call('POST', `/subscription/${idx}/refund`, f.admin.key, { mode: 'FULL' }),
      'STEP_UP_REQUIRED',
    );
    expect(
      (await call('POST', '/auth/step-up', f.admin.key, { method: 'password', password: PASSWORD }))
        .statusCode,
    ).toBe(200);
    const refunded = await call('POST', `/subscription/${idx}/refund`, f.admin.key, { mode: 'FULL' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().data.payment).toMatchObject({
      kind: 'refund',
      amount: 20_000,
      status: 'refunded',
    });
    expect((await gateway.ledger.cancels()).length).toBe(cancels + 1);

    // The step-up is the login's, not the account's: another login of the same admin is still stale.
    const other = (await h.login(f.admin.email, PASSWORD)).json().data.key as string;
    t.clock.advanceMinutes(11);
    expectError(await call('POST', '/card', other, card), 'STEP_UP_REQUIRED');
  });

  it('an account with a second factor steps up with it, never with its password; wrong codes count', async () => {
    const me = await person();
    const { secret, recoveryCodes } = await h.enableTotp(me.key);
    t.clock.advanceMinutes(11);
    const refused = await call('POST', '/card', me.key, card);
    expectError(refused, 'STEP_UP_REQUIRED');
    expect(refused.json().error.details).toEqual({ methods: ['totp', 'recovery'] });
    expectError(
      await call('POST', '/auth/step-up', me.key, { method: 'password', password: PASSWORD }),
      'SECOND_FACTOR_INVALID',
    );
    expectError(
      await call('POST', '/auth/step-up', me.key, { method: 'totp', code: '000000' }),
      'SECOND_FACTOR_INVALID',
    );
    expect(
      (await call('POST', '/auth/step-up', me.key, { method: 'totp', code: h.code(secret) })).statusCode,
    ).toBe(200);
    expect((await call('POST', '/card', me.key, card)).statusCode).toBe(201);

    t.clock.advanceMinutes(11);
    expect(
      (await call('POST', '/auth/step-up', me.key, { method: 'recovery', code: recoveryCodes[0] }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await call('PATCH', '/member/password', me.key, {
          currentPassword: PASSWORD,
          password: 'another-pass-9',
        })
      ).statusCode,
    ).toBe(200);

    // A new login (its access key outlives the clock's moves); five wrong entries in the window
    // (the earlier one is older than 15 minutes): the next try waits, even with the right code.
    const token = (await h.login(me.email, 'another-pass-9')).json().error.details.challengeToken;
    const key = (
      await h.secondFactor({ challengeToken: token, method: 'recovery', code: recoveryCodes[1] })
    ).json().data.key as string;
    t.clock.advanceMinutes(11);
    for (let i = 0; i < 5; i++)
      expectError(
        await call('POST', '/auth/step-up', key, { method: 'totp', code: '000000' }),
        'SECOND_FACTOR_INVALID',
      );
    expectError(
      await call('POST', '/auth/step-up', key, { method: 'totp', code: h.code(secret) }),
      'RATE_LIMITED',
    );
  });

  it('a passkey steps up too', async () => {
    const me = await person();
    const { passkey } = await h.registerPasskey(me.key);
    t.clock.advanceMinutes(11);
    expect((await call('POST', '/card', me.key, card)).json().error.details).toEqual({
      methods: ['passkey', 'recovery'],
    });
    const { ticket, options } = (await call('POST', '/auth/step-up/passkey-options', me.key)).json().data;
    expect(
      (
        await call('POST', '/auth/step-up', me.key, {
          method: 'passkey',
          ticket,
          credential: h.authenticator.assert(passkey, options.challenge),
        })
      ).statusCode,
    ).toBe(200);
    expect((await call('POST', '/card', me.key, card)).statusCode).toBe(201);
    // The ticket is used up.
    expectError(
      await call('POST', '/auth/step-up', me.key, {
        method: 'passkey',
        ticket,
        credential: h.authenticator.assert(passkey, options.challenge),
      }),
      'SECOND_FACTOR_INVALID',
    );
    expectError(
      await call('POST', '/auth/step-up/passkey-options', (await person()).key),
      'PASSKEY_NOT_FOUND',
    );
  });

  it('an account with neither a password nor a factor (Google sign-in) is told to sign in again', async () => {
    const me = await person();
    await t.database.db.execute(
      sql`update member set password_hash = null where member_idx = ${me.memberIdx}`,
    );
    t.clock.advanceMinutes(11);
    const res = await call('POST', '/card', me.key, card);
    expectError(res, 'STEP_UP_REQUIRED');
    expect(res.json().error.details).toEqual({ methods: [] });
    expectError(
      await call('POST', '/auth/step-up', me.key, { method: 'password', password: 'x' }),
      'SECOND_FACTOR_INVALID',
    );
  });
});
