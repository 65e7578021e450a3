import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToProject,
  bearer,
  createProject,
  createTestApp,
  signUp,
  type TestApp,
} from '../test/test-app.js';
import { connect, createInstancePair, listen, waitFor } from '../test/realtime-client.js';

describe('realtime over one instance', () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp();
    baseUrl = await listen(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('delivers link events to members of the project only', async () => {
    const a1 = await signUp(t, 'a1@example.com');
    const a2 = await signUp(t, 'a2@example.com');
    const b1 = await signUp(t, 'b1@example.com');
    const projectA = await createProject(t, a1.key, 'A');
    await addToProject(t, projectA, a2.memberIdx, 'depth1');
    await createProject(t, b1.key, 'B');
    // The set-up's own events (project.created) go out before the sockets listen.
    await t.app.ctx.events.idle();

    const s1 = await connect(baseUrl, a1.key);
    const s2 = await connect(baseUrl, a2.key);
    const sb = await connect(baseUrl, b1.key);
    try {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/link',
        payload: { url: 'https://realtime.test', projectIdx: projectA },
        headers: bearer(a2.key),
      });
      expect(created.statusCode).toBe(201);
      const linkCreated = (s: typeof s1) => s.events.find((e) => e.type === 'link.created');
      await waitFor(() => Boolean(linkCreated(s1) && linkCreated(s2)));
      expect(linkCreated(s1)).toMatchObject({
        type: 'link.created',
        projectIdx: projectA,
        payload: { url: 'https://realtime.test' },
      });

      const linkIdx = created.json().data.linkIdx;
      await t.app.inject({ method: 'DELETE', url: `/api/link/${linkIdx}`, headers: bearer(a1.key) });
      await waitFor(() => s2.events.some((e) => e.type === 'link.deleted'));
      // Give a stray event time to arrive before asserting that B heard nothing of A.
      await new Promise((r) => setTimeout(r, 200));
      expect(sb.events.filter((e) => e.projectIdx === projectA)).toEqual([]);
    } finally {
      for (const s of [s1, s2, sb]) s.socket.close();
    }
  });

  it('closes the sockets of a login that signs out', async () => {
    const m = await signUp(t, 'leaving@example.com');
    const s = await connect(baseUrl, m.key);
    const closed = new Promise<number>((resolve) => s.socket.on('close', (c) => resolve(c)));
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(m.key) });
    expect(await closed).toBe(4401);
  });

  it('closes a socket without a valid key', async () => {
    const socket = new WebSocket(`${baseUrl}/api/ws`);
    socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', key: 'bogus' })));
    const code = await new Promise<number>((resolve) => socket.on('close', (c) => resolve(c)));
    expect(code).toBe(4401);
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)(
  'realtime across two instances (Redis; skipped unless TEST_REDIS_URL is set)',
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

    it('a change through one instance reaches a socket on the other', async () => {
      const url2 = await listen(second);
      const a = await signUp(first, 'x1@example.com');
      const b = await signUp(first, 'x2@example.com');
      const projectIdx = await createProject(first, a.key, 'Shared');
      await addToProject(first, projectIdx, b.memberIdx, 'depth2');
      const s = await connect(url2, b.key);
      try {
        const res = await first.app.inject({
          method: 'POST',
          url: '/api/link',
          payload: { url: 'https://across.test', projectIdx },
          headers: bearer(a.key),
        });
        expect(res.statusCode).toBe(201);
        // A set-up event (project.created) may still be on its way; the link is what this is about.
        await waitFor(() => s.events.some((e) => e.type === 'link.created'));
        expect(s.events.find((e) => e.type === 'link.created')).toMatchObject({ projectIdx });
      } finally {
        s.socket.close();
      }
    });
  },
);
