import { errorStatus, type ErrorCode } from '@teamline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, planningFixture, type PlanningFixture } from '../../test/planning-fixture.js';
import { twoFactorHelpers } from '../../test/two-factor.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let h: ReturnType<typeof twoFactorHelpers>;
let call: ReturnType<typeof api>;
let f: PlanningFixture;
beforeAll(async () => {
  t = await createTestApp();
  h = twoFactorHelpers(t);
  call = api(t);
  f = await planningFixture(t, 'ptf');
});
afterAll(async () => t?.close());

function expectError(res: { statusCode: number; body: string }, code: ErrorCode) {
  expect(JSON.parse(res.body).error?.code, res.body).toBe(code);
  expect(res.statusCode).toBe(errorStatus[code]);
}
const roles = (key: string) => call('GET', `/project/${f.projectA}/roles`, key);
const setting = (key: string, required: boolean) =>
  call('PUT', `/project/${f.projectA}/two-factor`, key, { required });

describe('project setting "admins and clients must use two-factor"', () => {
  it('who may read and change it: members read, admins change, strangers are refused', async () => {
    expect((await call('GET', `/project/${f.projectA}/two-factor`, f.dev.key)).json().data).toEqual({
      required: false,
    });
    expectError(await call('GET', `/project/${f.projectA}/two-factor`), 'UNAUTHENTICATED');
    expectError(
      await call('GET', `/project/${f.projectA}/two-factor`, f.outsider.key),
      'PROJECT_ACCESS_DENIED',
    );
    expectError(await setting(f.outsider.key, true), 'PROJECT_ACCESS_DENIED');
    expectError(await setting(f.lead.key, true), 'ADMIN_ONLY');
    expectError(await setting(f.client.key, true), 'ADMIN_ONLY');
  });

  it('turning it on needs a factor of the admin’s own', async () => {
    expectError(await setting(f.admin.key, true), 'TWO_FACTOR_REQUIRED');
    await h.enableTotp(f.admin.key);
    expect((await setting(f.admin.key, true)).json().data).toEqual({ required: true });
    expect((await call('GET', `/project/${f.projectA}/two-factor`, f.dev.key)).json().data).toEqual({
      required: true,
    });
  });

  it('then admins and clients without a factor are refused every call of the project; professionals are not', async () => {
    // The client (who approves and pays) has no factor.
    expectError(await roles(f.client.key), 'TWO_FACTOR_REQUIRED');
    expectError(
      await call('GET', `/milestone/timeline?projectIdx=${f.projectA}`, f.client.key),
      'TWO_FACTOR_REQUIRED',
    );
    expectError(
      await call('GET', `/member-in-project?projectIdx=${f.projectA}`, f.client.key),
      'TWO_FACTOR_REQUIRED',
    );
    // Professionals without admin authority are not bound.
    expect((await roles(f.dev.key)).statusCode).toBe(200);
    expect((await roles(f.lead.key)).statusCode).toBe(200);
    // The admin has a factor.
    expect((await roles(f.admin.key)).statusCode).toBe(200);
    // Strangers still learn nothing more than before.
    expectError(await roles(f.outsider.key), 'PROJECT_ACCESS_DENIED');
    // The client's other projects are not affected.
    expect((await call('GET', '/project/list-of-member', f.client.key)).statusCode).toBe(200);
  });

  it('a professional given admin authority is bound too', async () => {
    expect(
      (await call('PATCH', `/member-in-project/${f.solo.mip}`, f.admin.key, { isAdmin: true })).statusCode,
    ).toBeLessThan(300);
    expectError(await roles(f.solo.key), 'TWO_FACTOR_REQUIRED');
    expect(
      (await call('PATCH', `/member-in-project/${f.solo.mip}`, f.admin.key, { isAdmin: false })).statusCode,
    ).toBeLessThan(300);
    expect((await roles(f.solo.key)).statusCode).toBe(200);
  });

  it('setting up a factor opens the project at once; removing it closes it again', async () => {
    const { passkeyIdx } = await h.registerPasskey(f.client.key);
    expect((await roles(f.client.key)).statusCode).toBe(200);
    expect((await call('DELETE', `/two-factor/passkey/${passkeyIdx}`, f.client.key)).statusCode).toBe(200);
    expectError(await roles(f.client.key), 'TWO_FACTOR_REQUIRED');
    await h.enableTotp(f.client.key);
    expect((await roles(f.client.key)).statusCode).toBe(200);
  });

  it('turning it off needs no factor and frees everyone at once', async () => {
    const g = await planningFixture(t, 'ptf-off');
    await h.enableTotp(g.admin.key);
    await call('PUT', `/project/${g.projectA}/two-factor`, g.admin.key, { required: true });
    expectError(await call('GET', `/project/${g.projectA}/roles`, g.client.key), 'TWO_FACTOR_REQUIRED');
    expect(
      (await call('PUT', `/project/${g.projectA}/two-factor`, g.admin.key, { required: false })).statusCode,
    ).toBe(200);
    expect((await call('GET', `/project/${g.projectA}/roles`, g.client.key)).statusCode).toBe(200);
  });
});
