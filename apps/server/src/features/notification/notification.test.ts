import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../db/schema/index.js';
import { api } from '../../test/planning-fixture.js';
import { connect, listen, waitFor } from '../../test/realtime-client.js';
import {
  addToProject,
  createProject,
  mailsSent,
  PASSWORD,
  type TestApp,
  createTestApp,
} from '../../test/test-app.js';
import { DIGEST_JOB } from './notification.module.js';

/**
 * Notifications end to end over real HTTP, a real database and a real SMTP server: every mail the
 * app sends (sign-up links included) is received and parsed here.
 */
describe('notifications', () => {
  const received: ParsedMail[] = [];
  let smtp: SMTPServer;
  let t: TestApp;
  let baseUrl: string;
  const call = () => api(t);
  const mailsTo = (address: string) =>
    received.filter((m) => m.to && !Array.isArray(m.to) && m.to.text === address);

  /** Signs up through the join mail received over SMTP. */
  async function join(email: string, lang: 'en' | 'kr' | 'vi' = 'en') {
    await t.app.inject({ method: 'POST', url: '/api/auth/email', payload: { email, purpose: 'join' } });
    await mailsSent(t.config);
    const text = mailsTo(email).at(-1)?.text ?? '';
    const token = /token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/email/verify',
      payload: { token },
    });
    const joined = await t.app.inject({
      method: 'POST',
      url: '/api/member/join/general',
      payload: {
        verifiedToken: verified.json().data.verifiedToken,
        password: PASSWORD,
        name: 'Tester',
        nickname: email.split('@')[0],
        phone: '01012345678',
      },
    });
    const key = joined.json().data.key as string;
    const me = await call()('GET', '/member', key);
    const memberIdx = me.json().data.memberIdx as number;
    await t.database.db.update(members).set({ lang }).where(eq(members.memberIdx, memberIdx));
    return { key, memberIdx, email };
  }

  /** Everything a change caused: events dispatched, notices made, mails delivered. */
  async function settle() {
    await t.app.ctx.events.idle();
    await mailsSent(t.config);
  }

  let projectIdx: number;
  let admin: Awaited<ReturnType<typeof join>>;
  let bo: Awaited<ReturnType<typeof join>> & { mip: number };
  let cy: Awaited<ReturnType<typeof join>> & { mip: number };
  let client: Awaited<ReturnType<typeof join>> & { mip: number };
  let adminMip: number;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((mail) => {
            received.push(mail);
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    t = await createTestApp({
      config: { smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Teamline <no-reply@teamline.test>' },
    });
    baseUrl = await listen(t);
    admin = await join('ann@example.com');
    const b = await join('bo@example.com', 'kr');
    const c = await join('cy@example.com', 'vi');
    const cl = await join('cl@example.com');
    projectIdx = await createProject(t, admin.key, 'Apollo');
    adminMip = (await t.app.services.projectRepo.findMembership(projectIdx, admin.memberIdx))!
      .memberInProjectIdx;
    bo = { ...b, mip: (await addToProject(t, projectIdx, b.memberIdx, 'depth2')).memberInProjectIdx };
    cy = { ...c, mip: (await addToProject(t, projectIdx, c.memberIdx, 'depth2')).memberInProjectIdx };
    client = { ...cl, mip: (await addToProject(t, projectIdx, cl.memberIdx, 'client')).memberInProjectIdx };
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  const put = (key: string, payload: object) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/member/notification-setting',
      payload,
      headers: { authorization: `Bearer ${key}` },
    });
  const list = async (key: string, query = '') =>
    (await call()('GET', `/notification${query}`, key)).json().data;

  it('tells the newly assigned member in the app, live and by mail in their language, never the actor', async () => {
    const socket = await connect(baseUrl, bo.key);
    try {
      const story = (
        await call()('POST', '/story', admin.key, { projectIdx, title: 'Launch checklist' })
      ).json().data;
      const assigned = await call()('PATCH', `/assignee/${story.storyIdx}`, admin.key, {
        assignees: [adminMip, bo.mip],
      });
      expect(assigned.statusCode).toBe(200);
      await settle();

      const mine = await list(bo.key);
      expect(mine.unreadCount).toBe(1);
      expect(mine.items).toHaveLength(1);
      expect(mine.items[0]).toMatchObject({
        kind: 'storyAssigned',
        projectIdx,
        params: { actor: 'ann', story: 'Launch checklist', project: 'Apollo' },
        link: `/timeline/${projectIdx}?selectedStory=${story.storyIdx}`,
        readAt: null,
      });
      // The actor assigned themselves too, and hears nothing of it.
      expect((await list(admin.key)).items).toEqual([]);
      expect(mailsTo(admin.email).some((m) => m.subject?.includes('Launch checklist'))).toBe(false);

      // Live: the notice reaches only its member's socket.
      await waitFor(() => socket.events.some((e) => e.type === 'notification.created'));
      expect(socket.events.find((e) => e.type === 'notification.created')!.payload).toMatchObject({
        notificationIdx: mine.items[0].notificationIdx,
      });

      // The mail, received by the SMTP server, in Korean with the link into the app.
      const mail = mailsTo(bo.email).find((m) => m.subject?.includes('Launch checklist'));
      expect(mail?.subject).toBe('ann님이 “Launch checklist”의 담당자로 지정했습니다');
      expect(mail?.text).toContain(
        `http://teamline.test/#/timeline/${projectIdx}?selectedStory=${story.storyIdx}`,
      );

      // Changing a field (not the assignees) tells nobody again.
      await call()('PATCH', `/story/${story.storyIdx}`, admin.key, { title: 'Launch list' });
      await settle();
      expect((await list(bo.key)).items).toHaveLength(1);
    } finally {
      socket.socket.close();
    }
  });

  it('respects each member’s preferences per kind and channel', async () => {
    const defaults = (await call()('GET', '/member/notification-setting', cy.key)).json().data;
    expect(defaults.digest).toBe(false);
    expect(defaults.kinds.find((k: { kind: string }) => k.kind === 'storyAssigned')).toEqual({
      kind: 'storyAssigned',
      inApp: true,
      email: true,
    });
    const saved = await put(cy.key, {
      kinds: [
        { kind: 'storyAssigned', inApp: true, email: false },
        { kind: 'storyCommented', inApp: false, email: false },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.kinds.find((k: { kind: string }) => k.kind === 'storyCommented')).toMatchObject({
      inApp: false,
    });
    const story = (await call()('POST', '/story', admin.key, { projectIdx, title: 'Quiet story' })).json()
      .data;
    await call()('PATCH', `/assignee/${story.storyIdx}`, admin.key, { assignees: [cy.mip, bo.mip] });
    await call()('POST', `/story/${story.storyIdx}/comment`, admin.key, { content: 'Looks good' });
    await settle();

    const cyItems = (await list(cy.key)).items.map((n: { kind: string }) => n.kind);
    expect(cyItems).toEqual(['storyAssigned']);
    expect(mailsTo(cy.email).filter((m) => m.subject?.includes('Quiet story'))).toHaveLength(0);
    // Bo kept the defaults: assigned and commented in the app, the assignment also by mail.
    const boKinds = (await list(bo.key)).items.map((n: { kind: string }) => n.kind);
    expect(boKinds.slice(0, 2)).toEqual(['storyCommented', 'storyAssigned']);
    expect(mailsTo(bo.email).filter((m) => m.subject?.includes('Quiet story'))).toHaveLength(1);

    const bad = await put(cy.key, {
      kinds: [{ kind: 'noSuchKind', inApp: true, email: true }],
    });
    expect(bad.statusCode).toBe(400);
  });

  it('lets nobody read or mark another member’s notices, and pages with a cursor', async () => {
    const bos = await list(bo.key);
    expect(bos.items.length).toBeGreaterThanOrEqual(3);
    const ids = bos.items.map((n: { notificationIdx: number }) => n.notificationIdx);
    // Cy's list never shows Bo's notices, and marking Bo's ids changes nothing.
    const cys = await list(cy.key);
    expect(cys.items.every((n: { notificationIdx: number }) => !ids.includes(n.notificationIdx))).toBe(true);
    const foreign = await call()('POST', '/notification/read', cy.key, { ids });
    expect(foreign.statusCode).toBe(200);
    expect(foreign.json().data.updated).toBe(0);
    expect((await list(bo.key)).unreadCount).toBe(bos.unreadCount);
    expect((await call()('GET', '/notification')).statusCode).toBe(401);
    expect((await call()('POST', '/notification/read', bo.key, {})).statusCode).toBe(400);

    const first = await list(bo.key, '?limit=2');
    expect(first.items).toHaveLength(2);
    const rest = await list(bo.key, `?limit=2&cursor=${first.nextCursor}`);
    expect(rest.items[0].notificationIdx).toBeLessThan(first.items[1].notificationIdx);

    const one = await call()('POST', '/notification/read', bo.key, { ids: [ids[0]] });
    expect(one.json().data).toEqual({ updated: 1, unreadCount: bos.unreadCount - 1 });
    const all = await call()('POST', '/notification/read', bo.key, { all: true });
    expect(all.json().data.unreadCount).toBe(0);
    expect((await list(bo.key, '?unreadOnly=true')).items).toEqual([]);
  });

  it('makes one notice and one mail per event and member however often it is delivered', async () => {
    const input = {
      memberIdxs: [bo.memberIdx, bo.memberIdx, admin.memberIdx],
      projectIdx,
      kind: 'webhookDisabled' as const,
      params: { project: 'Apollo', webhook: 'Ops channel', status: 410 },
      link: '/setting',
      eventIdx: 900_001,
      actorIdx: null,
    };
    const before = mailsTo(bo.email).length;
    expect(await t.app.services.notification.notify(input)).toHaveLength(2);
    expect(await t.app.services.notification.notify(input)).toEqual([]);
    await settle();
    const notices = (await list(bo.key)).items.filter((n: { kind: string }) => n.kind === 'webhookDisabled');
    expect(notices).toHaveLength(1);
    expect(mailsTo(bo.email).length - before).toBe(1);
    expect(mailsTo(bo.email).at(-1)?.text).toContain('Ops channel');
    expect(await t.app.services.notification.adminsOf(projectIdx)).toEqual([admin.memberIdx]);
  });

  it('tells a request’s sender when the receiver takes it and completes it, never the receiver', async () => {
    const sent = await call()('POST', '/request', bo.key, {
      projectIdx,
      title: 'Review the invoice',
      dueDt: '20261231',
      receiverIdx: cy.mip,
    });
    expect(sent.statusCode).toBe(201);
    const requestIdx = sent.json().data.requestIdx as number;
    await settle();
    const cyBefore = (await list(cy.key)).items.length;
    /** The receiver's move, then the sender's newest notice. */
    const moveAndReadSenders = async (status: 'inProgress' | 'completed') => {
      const moved = await call()('PATCH', `/request/${requestIdx}`, cy.key, { status });
      expect(moved.statusCode).toBe(200);
      await settle();
      return (await list(bo.key)).items[0];
    };

    expect(await moveAndReadSenders('inProgress')).toMatchObject({
      kind: 'requestTaken',
      projectIdx,
      params: { actor: 'cy', request: 'Review the invoice', project: 'Apollo' },
      link: `/request/${projectIdx}`,
    });
    // Taken is told in the app only (the catalogue's default), so no mail yet.
    expect(mailsTo(bo.email).some((m) => m.subject?.includes('Review the invoice'))).toBe(false);

    expect(await moveAndReadSenders('completed')).toMatchObject({
      kind: 'requestCompleted',
      params: { actor: 'cy', request: 'Review the invoice' },
    });
    // Completed also by mail, in the sender's language (Korean).
    const mail = mailsTo(bo.email).find((m) => m.subject?.includes('Review the invoice'));
    expect(mail?.subject).toBe('cy님이 “Review the invoice” 요청을 완료했습니다');
    // The receiver acted and hears nothing of their own moves.
    expect((await list(cy.key)).items.length).toBe(cyBefore);
  });

  it('collects mails for the daily digest when a member chose it', async () => {
    await put(client.key, { digest: true });
    const m = (await call()('POST', '/milestone', admin.key, { projectIdx, title: 'Beta' })).json().data;
    const asked = await call()('PATCH', `/milestone/approved/${m.milestoneIdx}`, admin.key, {
      action: 'request',
    });
    expect(asked.statusCode).toBe(200);
    await settle();
    // In the app at once, but no mail yet.
    expect((await list(client.key)).items[0]).toMatchObject({
      kind: 'milestoneApprovalRequested',
      params: { milestone: 'Beta', actor: 'ann' },
    });
    expect(mailsTo(client.email).filter((x) => x.subject?.includes('notification'))).toHaveLength(0);
    expect(mailsTo(client.email).some((x) => x.subject?.includes('Beta'))).toBe(false);

    await t.app.ctx.jobs.send(DIGEST_JOB, {});
    await t.app.ctx.jobs.idle(DIGEST_JOB);
    await mailsSent(t.config);
    const digest = mailsTo(client.email).filter((x) => x.subject === 'Teamline: 1 new notification');
    expect(digest).toHaveLength(1);
    expect(digest[0]!.text).toContain('ann asks you to approve “Beta”');
    // A second run has nothing left to send.
    await t.app.ctx.jobs.send(DIGEST_JOB, {});
    await t.app.ctx.jobs.idle(DIGEST_JOB);
    await mailsSent(t.config);
    expect(mailsTo(client.email).filter((x) => x.subject?.startsWith('Teamline: '))).toHaveLength(1);
  });
});
