import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, planningFixture, type PlanningFixture } from '../../test/planning-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let f: PlanningFixture;
let call: ReturnType<typeof api>;

beforeAll(async () => {
  t = await createTestApp();
  f = await planningFixture(t, 'o');
  call = api(t);
});
afterAll(async () => {
  await t?.close();
});

const milestone = async (title: string) =>
  (await call('POST', '/milestone', f.admin.key, { projectIdx: f.projectA, title })).json().data
    .milestoneIdx as number;
const stories = async (milestoneIdx: number | null, n: number, prefix: string) => {
  const ids: number[] = [];
  for (let i = 0; i < n; i++)
    ids.push(
      (
        await call('POST', '/story', f.admin.key, {
          projectIdx: f.projectA,
          milestoneIdx,
          title: `${prefix}${i}`,
        })
      ).json().data.storyIdx,
    );
  return ids;
};
type Row = { storyIdx: number; orderKey: string };
const listOf = async (milestoneIdx: number | null): Promise<Row[]> =>
  milestoneIdx === null
    ? (await call('GET', `/story/awaiting-zone?projectIdx=${f.projectA}`, f.admin.key)).json().data
    : (await call('GET', `/milestone/stories?milestoneIdx=${milestoneIdx}`, f.admin.key)).json().data;
const idsOf = async (milestoneIdx: number | null) => (await listOf(milestoneIdx)).map((s) => s.storyIdx);
const move = (body: object, key = f.admin.key) => call('PATCH', '/story/order', key, body);

/** Keys strictly increasing in byte order, as the database returned the list. */
const expectConsistent = (rows: Row[]) => {
  const keys = rows.map((r) => r.orderKey);
  expect(new Set(keys).size).toBe(keys.length);
  for (let i = 1; i < keys.length; i++) expect(keys[i - 1]! < keys[i]!).toBe(true);
};

