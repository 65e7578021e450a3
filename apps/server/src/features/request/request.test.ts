import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, planningFixture, type PlanningFixture, type Person } from '../../test/planning-fixture.js';
import { connect, listen, waitFor } from '../../test/realtime-client.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let f: PlanningFixture;
let call: ReturnType<typeof api>;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  f = await planningFixture(t, 'rq');
  call = api(t);
  baseUrl = await listen(t);
});
afterAll(async () => {
  await t?.close();
});

type Out = {
  requestIdx: number;
  status: string;
  senderIdx: number;
  receiverIdx: number;
  readAt: string | null;
};
const send = async (from: Person, to: Person, extra: object = {}) => {
  const res = await call('POST', '/request', from.key, {
    projectIdx: f.projectA,
    title: 'Review the login page',
    description: 'Before Friday, please.',
    dueDt: '20260320',
    receiverIdx: to.mip,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Out;
};
const codeOf = (res: { json(): { error: { code: string } } }) => res.json().error.code;
const fieldsOf = (res: { json(): { error: { fieldErrors?: Record<string, string> } } }) =>
  res.json().error.fieldErrors;

describe('POST /request', () => {
  it('creates an awaiting general request from the caller to another member, with an optional story', async () => {
    const story = (await call('POST', '/story', f.admin.key, { projectIdx: f.projectA, title: 'S' })).json()
      .data;
    const created = await send(f.client, f.dev, { storyIdx: story.storyIdx });
    expect(created).toMatchObject({
      projectIdx: f.projectA,
      kind: 'general',
      title: 'Review the login page',
      description: 'Before Friday, please.',
      dueDt: '20260320',
      storyIdx: story.storyIdx,
      senderIdx: f.client.mip,
      receiverIdx: f.dev.mip,
      status: 'awaiting',
      readAt: null,
      takenAt: null,
      completedAt: null,
    });
  });

  it('refuses bad input: control characters, huge ids, bad dates, contracts, oneself, other projects', async () => {
    const base = { projectIdx: f.projectA, title: 'T', dueDt: '20260320', receiverIdx: f.dev.mip };
    const post = (body: object) => call('POST', '/request', f.admin.key, { ...base, ...body });
    const bad = [
      [{ title: 'a\u0000b' }, 'title', 'controlCharacters'],
      [{ description: 'x\u0007' }, 'description', 'controlCharacters'],
      [{ title: '   ' }, 'title', 'required'],
      [{ receiverIdx: 2 ** 31 }, 'receiverIdx', 'numberRange'],
      [{ storyIdx: 1e20 }, 'storyIdx', null],
      [{ projectIdx: 2 ** 40 }, 'projectIdx', 'numberRange'],
      [{ dueDt: '20260230' }, 'dueDt', 'dateFormat'],
      [{ dueDt: '2026-03-20' }, 'dueDt', 'dateFormat'],
    ] as const;
    for (const [body, field, key] of bad) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      // A nullable id reports its union's failure as `invalid`.
      expect(fieldsOf(res)?.[field], JSON.stringify(body)).toBe(key ?? 'invalid');
    }
    expect((await post({ kind: 'contract' })).statusCode).toBe(400);
    expect((await post({ title: 'x'.repeat(201) })).statusCode).toBe(400);

    const self = await post({ receiverIdx: f.admin.mip });
    expect(self.statusCode).toBe(400);
    expect(fieldsOf(self)).toEqual({ receiverIdx: 'requestToSelf' });
    // A member of another project is not a receiver here, nor is a story of another project.
    const foreignReceiver = await post({ receiverIdx: f.outsider.mip });
    expect(foreignReceiver.statusCode).toBe(400);
    expect(fieldsOf(foreignReceiver)).toEqual({ receiverIdx: 'invalid' });
    const foreignStory = (
      await call('POST', '/story', f.outsider.key, { projectIdx: f.projectB, title: 'B' })
    ).json().data;
    const storyElsewhere = await post({ storyIdx: foreignStory.storyIdx });
    expect(storyElsewhere.statusCode).toBe(400);
    expect(fieldsOf(storyElsewhere)).toEqual({ storyIdx: 'invalid' });
    // A stranger cannot send into the project at all.
    const stranger = await call('POST', '/request', f.outsider.key, base);
    expect(stranger.statusCode).toBe(403);
    expect(codeOf(stranger)).toBe('PROJECT_ACCESS_DENIED');
  });
});

describe('GET /request and GET /request/{requestIdx}', () => {
  it('lists the received and sent boxes with unread marks, filters by status, and counts the unread', async () => {
    const g = await planningFixture(t, 'rqlist');
    const a = await (async () => {
      const r = await call('POST', '/request', g.admin.key, {
        projectIdx: g.projectA,
        title: 'First',
        dueDt: '20260401',
        receiverIdx: g.solo.mip,
      });
      return r.json().data as Out;
    })();
    const b = (
      await call('POST', '/request', g.client.key, {
        projectIdx: g.projectA,
        title: 'Second',
        dueDt: '20260402',
        receiverIdx: g.solo.mip,
      })
    ).json().data as Out;
    const received = await call('GET', `/request?projectIdx=${g.projectA}&box=received`, g.solo.key);
    expect(received.statusCode).toBe(200);
    expect(received.json().data).toMatchObject({
      unreadCount: 2,
      requests: [
        { requestIdx: b.requestIdx, unread: true },
        { requestIdx: a.requestIdx, unread: true },
      ],
    });
    // The default box is "received"; the sender's box has their own, never unread for them.
    expect(
      (await call('GET', `/request?projectIdx=${g.projectA}`, g.solo.key)).json().data.requests,
    ).toHaveLength(2);
    const sent = (await call('GET', `/request?projectIdx=${g.projectA}&box=sent`, g.admin.key)).json().data;
    expect(sent).toMatchObject({ unreadCount: 0, requests: [{ requestIdx: a.requestIdx, unread: false }] });

    // The sender's read does not mark it; the receiver's first read does, once.
    expect((await call('GET', `/request/${a.requestIdx}`, g.admin.key)).json().data.readAt).toBeNull();
    const opened = (await call('GET', `/request/${a.requestIdx}`, g.solo.key)).json().data;
    expect(opened).toMatchObject({ unread: false, readAt: expect.any(String), comments: [] });
    expect(opened.can).toEqual({ edit: false, delete: false, take: true, complete: false, comment: true });
    const again = (await call('GET', `/request/${a.requestIdx}`, g.solo.key)).json().data;
    expect(again.readAt).toBe(opened.readAt);
    const senderView = (await call('GET', `/request/${a.requestIdx}`, g.admin.key)).json().data;
    expect(senderView.can).toEqual({ edit: true, delete: true, take: false, complete: false, comment: true });

    const after = (await call('GET', `/request?projectIdx=${g.projectA}&box=received`, g.solo.key)).json()
      .data;
    expect(after.unreadCount).toBe(1);
    expect(after.requests.find((r: Out) => r.requestIdx === a.requestIdx).unread).toBe(false);

    await call('PATCH', `/request/${a.requestIdx}`, g.solo.key, { status: 'inProgress' });
    const filtered = await call(
      'GET',
      `/request?projectIdx=${g.projectA}&box=received&status=inProgress`,
      g.solo.key,
    );
    expect(filtered.json().data.requests.map((r: Out) => r.requestIdx)).toEqual([a.requestIdx]);

    const badQuery = await call('GET', `/request?projectIdx=${g.projectA}&box=all`, g.solo.key);
    expect(badQuery.statusCode).toBe(400);
    expect((await call('GET', `/request?projectIdx=${g.projectA}&status=done`, g.solo.key)).statusCode).toBe(
      400,
    );
  });

  it('answers a stranger and a member it does not concern like a missing id; admins and the lead see it', async () => {
    const r = await send(f.solo, f.dev);
    for (const who of [f.outsider, f.client]) {
      const res = await call('GET', `/request/${r.requestIdx}`, who.key);
      expect(res.statusCode).toBe(404);
      expect(codeOf(res)).toBe('REQUEST_NOT_FOUND');
    }
    const missing = await call('GET', '/request/2147483647', f.client.key);
    expect(missing.statusCode).toBe(404);
    expect(codeOf(missing)).toBe('REQUEST_NOT_FOUND');
    expect((await call('GET', '/request/2147483648', f.client.key)).statusCode).toBe(400);
    // docs/product/projects-and-membership.md#permission-check: admin authority and the receiver's depth1 lead answer for them; they may read and comment only.
    for (const who of [f.admin, f.lead]) {
      const res = await call('GET', `/request/${r.requestIdx}`, who.key);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.can).toEqual({
        edit: false,
        delete: false,
        take: false,
        complete: false,
        comment: true,
      });
      expect(res.json().data.readAt).toBeNull();
    }
  });
});

