import type { Contract } from '@teamline/contract';
import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts, domainEvents, requests } from '../../db/schema/index.js';
import { api, planningFixture, type PlanningFixture, type Person } from '../../test/planning-fixture.js';
import { addToProject, createTestApp, signUp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let f: PlanningFixture;
let call: ReturnType<typeof api>;
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
  f = await planningFixture(t, 'ct');
  call = api(t);
});
afterAll(async () => {
  await t?.close();
});

/** A fresh professional of project A (so each test has its own running-contract slot). */
async function professional(role: 'depth1' | 'depth2' = 'depth2', lead?: Person): Promise<Person> {
  const s = await signUp(t, `ct-pro${++n}@example.com`);
  const row = await addToProject(t, f.projectA, s.memberIdx, role, lead ? { depth1Idx: lead.mip } : {});
  return { ...s, mip: row.memberInProjectIdx };
}
const terms = (to: Person, extra: object = {}) => ({
  projectIdx: f.projectA,
  memberInProjectIdx: to.mip,
  dailyRate: 450_000,
  currency: 'KRW',
  startDt: '20260101',
  scope: 'Backend work\nAPI and database',
  withholdingRateBp: 330,
  ...extra,
});
const offer = async (from: Person, to: Person, extra: object = {}) => {
  const res = await call('POST', '/contract', from.key, terms(to, extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { contractIdx: number; requestIdx: number; status: string; endDt: string | null };
};
const move = (who: Person, contractIdx: number, to: 'accept' | 'decline' | 'end', body?: object) =>
  call(
    'POST',
    `/contract/${contractIdx}/${to}`,
    who.key,
    body ?? (to === 'decline' ? { reason: 'Busy' } : undefined),
  );
const codeOf = (res: { json(): { error: { code: string } } }) => res.json().error.code;
const fieldsOf = (res: { json(): { error: { fieldErrors?: Record<string, string> } } }) =>
  res.json().error.fieldErrors;
const db = () => t.database.db;
const countContracts = async () => (await db().select().from(contracts)).length;
const countContractRequests = async () =>
  (await db().select().from(requests).where(eq(requests.kind, 'contract'))).length;
const eventsOf = async (contractIdx: number) =>
  (
    await db()
      .select()
      .from(domainEvents)
      .where(like(domainEvents.name, 'contract.%'))
      .orderBy(asc(domainEvents.eventIdx))
  )
    .filter((e) => (e.payload as { contractIdx: number }).contractIdx === contractIdx)
    .map((e) => ({ name: e.name, payload: e.payload }));
const todayCode = () => new Date().toISOString().slice(0, 10).replaceAll('-', '');

describe('POST /contract (an offer)', () => {
  it('creates the contract and its request of kind contract in one go, with the terms copied', async () => {
    const pro = await professional();
    const c = await offer(f.client, pro);
    expect(c).toMatchObject({
      projectIdx: f.projectA,
      memberInProjectIdx: pro.mip,
      dailyRate: 450_000,
      currency: 'KRW',
      startDt: '20260101',
      endDt: null,
      scope: 'Backend work\nAPI and database',
      withholdingRateBp: 330,
      status: 'awaiting',
      offeredByIdx: f.client.mip,
      declineReason: null,
    });
    const request = (await call('GET', `/request/${c.requestIdx}`, pro.key)).json().data;
    expect(request).toMatchObject({
      kind: 'contract',
      status: 'awaiting',
      senderIdx: f.client.mip,
      receiverIdx: pro.mip,
      title: 'Backend work',
      dueDt: '20260101',
    });
    // Answered through the contract calls only.
    expect(request.can).toMatchObject({ take: false, complete: false, edit: false, delete: false });
    expect(await eventsOf(c.contractIdx)).toEqual([
      {
        name: 'contract.offered',
        payload: {
          contractIdx: c.contractIdx,
          projectIdx: f.projectA,
          memberInProjectIdx: pro.mip,
          requestIdx: c.requestIdx,
          status: 'awaiting',
          offeredByIdx: f.client.mip,
        },
      },
    ]);
  });

  it('an admin offers too, in USD cents with an end date; withholding defaults to 0', async () => {
    const pro = await professional('depth1');
    const c = await offer(f.admin, pro, {
      currency: 'USD',
      dailyRate: 40_050,
      endDt: '20260630',
      withholdingRateBp: undefined,
    });
    expect(c).toMatchObject({ currency: 'USD', dailyRate: 40_050, endDt: '20260630', withholdingRateBp: 0 });
  });

  it('refuses bad input with stable codes and saves nothing', async () => {
    const pro = await professional();
    const other = await signUp(t, `ct-b${++n}@example.com`);
    const inB = await addToProject(t, f.projectB, other.memberIdx, 'depth2');
    const before = [await countContracts(), await countContractRequests()];
    const post = (body: object, who: Person = f.client) =>
      call('POST', '/contract', who.key, terms(pro, body));
    const bad: [object, string, string][] = [
      [{ dailyRate: -1 }, 'dailyRate', 'moneyAmount'],
      [{ dailyRate: 0 }, 'dailyRate', 'moneyAmount'],
      [{ dailyRate: 1000.5 }, 'dailyRate', 'moneyAmount'],
      [{ dailyRate: 2 ** 31 }, 'dailyRate', 'moneyAmount'],
      [{ currency: 'EUR' }, 'currency', 'invalid'],
      [{ startDt: '20260230' }, 'startDt', 'dateFormat'],
      [{ endDt: '20251231' }, 'endDt', 'endBeforeStart'],
      [{ withholdingRateBp: -1 }, 'withholdingRateBp', 'withholdingRange'],
      [{ withholdingRateBp: 10_001 }, 'withholdingRateBp', 'withholdingRange'],
      [{ withholdingRateBp: 3.3 }, 'withholdingRateBp', 'withholdingRange'],
      [{ scope: '  ' }, 'scope', 'required'],
      [{ scope: 'a\u0000' }, 'scope', 'controlCharacters'],
      [{ memberInProjectIdx: f.client.mip }, 'memberInProjectIdx', 'contractToProfessional'],
      [{ memberInProjectIdx: f.admin.mip }, 'memberInProjectIdx', 'requestToSelf'],
      [{ memberInProjectIdx: inB.memberInProjectIdx }, 'memberInProjectIdx', 'invalid'],
      [{ memberInProjectIdx: 999_999 }, 'memberInProjectIdx', 'invalid'],
    ];
    for (const [body, field, key] of bad) {
      const res = await post(body, f.admin);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(codeOf(res)).toBe('VALIDATION_FAILED');
      expect(fieldsOf(res), JSON.stringify(body)).toEqual({ [field]: key });
    }
    // Offering to the other admin role is refused too: contracts go to depth1/depth2.
    const admin2 = await signUp(t, `ct-a${++n}@example.com`);
    const a2 = await addToProject(t, f.projectA, admin2.memberIdx, 'admin');
    expect(fieldsOf(await post({ memberInProjectIdx: a2.memberInProjectIdx }))).toEqual({
      memberInProjectIdx: 'contractToProfessional',
    });
    expect([await countContracts(), await countContractRequests()]).toEqual(before);
  });

  it('only the hiring side offers: professionals get ADMIN_OR_CLIENT_ONLY, strangers PROJECT_ACCESS_DENIED', async () => {
    const pro = await professional();
    for (const who of [f.lead, f.dev, f.solo]) {
      const res = await call('POST', '/contract', who.key, terms(pro));
      expect(res.statusCode).toBe(403);
      expect(codeOf(res)).toBe('ADMIN_OR_CLIENT_ONLY');
    }
    expect(codeOf(await call('POST', '/contract', f.outsider.key, terms(pro)))).toBe('PROJECT_ACCESS_DENIED');
  });

  it('one running contract per member and project: a second offer is 409 until the first is over', async () => {
    const pro = await professional();
    const first = await offer(f.client, pro, { endDt: '20260630' });
    const again = await call('POST', '/contract', f.admin.key, terms(pro));
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'CONTRACT_ALREADY_RUNNING',
      details: { contractIdx: first.contractIdx, status: 'awaiting' },
    });
    expect((await move(pro, first.contractIdx, 'accept')).statusCode).toBe(200);
    expect(codeOf(await call('POST', '/contract', f.client.key, terms(pro)))).toBe(
      'CONTRACT_ALREADY_RUNNING',
    );
    expect((await move(f.client, first.contractIdx, 'end')).statusCode).toBe(200);
    // A new rate is a new contract from a date.
    const second = await offer(f.client, pro, { dailyRate: 500_000, startDt: '20260701' });
    expect((await move(pro, second.contractIdx, 'decline')).statusCode).toBe(200);
    await offer(f.client, pro, { dailyRate: 480_000, startDt: '20260701' });
  });

  it('periods of one member may not overlap: 409 CONTRACT_PERIOD_OVERLAP, declined offers aside', async () => {
    const pro = await professional();
    const first = await offer(f.client, pro, { startDt: '20250101', endDt: '20250630' });
    await move(pro, first.contractIdx, 'accept');
    await move(f.client, first.contractIdx, 'end');
    const overlapping = async (extra: object) => {
      const res = await call('POST', '/contract', f.admin.key, terms(pro, extra));
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error).toMatchObject({
        code: 'CONTRACT_PERIOD_OVERLAP',
        details: { contractIdx: first.contractIdx, startDt: '20250101', endDt: '20250630' },
      });
    };
    // The completed contract keeps its period: the same last day, an open end before it, one inside.
    await overlapping({ startDt: '20250630' });
    await overlapping({ startDt: '20241201', endDt: '20250101' });
    await overlapping({ startDt: '20241201' });
    await overlapping({ startDt: '20250301', endDt: '20250310' });
    const count = await countContracts();
    // Before it and after it are fine; a declined offer holds no period.
    const before = await offer(f.client, pro, { startDt: '20241201', endDt: '20241231' });
    await move(pro, before.contractIdx, 'decline');
    const declinedAgain = await offer(f.client, pro, { startDt: '20241201', endDt: '20241231' });
    await move(pro, declinedAgain.contractIdx, 'decline');
    const after = await offer(f.client, pro, { startDt: '20250701' });
    expect(await countContracts()).toBe(count + 3);
    // Ending an open-ended contract sets its end date, which then counts like any other.
    await move(pro, after.contractIdx, 'accept');
    const ended = (await move(f.client, after.contractIdx, 'end')).json().data;
    expect(ended.endDt).toBe(todayCode() < '20250701' ? '20250701' : todayCode());
    const res = await call('POST', '/contract', f.client.key, terms(pro, { startDt: ended.endDt }));
    expect(res.json().error).toMatchObject({
      code: 'CONTRACT_PERIOD_OVERLAP',
      details: { contractIdx: after.contractIdx },
    });
  });

  it('two offers at once to one member give one contract and one 409', async () => {
    const pro = await professional();
    const answers = await Promise.all([
      call('POST', '/contract', f.client.key, terms(pro)),
      call('POST', '/contract', f.admin.key, terms(pro)),
      call('POST', '/contract', f.client.key, terms(pro, { dailyRate: 1 })),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const rows = await db().select().from(contracts).where(eq(contracts.memberInProjectIdx, pro.mip));
    expect(rows).toHaveLength(1);
    const reqs = await db()
      .select()
      .from(requests)
      .where(and(eq(requests.kind, 'contract'), eq(requests.receiverIdx, pro.mip)));
    expect(reqs).toHaveLength(1);
  });
});

describe('contract moves', () => {
  it('accept → inProgress, then end → completed with the end date set; request and events follow', async () => {
    const pro = await professional();
    const c = await offer(f.client, pro);
    const accepted = await move(pro, c.contractIdx, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data.status).toBe('inProgress');
    expect((await call('GET', `/request/${c.requestIdx}`, pro.key)).json().data).toMatchObject({
      status: 'inProgress',
      takenAt: expect.any(String),
    });
    const ended = await move(f.admin, c.contractIdx, 'end');
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().data).toMatchObject({ status: 'completed', endDt: todayCode() });
    expect((await call('GET', `/request/${c.requestIdx}`, pro.key)).json().data).toMatchObject({
      status: 'completed',
      completedAt: expect.any(String),
    });
    const ref = { contractIdx: c.contractIdx, requestIdx: c.requestIdx, memberInProjectIdx: pro.mip };
    expect(await eventsOf(c.contractIdx)).toEqual([
      { name: 'contract.offered', payload: expect.objectContaining({ ...ref, status: 'awaiting' }) },
      { name: 'contract.accepted', payload: expect.objectContaining({ ...ref, status: 'inProgress' }) },
      {
        name: 'contract.ended',
        payload: expect.objectContaining({ ...ref, status: 'completed', endedByIdx: f.admin.mip }),
      },
    ]);
  });

  it('ending keeps an end date already agreed', async () => {
    const pro = await professional();
    const c = await offer(f.admin, pro, { endDt: '20261231' });
    await move(pro, c.contractIdx, 'accept');
    const ended = await move(f.client, c.contractIdx, 'end');
    expect(ended.json().data).toMatchObject({ status: 'completed', endDt: '20261231' });
  });

  it('decline → rejected with the reason; the reason stays out of events', async () => {
    const pro = await professional();
    const c = await offer(f.client, pro);
    expect(fieldsOf(await move(pro, c.contractIdx, 'decline', { reason: ' ' }))).toEqual({
      reason: 'required',
    });
    expect(fieldsOf(await move(pro, c.contractIdx, 'decline', {}))).toEqual({ reason: 'required' });
    const declined = await move(pro, c.contractIdx, 'decline', { reason: 'Secret: rate too low' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().data).toMatchObject({ status: 'rejected', declineReason: 'Secret: rate too low' });
    expect((await call('GET', `/request/${c.requestIdx}`, pro.key)).json().data.status).toBe('rejected');
    const events = await eventsOf(c.contractIdx);
    expect(events.map((e) => e.name)).toEqual(['contract.offered', 'contract.declined']);
    expect(JSON.stringify(events)).not.toContain('Secret');
  });

  it('a move in the wrong state is 409 with the current state, and changes nothing', async () => {
    const pro = await professional();
    const c = await offer(f.client, pro);
    const early = await move(f.client, c.contractIdx, 'end');
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toMatchObject({
      code: 'INVALID_STATUS_TRANSITION',
      details: { status: 'awaiting', requested: 'completed' },
    });
    await move(pro, c.contractIdx, 'accept');
    for (const to of ['accept', 'decline'] as const) {
      const res = await move(pro, c.contractIdx, to);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.details).toMatchObject({ status: 'inProgress' });
    }
    await move(f.client, c.contractIdx, 'end');
    const after = await move(f.client, c.contractIdx, 'end');
    expect(after.json().error.details).toMatchObject({ status: 'completed', requested: 'completed' });
    expect((await eventsOf(c.contractIdx)).map((e) => e.name)).toEqual([
      'contract.offered',
      'contract.accepted',
      'contract.ended',
    ]);
  });

  it('two accepts at once: one 200, one 409', async () => {
    const pro = await professional();
    const c = await offer(f.client, pro);
    const answers = await Promise.all([
      move(pro, c.contractIdx, 'accept'),
      move(pro, c.contractIdx, 'accept'),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('only the professional answers; who sees it but is not them gets 403, others learn nothing', async () => {
    const pro = await professional('depth2', f.lead);
    const c = await offer(f.client, pro);
    expect(codeOf(await move(f.client, c.contractIdx, 'accept'))).toBe('PROFESSIONAL_ONLY');
    expect(codeOf(await move(f.admin, c.contractIdx, 'accept'))).toBe('FORBIDDEN');
    expect(codeOf(await move(f.lead, c.contractIdx, 'decline'))).toBe('FORBIDDEN');
    for (const who of [f.solo, f.dev, f.outsider]) {
      const res = await move(who, c.contractIdx, 'accept');
      expect(res.statusCode).toBe(404);
      expect(codeOf(res)).toBe('CONTRACT_NOT_FOUND');
    }
    expect(codeOf(await move(pro, 999_999, 'accept'))).toBe('CONTRACT_NOT_FOUND');
    await move(pro, c.contractIdx, 'accept');
    expect(codeOf(await move(pro, c.contractIdx, 'end'))).toBe('ADMIN_OR_CLIENT_ONLY');
    expect(codeOf(await move(f.outsider, c.contractIdx, 'end'))).toBe('CONTRACT_NOT_FOUND');
    expect((await call('GET', `/contract/${c.contractIdx}`, pro.key)).json().data.status).toBe('inProgress');
  });

  it('the offer’s request cannot be moved, edited or withdrawn through the request calls', async () => {
    const pro = await professional();
    const c = await offer(f.client, pro);
    const take = await call('PATCH', `/request/${c.requestIdx}`, pro.key, { status: 'inProgress' });
    expect(take.statusCode).toBe(409);
    expect(codeOf(take)).toBe('REQUEST_IS_CONTRACT');
    expect(codeOf(await call('PATCH', `/request/${c.requestIdx}`, f.client.key, { title: 'x' }))).toBe(
      'REQUEST_IS_CONTRACT',
    );
    expect(codeOf(await call('DELETE', `/request/${c.requestIdx}`, f.client.key))).toBe(
      'REQUEST_IS_CONTRACT',
    );
    expect(
      codeOf(await call('PATCH', `/request/${c.requestIdx}`, f.solo.key, { status: 'inProgress' })),
    ).toBe('REQUEST_NOT_FOUND');
    expect((await call('GET', `/contract/${c.contractIdx}`, pro.key)).json().data.status).toBe('awaiting');
  });
});

describe('GET /contract and GET /contract/{contractIdx}', () => {
  it('the professional sees their own, a depth1 lead the team’s, admins and clients the project’s', async () => {
    const teamPro = await professional('depth2', f.lead);
    const loner = await professional();
    const a = await offer(f.client, teamPro);
    const b = await offer(f.admin, loner);
    const idsFor = async (who: Person) =>
      (
        (await call('GET', `/contract?projectIdx=${f.projectA}`, who.key)).json().data.contracts as {
          contractIdx: number;
        }[]
      )
        .map((c) => c.contractIdx)
        .filter((idx) => idx === a.contractIdx || idx === b.contractIdx);
    expect(await idsFor(f.admin)).toEqual([b.contractIdx, a.contractIdx]);
    expect(await idsFor(f.client)).toEqual([b.contractIdx, a.contractIdx]);
    expect(await idsFor(f.lead)).toEqual([a.contractIdx]);
    expect(await idsFor(teamPro)).toEqual([a.contractIdx]);
    expect(await idsFor(loner)).toEqual([b.contractIdx]);
    expect(await idsFor(f.solo)).toEqual([]);
    expect(codeOf(await call('GET', `/contract?projectIdx=${f.projectA}`, f.outsider.key))).toBe(
      'PROJECT_ACCESS_DENIED',
    );

    const detail = (who: Person) => call('GET', `/contract/${a.contractIdx}`, who.key);
    expect((await detail(teamPro)).json().data).toMatchObject({
      contractIdx: a.contractIdx,
      can: { accept: true, decline: true, end: false },
    });
    expect((await detail(f.client)).json().data.can).toEqual({ accept: false, decline: false, end: false });
    expect((await detail(f.lead)).statusCode).toBe(200);
    for (const who of [f.solo, f.dev, f.outsider])
      expect(codeOf(await detail(who))).toBe('CONTRACT_NOT_FOUND');
    await move(teamPro, a.contractIdx, 'accept');
    expect((await detail(f.admin)).json().data.can).toEqual({ accept: false, decline: false, end: true });
    // The list says the same per contract, so a screen needs no second call.
    const listed = async (who: Person) =>
      (
        (await call('GET', `/contract?projectIdx=${f.projectA}`, who.key)).json().data.contracts as Contract[]
      ).find((c) => c.contractIdx === a.contractIdx)?.can;
    expect(await listed(f.admin)).toEqual({ accept: false, decline: false, end: true });
    expect(await listed(teamPro)).toEqual({ accept: false, decline: false, end: false });
    expect(codeOf(await call('GET', '/contract/999999', f.admin.key))).toBe('CONTRACT_NOT_FOUND');
  });
});