describe('PATCH /story/order', () => {
  it('moves one story within a list, touching only its own key', async () => {
    const m = await milestone('within');
    const [a, b, c, d] = await stories(m, 4, 'w');
    const before = await listOf(m);
    const res = await move({ storyIdx: d, milestoneIdx: m, beforeStoryIdx: a, afterStoryIdx: b });
    expect(res.statusCode).toBe(200);
    expect(await idsOf(m)).toEqual([a, d, b, c]);
    const after = await listOf(m);
    // Only the moved row got a new key.
    for (const id of [a, b, c])
      expect(after.find((s) => s.storyIdx === id)!.orderKey).toBe(
        before.find((s) => s.storyIdx === id)!.orderKey,
      );
    await move({ storyIdx: a, milestoneIdx: m }); // to the end
    expect(await idsOf(m)).toEqual([d, b, c, a]);
    await move({ storyIdx: c, milestoneIdx: m, afterStoryIdx: d }); // to the top
    expect(await idsOf(m)).toEqual([c, d, b, a]);
    await move({ storyIdx: c, milestoneIdx: m, beforeStoryIdx: b }); // after b only
    expect(await idsOf(m)).toEqual([d, b, c, a]);
    expectConsistent(await listOf(m));
  });

  it('moves between milestones and to and from the backlog, with history 15', async () => {
    const m1 = await milestone('from');
    const m2 = await milestone('to');
    const [x, y] = await stories(m1, 2, 'x');
    const [z] = await stories(m2, 1, 'z');
    const res = await move({ storyIdx: x, milestoneIdx: m2, beforeStoryIdx: z });
    expect(res.json().data).toMatchObject({ storyIdx: x, milestoneIdx: m2 });
    expect(await idsOf(m1)).toEqual([y]);
    expect(await idsOf(m2)).toEqual([z, x]);
    await move({ storyIdx: y, milestoneIdx: null });
    expect((await idsOf(null)).at(-1)).toBe(y);
    expect(await idsOf(m1)).toEqual([]);
    await move({ storyIdx: y, milestoneIdx: m2, afterStoryIdx: z });
    expect(await idsOf(m2)).toEqual([y, z, x]);
    const h = (await call('GET', `/history/story?storyIdx=${y}`, f.admin.key)).json().data;
    expect(h.slice(0, 2)).toMatchObject([
      { type: 15, before: { milestoneIdx: null }, after: { milestoneIdx: m2 } },
      { type: 15, before: { milestoneIdx: m1 }, after: { milestoneIdx: null } },
    ]);
    // The timeline reads the same order back.
    const timeline = (await call('GET', `/milestone/timeline?projectIdx=${f.projectA}`, f.admin.key)).json()
      .data;
    const entry = timeline.milestones.find((mm: { milestoneIdx: number }) => mm.milestoneIdx === m2);
    expect(entry.stories.map((s: Row) => s.storyIdx)).toEqual([y, z, x]);
  });

  it('refuses neighbours from another list, clients, outsiders, missing ids and bad bodies', async () => {
    const m1 = await milestone('r1');
    const m2 = await milestone('r2');
    const [a] = await stories(m1, 1, 'ra');
    const [b] = await stories(m2, 1, 'rb');
    const wrong = await move({ storyIdx: a, milestoneIdx: m1, beforeStoryIdx: b });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fieldErrors).toEqual({ beforeStoryIdx: 'invalid' });
    const self = await move({ storyIdx: a, milestoneIdx: m1, afterStoryIdx: a });
    expect(self.json().error.fieldErrors).toEqual({ afterStoryIdx: 'invalid' });
    const otherMilestone = (
      await call('POST', '/milestone', f.outsider.key, { projectIdx: f.projectB, title: 'B' })
    ).json().data.milestoneIdx;
    expect((await move({ storyIdx: a, milestoneIdx: otherMilestone })).json().error.fieldErrors).toEqual({
      milestoneIdx: 'invalid',
    });
    expect((await move({ storyIdx: a, milestoneIdx: m2 }, f.client.key)).json().error.code).toBe(
      'PROFESSIONAL_ONLY',
    );
    expect((await move({ storyIdx: a, milestoneIdx: m2 }, f.outsider.key)).json().error.code).toBe(
      'STORY_NOT_FOUND',
    );
    expect((await move({ storyIdx: 999999, milestoneIdx: null })).statusCode).toBe(404);
    expect((await move({ storyIdx: a })).json().error.fieldErrors).toHaveProperty('milestoneIdx');
    expect(
      (await call('PATCH', '/story/order', undefined, { storyIdx: a, milestoneIdx: null })).statusCode,
    ).toBe(401);
  });

  it('N concurrent moves leave a consistent, duplicate-free order in every list', async () => {
    const m1 = await milestone('c1');
    const m2 = await milestone('c2');
    const s1 = await stories(m1, 10, 'c');
    const s2 = await stories(m2, 10, 'd');
    const all = [...s1, ...s2];
    // Everybody drops into the same gap at once, plus moves across lists and to the backlog.
    const moves = [
      ...s1.slice(2, 8).map((storyIdx) => move({ storyIdx, milestoneIdx: m1, beforeStoryIdx: s1[0] })),
      ...s2.slice(0, 5).map((storyIdx) => move({ storyIdx, milestoneIdx: m1, afterStoryIdx: s1[1] })),
      ...s2.slice(5, 8).map((storyIdx) => move({ storyIdx, milestoneIdx: null })),
      ...s1.slice(8).map((storyIdx) => move({ storyIdx, milestoneIdx: m2, beforeStoryIdx: s2[9] })),
    ];
    const results = await Promise.all(moves);
    expect(results.map((r) => r.statusCode)).toEqual(moves.map(() => 200));
    const l1 = await listOf(m1);
    const l2 = await listOf(m2);
    const backlog = await listOf(null);
    for (const l of [l1, l2, backlog]) expectConsistent(l);
    // Every story is in exactly one list; none lost, none duplicated.
    const seen = [...l1, ...l2, ...backlog].map((s) => s.storyIdx).filter((id) => all.includes(id));
    expect(seen.sort((a, b) => a - b)).toEqual([...all].sort((a, b) => a - b));
    expect(l1.map((s) => s.storyIdx)).toHaveLength(2 + 6 + 5);
    expect(l1[0]!.storyIdx).toBe(s1[0]);
    expect(l1.at(-1)!.storyIdx).toBe(s1[1]);
    // The two dropped right after s2[9] (their "before" neighbour) follow it, in either order.
    expect(l2.map((s) => s.storyIdx).slice(-3)[0]).toBe(s2[9]);
    expect(
      l2
        .map((s) => s.storyIdx)
        .slice(-2)
        .sort((a, b) => a - b),
    ).toEqual(s1.slice(8));
  });
});

describe('PATCH /milestone/order under concurrency', () => {
  it('keeps milestone keys unique', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) ids.push(await milestone(`cm${i}`));
    const results = await Promise.all(
      ids
        .slice(1)
        .map((milestoneIdx) =>
          call('PATCH', '/milestone/order', f.admin.key, { milestoneIdx, afterMilestoneIdx: ids[0] }),
        ),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const list = (await call('GET', `/milestone/timeline?projectIdx=${f.projectA}`, f.admin.key)).json().data
      .milestones;
    expectConsistent(
      list.map((m: { milestoneIdx: number; orderKey: string }) => ({
        storyIdx: m.milestoneIdx,
        orderKey: m.orderKey,
      })),
    );
    expect(list.at(-1).milestoneIdx).toBe(ids[0]);
  });
});
