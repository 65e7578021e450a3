import type { Settlement } from '@teamline/contract';
import { asc, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEvents } from '../../db/schema/index.js';
import { planningFixture, type PlanningFixture } from '../../test/planning-fixture.js';
import { settlementKit, type SettlementKit } from '../../test/settlement-fixture.js';
import { bearer, createTestApp, latestMail, latestMailAbout, type TestApp } from '../../test/test-app.js';
import { AUTO_APPROVE_JOB, AUTO_APPROVE_NOTICE_JOB } from './settlement.jobs.js';

const eventsOf = async (t: TestApp, settlementIdx: number) =>
  (
    await t.database.db
      .select()
      .from(domainEvents)
      .where(like(domainEvents.name, 'settlement.%'))
      .orderBy(asc(domainEvents.eventIdx))
  )
    .filter((e) => (e.payload as { settlementIdx: number }).settlementIdx === settlementIdx)
    .map((e) => ({ name: e.name, payload: e.payload as Record<string, unknown> }));

/** A submitted settlement of a fresh professional (month by counter, so months never collide). */
async function submitted(k: SettlementKit, m: string) {
  const pro = await k.professional();
  const contractIdx = await k.contractFor(pro, { startDt: `${m}01`, endDt: `${m}28` });
  await k.logTime(pro, `${m}03`, 60);
  const { settlementIdx } = await k.settlementOf(contractIdx, m);
  const s = await k.moved(pro, settlementIdx, 'submit');
  return { pro, settlementIdx, submittedAt: s.submittedAt!, autoApproveAt: s.autoApproveAt! };
}

