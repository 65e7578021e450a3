import type { Settlement, SettlementList } from '@teamline/contract';
import { expect } from 'vitest';
import { timekeepings } from '../db/schema/index.js';
import { api, type Person, type PlanningFixture } from './planning-fixture.js';
import { addToProject, signUp, type TestApp } from './test-app.js';

/**
 * Settlement tests' building blocks on the planning fixture: fresh professionals (one running
 * contract each), accepted contracts, time entries written straight to the table (so the tests do
 * not depend on the time sheet's own rules), and the settlement calls.
 */
export function settlementKit(t: TestApp, f: PlanningFixture, prefix: string) {
  const call = api(t);
  let n = 0;

  async function professional(
    role: 'depth1' | 'depth2' = 'depth2',
    extra: { lead?: Person; isAdmin?: boolean } = {},
  ): Promise<Person> {
    const s = await signUp(t, `${prefix}-pro${++n}@example.com`);
    const row = await addToProject(t, f.projectA, s.memberIdx, role, {
      ...(extra.lead ? { depth1Idx: extra.lead.mip } : {}),
      ...(extra.isAdmin ? { isAdmin: true } : {}),
    });
    return { ...s, mip: row.memberInProjectIdx };
  }

  /** An accepted contract of `pro`, offered by `hirer` (default the admin). */
  async function contractFor(
    pro: Person,
    terms: {
      startDt: string;
      endDt?: string;
      dailyRate?: number;
      currency?: string;
      withholdingRateBp?: number;
    },
    hirer: Person = f.admin,
  ): Promise<number> {
    const offered = await call('POST', '/contract', hirer.key, {
      projectIdx: f.projectA,
      memberInProjectIdx: pro.mip,
      dailyRate: 480_000,
      currency: 'KRW',
      scope: 'Work',
      withholdingRateBp: 330,
      ...terms,
    });
    expect(offered.statusCode, offered.body).toBe(201);
    const contractIdx = offered.json().data.contractIdx as number;
    const accepted = await call('POST', `/contract/${contractIdx}/accept`, pro.key);
    expect(accepted.statusCode, accepted.body).toBe(200);
    return contractIdx;
  }

  /** A time entry of `pro` in project A, written to the table. */
  async function logTime(pro: Person, workDt: string, minutes: number, storyIdx: number | null = null) {
    const [row] = await t.database.db
      .insert(timekeepings)
      .values({
        projectIdx: f.projectA,
        storyIdx,
        memberInProjectIdx: pro.mip,
        workDt,
        minutes,
        createdByIdx: pro.mip,
      })
      .returning();
    return row!.timekeepingIdx;
  }

  async function story(title: string): Promise<number> {
    const res = await call('POST', '/story', f.admin.key, { projectIdx: f.projectA, title });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json().data.storyIdx as number;
  }

  async function list(who: Person, month: string, projectIdx = f.projectA): Promise<SettlementList> {
    const res = await call('GET', `/settlement?projectIdx=${projectIdx}&month=${month}`, who.key);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as SettlementList;
  }

  /** The contract's settlement of the month, as the admin's list shows it (created on that read). */
  async function settlementOf(contractIdx: number, month: string): Promise<Settlement> {
    const found = (await list(f.admin, month)).settlements.find((s) => s.contractIdx === contractIdx);
    expect(found, `settlement of contract ${contractIdx} in ${month}`).toBeDefined();
    return found!;
  }

  const move = (
    who: Person,
    settlementIdx: number,
    to: 'submit' | 'approve' | 'return' | 'pay',
    body?: object,
  ) =>
    call(
      'POST',
      `/settlement/${settlementIdx}/${to}`,
      who.key,
      body ??
        (to === 'return'
          ? { note: 'Fix the hours' }
          : to === 'pay'
            ? { paidDt: '20260110', reference: 'TX-1' }
            : undefined),
    );

  /** Moves it, expecting success; the settlement after the move. */
  async function moved(
    who: Person,
    settlementIdx: number,
    to: 'submit' | 'approve' | 'return' | 'pay',
    body?: object,
  ) {
    const res = await move(who, settlementIdx, to, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Settlement;
  }

  const one = (who: Person, settlementIdx: number) => call('GET', `/settlement/${settlementIdx}`, who.key);

  return { call, professional, contractFor, logTime, story, list, settlementOf, move, moved, one };
}
export type SettlementKit = ReturnType<typeof settlementKit>;
