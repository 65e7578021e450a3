import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, planningFixture } from '../../test/planning-fixture.js';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.js';
import { connect, createInstancePair, listen, waitFor } from '../../test/realtime-client.js';

describe('planning live updates over one instance', () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp();
    baseUrl = await listen(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('two members see each other’s story changes; another project’s member sees nothing', async () => {
    const f = await planningFixture(t, 'rt');
    const call = api(t);
    // The fixture's own events (each member's project.created) go out before the sockets listen.
    await t.app.ctx.events.idle();
    const a = await connect(baseUrl, f.admin.key);
    const b = await connect(baseUrl, f.client.key);
    const other = await connect(baseUrl, f.outsider.key);
    try {
      const created = await call('POST', '/story', f.client.key, { projectIdx: f.projectA, title: 'Live' });
      const storyIdx = created.json().data.storyIdx;
      await waitFor(() => a.events.some((e) => e.type === 'story.created'));
      expect(a.events.find((e) => e.type === 'story.created')).toMatchObject({
        projectIdx: f.projectA,
        payload: { storyIdx, title: 'Live', status: 'considering' },
      });
      await call('PATCH', `/story/${storyIdx}`, f.admin.key, { status: 'pending' });
      await waitFor(() => b.events.some((e) => e.type === 'story.updated'));
      expect(b.events.find((e) => e.type === 'story.updated')!.payload).toMatchObject({
        storyIdx,
        status: 'pending',
      });

      const m = (await call('POST', '/milestone', f.admin.key, { projectIdx: f.projectA, title: 'M' })).json()
        .data;
      await call('PATCH', '/story/order', f.admin.key, { storyIdx, milestoneIdx: m.milestoneIdx });
      await call('POST', `/story/${storyIdx}/comment`, f.client.key, { content: 'hi' });
      await call('POST', '/epic', f.admin.key, { projectIdx: f.projectA, label: 'E' });
      await call('POST', '/timekeeping', f.admin.key, { storyIdx, workDt: '20260101', minutes: 30 });
      await call('DELETE', `/milestone/${m.milestoneIdx}`, f.admin.key);
      await call('DELETE', `/story/${storyIdx}`, f.admin.key);
      const expected = [
        'milestone.created',
        'story.ordered',
        'comment.created',
        'epic.created',
        'timekeeping.created',
        'milestone.deleted',
        'story.deleted',
      ];
      await waitFor(() => expected.every((type) => b.events.some((e) => e.type === type)));
      expect(b.events.every((e) => e.projectIdx === f.projectA)).toBe(true);
      // Give a stray event time to arrive before asserting that the outsider heard nothing of A.
      await new Promise((r) => setTimeout(r, 200));
      expect(other.events.filter((e) => e.projectIdx === f.projectA)).toEqual([]);
    } finally {
      for (const s of [a, b, other]) s.socket.close();
    }
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)(
  'planning live updates across two instances (Redis; skipped unless TEST_REDIS_URL is set)',
  () => {
    let first: TestApp;
    let second: TestApp;
    beforeAll(async () => {
      [first, second] = await createInstancePair();
    });
    afterAll(async () => {
      await second?.close();
      await first?.close();
    });

    it('a story change through one instance reaches a socket on the other', async () => {
      const url2 = await listen(second);
      const f = await planningFixture(first, 'rx');
      const s = await connect(url2, f.dev.key);
      try {
        const res = await first.app.inject({
          method: 'POST',
          url: '/api/story',
          payload: { projectIdx: f.projectA, title: 'Across' },
          headers: bearer(f.admin.key),
        });
        expect(res.statusCode).toBe(201);
        await waitFor(() => s.events.some((e) => e.type === 'story.created'));
        expect(s.events.find((e) => e.type === 'story.created')).toMatchObject({
          type: 'story.created',
          projectIdx: f.projectA,
          payload: { title: 'Across' },
        });
      } finally {
        s.socket.close();
      }
    });
  },
);