describe('auto-approval handlers (default 7 days: the jobs wait, the test runs the work itself)', () => {
  let t: TestApp;
  let f: PlanningFixture;
  let k: SettlementKit;
  beforeAll(async () => {
    t = await createTestApp();
    f = await planningFixture(t, 'sj');
    k = settlementKit(t, f, 'sj');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a submission schedules the approval at autoApproveAt and the notice a day before, once', async () => {
    const s = await submitted(k, '201701');
    await t.app.ctx.events.idle();
    type JobRow = { name: string; singleton_key: string; start_after: Date; data: unknown };
    const jobs = async () => {
      const result: unknown = await t.database.db.execute(
        sql`select name, singleton_key, start_after, data from pgboss.job where name in (${AUTO_APPROVE_JOB}, ${AUTO_APPROVE_NOTICE_JOB}) and data->>'settlementIdx' = ${String(s.settlementIdx)} order by name`,
      );
      return (result as { rows: JobRow[] }).rows;
    };
    const rows = await jobs();
    expect(rows.map((r) => r.name)).toEqual([AUTO_APPROVE_JOB, AUTO_APPROVE_NOTICE_JOB]);
    const key = `${s.settlementIdx}:${s.submittedAt}`;
    expect(rows.map((r) => r.singleton_key)).toEqual([key, key]);
    expect(new Date(rows[0]!.start_after).toISOString()).toBe(s.autoApproveAt);
    expect(new Date(rows[1]!.start_after).getTime()).toBe(Date.parse(s.autoApproveAt) - 86_400_000);
    expect(rows[0]!.data).toEqual({
      projectIdx: f.projectA,
      settlementIdx: s.settlementIdx,
      submittedAt: s.submittedAt,
    });
    // The same submission scheduled again (a redelivered event) queues nothing new.
    const data = rows[0]!.data as object;
    expect(await t.app.ctx.jobs.send(AUTO_APPROVE_JOB, data, { singletonKey: key })).toBeNull();
    expect(await jobs()).toHaveLength(2);
  });

  it('running the approval twice approves once: decidedByIdx null, autoApproved, event automatic', async () => {
    const s = await submitted(k, '201702');
    const service = t.app.services.settlement;
    expect(await service.autoApproveNotice(s.settlementIdx, s.submittedAt)).toBe(true);
    expect(await service.autoApproveNotice(s.settlementIdx, s.submittedAt)).toBe(false);
    expect(await service.autoApprove(s.settlementIdx, s.submittedAt)).toBe(true);
    expect(await service.autoApprove(s.settlementIdx, s.submittedAt)).toBe(false);
    expect(await service.autoApproveNotice(s.settlementIdx, s.submittedAt)).toBe(false);
    const after = (await k.one(f.client, s.settlementIdx)).json().data as Settlement;
    expect(after).toMatchObject({
      status: 'approved',
      decidedByIdx: null,
      autoApproved: true,
      grossAmount: 60_000,
    });
    expect(after.history!.at(-1)).toMatchObject({
      fromStatus: 'submitted',
      toStatus: 'approved',
      actorIdx: null,
    });
    const events = await eventsOf(t, s.settlementIdx);
    expect(events.map((e) => e.name)).toEqual([
      'settlement.submitted',
      'settlement.auto_approve_due',
      'settlement.approved',
    ]);
    expect(events[1]!.payload).toMatchObject({
      autoApproveAt: s.autoApproveAt,
      actorIdx: null,
      status: 'submitted',
    });
    expect(events[2]!.payload).toMatchObject({
      automatic: true,
      actorIdx: null,
      from: 'submitted',
      status: 'approved',
    });
  });

  it('the notice mails every client and admin a day before, in their language, never the professional', async () => {
    const s = await submitted(k, '201703');
    await t.app.inject({
      method: 'PATCH',
      url: '/api/member',
      headers: bearer(f.admin.key),
      payload: { lang: 'kr' },
    });
    expect(await t.app.services.settlement.autoApproveNotice(s.settlementIdx, s.submittedAt)).toBe(true);
    await t.app.ctx.events.idle();
    const day = new Date(s.autoApproveAt);
    const client = await latestMailAbout(t.config, f.client.email, 'Mar 2017');
    expect(client?.subject).toBe(
      `Tester’s settlement for Mar 2017 is approved automatically on ${new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(day)}`,
    );
    expect(client?.text).toContain(`/#/calculate/client/${f.projectA}?month=201703`);
    const admin = await latestMailAbout(t.config, f.admin.email, '2017.03');
    expect(admin?.subject).toContain('2017.03 정산');
    expect(await latestMailAbout(t.config, s.pro.email, '2017')).toBeNull();
    expect(await latestMail(t.config, f.dev.email)).toMatchObject({ count: 1 }); // the sign-up mail only
  });

  it('a job of an earlier submission, or of a settlement answered meanwhile, does nothing', async () => {
    const s = await submitted(k, '201703');
    const service = t.app.services.settlement;
    await k.moved(f.client, s.settlementIdx, 'return');
    expect(await service.autoApprove(s.settlementIdx, s.submittedAt)).toBe(false);
    t.clock.advanceMinutes(1);
    const again = await k.moved(s.pro, s.settlementIdx, 'submit');
    t.clock.reset();
    expect(again.submittedAt).not.toBe(s.submittedAt);
    expect(await service.autoApprove(s.settlementIdx, s.submittedAt)).toBe(false);
    expect(await service.autoApproveNotice(s.settlementIdx, s.submittedAt)).toBe(false);
    await k.moved(f.client, s.settlementIdx, 'approve');
    expect(await service.autoApprove(s.settlementIdx, again.submittedAt!)).toBe(false);
    const after = (await k.one(f.client, s.settlementIdx)).json().data as Settlement;
    expect(after).toMatchObject({ status: 'approved', decidedByIdx: f.client.mip, autoApproved: false });
    expect(await service.autoApprove(999_999, s.submittedAt)).toBe(false);
  });
});

describe('auto-approval through pg-boss (a two-second approval delay)', () => {
  let t: TestApp;
  let f: PlanningFixture;
  let k: SettlementKit;
  beforeAll(async () => {
    t = await createTestApp({ config: { settlementAutoApproveDays: 2 / 86_400 } });
    f = await planningFixture(t, 'sq');
    k = settlementKit(t, f, 'sq');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the queued job approves the settlement when its time comes, and the notice goes first', async () => {
    const s = await submitted(k, '201704');
    expect(Date.parse(s.autoApproveAt) - Date.parse(s.submittedAt)).toBe(2000);
    const until = Date.now() + 20_000;
    let status = 'submitted';
    while (status === 'submitted' && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      status = ((await k.one(f.admin, s.settlementIdx)).json().data as Settlement).status;
    }
    expect(status).toBe('approved');
    await t.app.ctx.events.idle();
    const names = (await eventsOf(t, s.settlementIdx)).map((e) => e.name);
    expect(names).toEqual(['settlement.submitted', 'settlement.auto_approve_due', 'settlement.approved']);
  }, 30_000);
});
