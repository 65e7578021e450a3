import { actionRules } from '@teamline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, planningFixture, type PlanningFixture } from '../../test/planning-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** The server answers from the table it is given: flip one rule and the answers follow. */
describe('the action table drives the server', () => {
  let normal: TestApp;
  let flipped: TestApp;
  let f: PlanningFixture;
  let g: PlanningFixture;
  beforeAll(async () => {
    normal = await createTestApp();
    flipped = await createTestApp({
      overrides: {
        actionRules: {
          ...actionRules,
          'link.create': { rule: 'client' },
          'milestone.edit': { rule: 'professional' },
        },
      },
    });
    f = await planningFixture(normal, 'normal');
    g = await planningFixture(flipped, 'flipped');
  });
  afterAll(async () => {
    await normal?.close();
    await flipped?.close();
  });

  it('link.create for clients only: the client may, the admin may not', async () => {
    const link = (fx: PlanningFixture, key: string, t: TestApp) =>
      api(t)('POST', '/link', key, { url: 'https://example.com', projectIdx: fx.projectA });
    expect((await link(f, f.admin.key, normal)).statusCode).toBe(201);
    expect((await link(f, f.client.key, normal)).json().error.code).toBe('PROFESSIONAL_ONLY');
    expect((await link(g, g.client.key, flipped)).statusCode).toBe(201);
    expect((await link(g, g.admin.key, flipped)).json().error.code).toBe('CLIENT_ONLY');
  });

  it('milestone.edit without the record rule: any professional renames the admin’s milestone', async () => {
    const rename = async (fx: PlanningFixture, t: TestApp) => {
      const call = api(t);
      const m = (
        await call('POST', '/milestone', fx.admin.key, { projectIdx: fx.projectA, title: 'A' })
      ).json().data.milestoneIdx;
      return (await call('PATCH', `/milestone/${m}`, fx.solo.key, { title: 'B' })).statusCode;
    };
    expect(await rename(f, normal)).toBe(403);
    expect(await rename(g, flipped)).toBe(200);
  });

  it('abilities follow the table', async () => {
    const abilities = async (fx: PlanningFixture, t: TestApp) =>
      (await api(t)('GET', `/project/${fx.projectA}/roles`, fx.client.key)).json().data.abilities;
    expect(await abilities(f, normal)).not.toContain('link.create');
    expect(await abilities(g, flipped)).toContain('link.create');
  });
});