describe('PATCH /request/{requestIdx}', () => {
  it('the receiver takes and completes; every other move is 409 with the current status', async () => {
    const r = await send(f.admin, f.dev);
    const patch = (who: Person, body: object) => call('PATCH', `/request/${r.requestIdx}`, who.key, body);
    // Only the receiver moves it: the sender, an admin (here the sender) or the lead get FORBIDDEN.
    for (const who of [f.admin, f.lead]) {
      const res = await patch(who, { status: 'inProgress' });
      expect(res.statusCode).toBe(403);
      expect(codeOf(res)).toBe('FORBIDDEN');
    }
    const skip = await patch(f.dev, { status: 'completed' });
    expect(skip.statusCode).toBe(409);
    expect(skip.json().error).toMatchObject({
      code: 'INVALID_STATUS_TRANSITION',
      details: { status: 'awaiting', requested: 'completed' },
    });
    const taken = await patch(f.dev, { status: 'inProgress' });
    expect(taken.statusCode).toBe(200);
    expect(taken.json().data).toMatchObject({
      status: 'inProgress',
      takenAt: expect.any(String),
      completedAt: null,
    });
    const twice = await patch(f.dev, { status: 'inProgress' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.details).toMatchObject({ status: 'inProgress' });
    expect((await patch(f.dev, { status: 'awaiting' })).statusCode).toBe(409);
    const done = await patch(f.dev, { status: 'completed' });
    expect(done.json().data).toMatchObject({ status: 'completed', completedAt: expect.any(String) });
    for (const status of ['awaiting', 'inProgress', 'completed']) {
      const res = await patch(f.dev, { status });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.details).toMatchObject({ status: 'completed' });
    }
    // Once taken, the sender can neither edit nor withdraw it.
    const edit = await patch(f.admin, { title: 'Later' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error).toMatchObject({
      code: 'REQUEST_NOT_AWAITING',
      details: { status: 'completed' },
    });
    const withdraw = await call('DELETE', `/request/${r.requestIdx}`, f.admin.key);
    expect(withdraw.statusCode).toBe(409);
    expect(codeOf(withdraw)).toBe('REQUEST_NOT_AWAITING');
  });

  it('two takes at once: one wins, the other gets 409', async () => {
    const r = await send(f.admin, f.solo);
    const answers = await Promise.all(
      [0, 1].map(() => call('PATCH', `/request/${r.requestIdx}`, f.solo.key, { status: 'inProgress' })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  });

  it('the sender edits the content while awaiting; the receiver cannot; bad input is refused', async () => {
    const r = await send(f.dev, f.solo);
    const patch = (who: Person, body: object) => call('PATCH', `/request/${r.requestIdx}`, who.key, body);
    const story = (await call('POST', '/story', f.admin.key, { projectIdx: f.projectA, title: 'S2' })).json()
      .data;
    const edited = await patch(f.dev, { title: 'New title', dueDt: '20260501', storyIdx: story.storyIdx });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({
      title: 'New title',
      dueDt: '20260501',
      storyIdx: story.storyIdx,
    });
    expect((await patch(f.dev, { storyIdx: null })).json().data.storyIdx).toBeNull();
    const byReceiver = await patch(f.solo, { title: 'Mine now' });
    expect(byReceiver.statusCode).toBe(403);
    expect(codeOf(byReceiver)).toBe('FORBIDDEN');
    const foreign = (
      await call('POST', '/story', f.outsider.key, { projectIdx: f.projectB, title: 'B' })
    ).json().data;
    const storyElsewhere = await patch(f.dev, { storyIdx: foreign.storyIdx });
    expect(storyElsewhere.statusCode).toBe(400);
    expect(fieldsOf(storyElsewhere)).toEqual({ storyIdx: 'invalid' });
    expect((await patch(f.dev, { title: 'x\u001b' })).statusCode).toBe(400);
    expect((await patch(f.dev, { storyIdx: 2 ** 31 })).statusCode).toBe(400);
    // A move and an edit in one call would need the caller to be both parties.
    const both = await patch(f.solo, { status: 'inProgress', title: 'x' });
    expect(both.statusCode).toBe(400);
    expect(fieldsOf(both)).toEqual({ status: 'invalid' });
    const stranger = await patch(f.outsider, { status: 'inProgress' });
    expect(stranger.statusCode).toBe(404);
    expect(codeOf(stranger)).toBe('REQUEST_NOT_FOUND');
    const notConcerned = await patch(f.client, { title: 'x' });
    expect(codeOf(notConcerned)).toBe('REQUEST_NOT_FOUND');
  });
});

describe('DELETE /request/{requestIdx} and comments', () => {
  it('the sender withdraws an awaiting request; nobody else can', async () => {
    const r = await send(f.client, f.dev);
    const del = (who: Person) => call('DELETE', `/request/${r.requestIdx}`, who.key);
    expect(codeOf(await del(f.dev))).toBe('FORBIDDEN');
    expect(codeOf(await del(f.admin))).toBe('FORBIDDEN');
    expect(codeOf(await del(f.solo))).toBe('REQUEST_NOT_FOUND');
    expect(codeOf(await del(f.outsider))).toBe('REQUEST_NOT_FOUND');
    const ok = await del(f.client);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toEqual({ requestIdx: r.requestIdx });
    expect(codeOf(await call('GET', `/request/${r.requestIdx}`, f.client.key))).toBe('REQUEST_NOT_FOUND');
    expect(codeOf(await del(f.client))).toBe('REQUEST_NOT_FOUND');
  });

  it('parties comment at any status; the detail lists comments oldest first', async () => {
    const r = await send(f.client, f.dev);
    const comment = (who: Person, content: string) =>
      call('POST', `/request/${r.requestIdx}/comment`, who.key, { content });
    const first = await comment(f.dev, '  On it  ');
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({
      requestIdx: r.requestIdx,
      memberInProjectIdx: f.dev.mip,
      content: 'On it',
    });
    await call('PATCH', `/request/${r.requestIdx}`, f.dev.key, { status: 'inProgress' });
    await call('PATCH', `/request/${r.requestIdx}`, f.dev.key, { status: 'completed' });
    expect((await comment(f.client, 'Thanks')).statusCode).toBe(201);
    expect((await comment(f.admin, 'Noted')).statusCode).toBe(201);
    expect(codeOf(await comment(f.solo, 'Me too'))).toBe('REQUEST_NOT_FOUND');
    expect(codeOf(await comment(f.outsider, 'Hi'))).toBe('REQUEST_NOT_FOUND');
    expect(fieldsOf(await comment(f.dev, 'a\u0000'))).toEqual({ content: 'controlCharacters' });
    expect(fieldsOf(await comment(f.dev, '   '))).toEqual({ content: 'required' });
    const detail = (await call('GET', `/request/${r.requestIdx}`, f.client.key)).json().data;
    expect(detail.comments.map((c: { content: string }) => c.content)).toEqual(['On it', 'Thanks', 'Noted']);
    expect(detail.comments[0].nickname).toEqual(expect.any(String));
  });
});

describe('request events', () => {
  it('every change reaches the project’s sockets through the outbox, with ids and states but no text', async () => {
    const watcher = await connect(baseUrl, f.lead.key);
    const outsider = await connect(baseUrl, f.outsider.key);
    try {
      const r = await send(f.admin, f.dev, { title: 'Secret title' });
      await call('PATCH', `/request/${r.requestIdx}`, f.admin.key, { description: 'changed' });
      await call('POST', `/request/${r.requestIdx}/comment`, f.dev.key, { content: 'Secret comment' });
      await call('PATCH', `/request/${r.requestIdx}`, f.dev.key, { status: 'inProgress' });
      const w = await send(f.admin, f.dev);
      await call('DELETE', `/request/${w.requestIdx}`, f.admin.key);
      // A refused change records nothing.
      await call('PATCH', `/request/${r.requestIdx}`, f.admin.key, { title: 'refused' });
      const mine = (type: string, idx: number) =>
        watcher.events.find((e) => e.type === type && e.payload.requestIdx === idx);
      await waitFor(() => !!mine('request.deleted', w.requestIdx));
      const ref = {
        requestIdx: r.requestIdx,
        projectIdx: f.projectA,
        kind: 'general',
        senderIdx: f.admin.mip,
        receiverIdx: f.dev.mip,
      };
      expect(mine('request.created', r.requestIdx)).toMatchObject({
        projectIdx: f.projectA,
        payload: { ...ref, status: 'awaiting' },
      });
      expect(mine('request.updated', r.requestIdx)!.payload).toMatchObject({
        ...ref,
        fields: ['description'],
      });
      expect(mine('request.commented', r.requestIdx)!.payload).toMatchObject({
        ...ref,
        memberInProjectIdx: f.dev.mip,
      });
      expect(mine('request.status_changed', r.requestIdx)!.payload).toMatchObject({
        ...ref,
        status: 'inProgress',
        from: 'awaiting',
      });
      expect(
        watcher.events.filter((e) => e.type === 'request.updated' && e.payload.requestIdx === r.requestIdx),
      ).toHaveLength(1);
      const text = JSON.stringify(watcher.events);
      expect(text).not.toContain('Secret');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(outsider.events).toEqual([]);
    } finally {
      watcher.socket.close();
      outsider.socket.close();
    }
  });
});
