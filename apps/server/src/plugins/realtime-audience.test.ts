import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, planningFixture, type PlanningFixture, type Person } from '../test/planning-fixture.js';
import { connect, listen, waitFor, type ReceivedEvent } from '../test/realtime-client.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { createEventRecorder } from '../platform/events/outbox.repository.js';

/**
 * Issue 30: live events follow the same record rules as reads. A request is for its parties (and
 * admin authority and a party's depth1 lead); a contract and its settlements for the professional,
 * their lead and the hiring side. A socket of someone the read route answers 404 receives none of
 * the record's events, while the record's own people do.
 */
let t: TestApp;
let f: PlanningFixture;
let call: ReturnType<typeof api>;
let base: string;
const sockets = new Map<Person, { socket: { close(): void }; events: ReceivedEvent[] }>();

beforeAll(async () => {
  t = await createTestApp();
  f = await planningFixture(t, 'ra');
  call = api(t);
  base = await listen(t);
  for (const person of [f.admin, f.lead, f.dev, f.solo, f.client])
    sockets.set(person, await connect(base, person.key));
});
afterAll(async () => {
  for (const { socket } of sockets.values()) socket.close();
  await t?.close();
});

const eventsOf = (person: Person) => sockets.get(person)!.events;
const got = (person: Person, type: string, idKey: string, id: number) =>
  eventsOf(person).some((e) => e.type === type && e.payload[idKey] === id);

/**
 * An event every member receives, sent after `work`: once it arrived at a socket, any event of the
 * work meant for that socket arrived before it (one bus, in order), so its absence is an answer.
 */
async function afterMarker(people: Person[]) {
  const title = `marker ${Math.random()}`;
  const res = await call('POST', '/story', f.admin.key, { projectIdx: f.projectA, title });
  expect(res.statusCode, res.body).toBe(201);
  for (const person of people)
    await waitFor(() =>
      eventsOf(person).some((e) => e.type === 'story.created' && e.payload.title === title),
    );
}

describe('realtime events follow the read rule of their record', () => {
  it('a request’s events reach its parties, admin authority and a party’s lead, not other members', async () => {
    // admin → dev: dev's depth1 lead may read it too; solo (another depth2) and the client may not.
    const created = await call('POST', '/request', f.admin.key, {
      projectIdx: f.projectA,
      title: 'Confidential',
      dueDt: '20300101',
      receiverIdx: f.dev.mip,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { requestIdx } = created.json().data as { requestIdx: number };
    const comment = await call('POST', `/request/${requestIdx}/comment`, f.dev.key, { content: 'On it' });
    expect(comment.statusCode, comment.body).toBe(201);

    for (const person of [f.admin, f.dev, f.lead])
      for (const type of ['request.created', 'request.commented'])
        await waitFor(() => got(person, type, 'requestIdx', requestIdx));
    await afterMarker([f.solo, f.client]);
    for (const person of [f.solo, f.client]) {
      expect(eventsOf(person).filter((e) => e.type.startsWith('request.'))).toEqual([]);
      // The same rule as the read: they are answered 404.
      const read = await call('GET', `/request/${requestIdx}`, person.key);
      expect(read.statusCode).toBe(404);
    }
  });

  it('a contract’s events (and its request’s) reach the professional and the hiring side, not other professionals', async () => {
    // To solo (no lead): solo, admin authority and clients read it; dev and lead do not.
    const offered = await call('POST', '/contract', f.admin.key, {
      projectIdx: f.projectA,
      memberInProjectIdx: f.solo.mip,
      dailyRate: 450_000,
      currency: 'KRW',
      startDt: '20260101',
      scope: 'Backend work',
      withholdingRateBp: 330,
    });
    expect(offered.statusCode, offered.body).toBe(201);
    const { contractIdx } = offered.json().data as { contractIdx: number };
    for (const person of [f.admin, f.solo, f.client])
      await waitFor(() => got(person, 'contract.offered', 'contractIdx', contractIdx));
    await afterMarker([f.dev, f.lead]);
    for (const person of [f.dev, f.lead]) {
      expect(eventsOf(person).filter((e) => e.type.startsWith('contract.'))).toEqual([]);
      expect((await call('GET', `/contract/${contractIdx}`, person.key)).statusCode).toBe(404);
    }
    // The contract's request (admin → solo) is not theirs either.
    expect(
      eventsOf(f.dev).some((e) => e.type === 'request.created' && e.payload.receiverIdx === f.solo.mip),
    ).toBe(false);
  });

  it('a budget alert (with its amounts) reaches the paying side only: clients and admin authority', async () => {
    const set = await call('PUT', `/project/${f.projectA}/budget`, f.client.key, {
      amount: 100,
      currency: 'KRW',
    });
    expect(set.statusCode, set.body).toBe(200);
    const { budgetIdx } = set.json().data as { budgetIdx: number };
    await t.app.services.spending.evaluate(f.projectA, '202601', null); // nothing spent: no alert
    // An alert as the budget consumer records it, straight into the outbox.
    await createEventRecorder(t.database.db).record('budget.threshold_reached', f.projectA, {
      budgetIdx,
      projectIdx: f.projectA,
      milestoneIdx: null,
      threshold: 80,
      period: 'total',
      spent: 80,
      amount: 100,
      currency: 'KRW',
      settlementIdx: null,
    });
    t.app.ctx.events.kick();
    for (const person of [f.admin, f.client])
      await waitFor(() => got(person, 'budget.threshold_reached', 'budgetIdx', budgetIdx));
    await afterMarker([f.dev, f.lead, f.solo]);
    for (const person of [f.dev, f.lead, f.solo])
      expect(eventsOf(person).filter((e) => e.type.startsWith('budget.'))).toEqual([]);
  });

  it('planning events still reach every member', async () => {
    await afterMarker([f.admin, f.lead, f.dev, f.solo, f.client]);
  });
});
