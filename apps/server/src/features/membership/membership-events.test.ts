import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, planningFixture } from '../../test/planning-fixture.js';
import { connect, listen, waitFor, type ReceivedEvent } from '../../test/realtime-client.js';
import { createTestApp, latestLink, PASSWORD, signUp, type TestApp } from '../../test/test-app.js';
import { wsText } from '../../shared/ws-text.js';

/**
 * Member changes record `member.*` events in their transaction; the outbox hands them to the
 * realtime consumer after the commit, which pushes them to the sockets of the project's members.
 */
describe('member events on the socket', () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp();
    baseUrl = await listen(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('joined, updated, removed and withdrawal arrive after the commit; a refused change sends nothing', async () => {
    const f = await planningFixture(t, 'mev');
    const call = api(t);
    const repo = t.app.services.membershipRepo;
    const watcher = await connect(baseUrl, f.admin.key);
    const outsider = await connect(baseUrl, f.outsider.key);
    // What the database says when each event arrives: the change must already be committed.
    const seen: { type: string; idx: number; active: boolean; role?: string }[] = [];
    watcher.socket.on('message', (raw) => {
      const event = JSON.parse(wsText(raw)) as ReceivedEvent;
      if (!event.type.startsWith('member.')) return;
      const idx = event.payload.memberInProjectIdx as number;
      void repo
        .findActive(event.projectIdx, [idx])
        .then(([row]) => seen.push({ type: event.type, idx, active: !!row, role: row?.role }));
    });
    const member = (type: string, idx: number) => (e: ReceivedEvent) =>
      e.type === type && e.payload.memberInProjectIdx === idx;
    try {
      const updated = await call('PATCH', `/member-in-project/${f.solo.mip}`, f.admin.key, {
        role: 'depth1',
      });
      expect(updated.statusCode).toBe(200);
      await waitFor(() => watcher.events.some(member('member.updated', f.solo.mip)));
      const event = watcher.events.find(member('member.updated', f.solo.mip))!;
      expect(event).toMatchObject({ projectIdx: f.projectA, payload: updated.json().data });
      // It came through the outbox (the realtime consumer adds the event's id).
      expect((event as unknown as { eventIdx: unknown }).eventIdx).toEqual(expect.any(Number));
      await waitFor(() => seen.some((s) => s.type === 'member.updated' && s.idx === f.solo.mip));
      expect(seen.find((s) => s.type === 'member.updated')).toMatchObject({ active: true, role: 'depth1' });

      // Refused (last admin): the transaction rolls back with its event.
      const refused = await call('PATCH', `/member-in-project/${f.admin.mip}`, f.admin.key, {
        role: 'depth2',
      });
      expect(refused.json().error.code).toBe('LAST_ADMIN');

      expect((await call('DELETE', `/member-in-project/${f.client.mip}`, f.admin.key)).statusCode).toBe(200);
      await waitFor(() => seen.some((s) => s.type === 'member.removed' && s.idx === f.client.mip));
      expect(watcher.events.find(member('member.removed', f.client.mip))!.payload).toEqual({
        memberInProjectIdx: f.client.mip,
        memberIdx: f.client.memberIdx,
      });
      expect(seen.find((s) => s.idx === f.client.mip)).toMatchObject({ active: false });

      await call('POST', '/member-in-project/invite', f.admin.key, {
        projectIdx: f.projectA,
        email: 'mev-newcomer@example.com',
        role: 'depth2',
      });
      const { token } = await latestLink(t.config, 'mev-newcomer@example.com');
      const newcomer = await signUp(t, 'mev-newcomer@example.com');
      const accepted = await call('POST', '/member-in-project/invite/accept', newcomer.key, { token });
      const joinedIdx = accepted.json().data.memberInProjectIdx as number;
      await waitFor(() => seen.some((s) => s.type === 'member.joined' && s.idx === joinedIdx));
      expect(watcher.events.find(member('member.joined', joinedIdx))!.payload).toEqual({
        memberInProjectIdx: joinedIdx,
        memberIdx: newcomer.memberIdx,
      });
      expect(seen.find((s) => s.idx === joinedIdx)).toMatchObject({ active: true, role: 'depth2' });

      // Withdrawal of the lead: removed from the project, their team detached, one event.
      expect((await call('DELETE', '/member', f.lead.key, { password: PASSWORD })).statusCode).toBe(200);
      await waitFor(() => seen.some((s) => s.type === 'member.removed' && s.idx === f.lead.mip));
      expect(seen.find((s) => s.idx === f.lead.mip)).toMatchObject({ active: false });
      expect((await repo.findActive(f.projectA, [f.dev.mip]))[0]).toMatchObject({ depth1Idx: null });

      // Nothing for the refused change, nothing for another project's member.
      await new Promise((r) => setTimeout(r, 200));
      expect(watcher.events.filter((e) => e.payload.memberInProjectIdx === f.admin.mip)).toEqual([]);
      expect(watcher.events.filter((e) => e.type.startsWith('member.')).map((e) => e.type)).toEqual([
        'member.updated',
        'member.removed',
        'member.joined',
        'member.removed',
      ]);
      // The outsider hears nothing of project A (its own project's creation, from the fixture, may
      // still be on its way through the outbox when it connects).
      expect(outsider.events.filter((e) => e.projectIdx === f.projectA)).toEqual([]);
    } finally {
      watcher.socket.close();
      outsider.socket.close();
    }
  });
});
