import type { TimelineMilestone, TimelineStory } from '@teamline/contract';
import { describe, expect, it } from 'vitest';
import {
  applyMilestoneMove,
  applyStoryMove,
  buildRows,
  computeMilestoneDrop,
  computeStoryDrop,
  emptyFilters,
  matchesFilters,
  patchStory,
  type Plan,
} from './plan';

const story = (
  storyIdx: number,
  milestoneIdx: number | null,
  extra: Partial<TimelineStory> = {},
): TimelineStory => ({
  storyIdx,
  storyNo: storyIdx,
  milestoneIdx,
  epicIdx: null,
  title: `S${storyIdx}`,
  status: 'pending',
  startDt: null,
  endDt: null,
  assignees: [],
  point: 0,
  orderKey: `a${storyIdx}`,
  ...extra,
});
const milestone = (milestoneIdx: number, stories: TimelineStory[]): TimelineMilestone => ({
  milestoneIdx,
  title: `M${milestoneIdx}`,
  status: 'pending',
  startDt: null,
  endDt: null,
  orderKey: `a${milestoneIdx}`,
  stories,
});
const plan = (): Plan => ({
  milestones: [
    milestone(1, [story(1, 1), story(2, 1), story(3, 1)]),
    milestone(2, []),
    milestone(3, [story(4, 3, { epicIdx: 7, assignees: [5] }), story(5, 3, { status: 'completed' })]),
  ],
  backlog: [story(6, null, { title: 'Dark mode' })],
});
const ids = (p: Plan) => ({
  m: p.milestones.map((m) => [m.milestoneIdx, m.stories.map((s) => s.storyIdx)]),
  b: p.backlog.map((s) => s.storyIdx),
});
const noCollapse = new Set<string>();

describe('rows', () => {
  it('lists headers, stories, an empty row for empty lists and the backlog last', () => {
    const rows = buildRows(plan(), emptyFilters, noCollapse);
    expect(rows.map((r) => r.id)).toEqual([
      'm-1',
      's-1',
      's-2',
      's-3',
      'm-2',
      'e-2',
      'm-3',
      's-4',
      's-5',
      'backlog',
      's-6',
    ]);
  });
  it('hides the stories of collapsed groups and shows only headers while a milestone is dragged', () => {
    expect(buildRows(plan(), emptyFilters, new Set(['1', 'backlog'])).map((r) => r.id)).toEqual([
      'm-1',
      'm-2',
      'e-2',
      'm-3',
      's-4',
      's-5',
      'backlog',
    ]);
    expect(buildRows(plan(), emptyFilters, noCollapse, true).map((r) => r.id)).toEqual(['m-1', 'm-2', 'm-3']);
  });
  it('counts shown and total stories per header', () => {
    const rows = buildRows(plan(), { ...emptyFilters, status: 'completed' }, noCollapse);
    expect(rows.find((r) => r.id === 'm-3')).toMatchObject({ shown: 1, total: 2 });
  });
});

describe('filters', () => {
  const s = story(1, 1, { title: 'Login screen', assignees: [3], epicIdx: 2, status: 'inProgress' });
  it('match by assignee, epic (or none), status and text', () => {
    expect(matchesFilters(s, emptyFilters)).toBe(true);
    expect(matchesFilters(s, { ...emptyFilters, assignee: 3 })).toBe(true);
    expect(matchesFilters(s, { ...emptyFilters, assignee: 4 })).toBe(false);
    expect(matchesFilters(s, { ...emptyFilters, epic: 2 })).toBe(true);
    expect(matchesFilters(s, { ...emptyFilters, epic: 'none' })).toBe(false);
    expect(matchesFilters(story(2, 1), { ...emptyFilters, epic: 'none' })).toBe(true);
    expect(matchesFilters(s, { ...emptyFilters, status: 'pending' })).toBe(false);
    expect(matchesFilters(s, { ...emptyFilters, text: '  LOGIN ' })).toBe(true);
    expect(matchesFilters(s, { ...emptyFilters, text: '#1' })).toBe(true);
    expect(matchesFilters(s, { ...emptyFilters, text: 'cart' })).toBe(false);
  });
});

describe('story drop → one order call', () => {
  const drop = (p: Plan, active: string, over: string, filters = emptyFilters) =>
    computeStoryDrop(p, buildRows(p, filters, noCollapse), active, over);

  it('moves up within a list: neighbours are the rows around the new place', () => {
    expect(drop(plan(), 's-3', 's-1')).toEqual({
      storyIdx: 3,
      milestoneIdx: 1,
      beforeStoryIdx: null,
      afterStoryIdx: 1,
    });
    expect(drop(plan(), 's-3', 's-2')).toEqual({
      storyIdx: 3,
      milestoneIdx: 1,
      beforeStoryIdx: 1,
      afterStoryIdx: 2,
    });
  });
  it('moves down within a list', () => {
    expect(drop(plan(), 's-1', 's-2')).toEqual({
      storyIdx: 1,
      milestoneIdx: 1,
      beforeStoryIdx: 2,
      afterStoryIdx: 3,
    });
  });
  it('moves into an empty milestone and to the backlog', () => {
    expect(drop(plan(), 's-2', 'e-2')).toEqual({
      storyIdx: 2,
      milestoneIdx: 2,
      beforeStoryIdx: null,
      afterStoryIdx: null,
    });
    expect(drop(plan(), 's-4', 's-6')).toEqual({
      storyIdx: 4,
      milestoneIdx: null,
      beforeStoryIdx: 6,
      afterStoryIdx: null,
    });
  });
  it('dropped on a header going down: the top of that list; going up: the end of the list above', () => {
    expect(drop(plan(), 's-1', 'm-3')).toEqual({
      storyIdx: 1,
      milestoneIdx: 3,
      beforeStoryIdx: null,
      afterStoryIdx: 4,
    });
    expect(drop(plan(), 's-6', 'm-3')).toEqual({
      storyIdx: 6,
      milestoneIdx: 2,
      beforeStoryIdx: null,
      afterStoryIdx: null,
    });
  });
  it('no call when nothing changes or a header is dragged', () => {
    expect(drop(plan(), 's-2', 's-2')).toBeNull();
    expect(drop(plan(), 'm-1', 's-2')).toBeNull();
  });
  it('translates visible neighbours to real ones when filters hide stories', () => {
    const p = plan();
    p.milestones[0]!.stories[1] = story(2, 1, { status: 'completed' });
    // Visible in M1: S2 only (completed). S5 (completed, M3) dropped above S2 lands between S1 and S2.
    const filters = { ...emptyFilters, status: 'completed' as const };
    expect(drop(p, 's-5', 's-2', filters)).toEqual({
      storyIdx: 5,
      milestoneIdx: 1,
      beforeStoryIdx: 1,
      afterStoryIdx: 2,
    });
  });
  it('applies optimistically in the same place the server will put it', () => {
    const p = plan();
    const move = drop(p, 's-3', 's-1')!;
    expect(ids(applyStoryMove(p, move)).m[0]).toEqual([1, [3, 1, 2]]);
    const toBacklog = applyStoryMove(p, {
      storyIdx: 1,
      milestoneIdx: null,
      beforeStoryIdx: null,
      afterStoryIdx: 6,
    });
    expect(ids(toBacklog)).toEqual({
      m: [
        [1, [2, 3]],
        [2, []],
        [3, [4, 5]],
      ],
      b: [1, 6],
    });
    expect(toBacklog.backlog[0]!.milestoneIdx).toBeNull();
    const fromBacklog = applyStoryMove(p, {
      storyIdx: 6,
      milestoneIdx: 2,
      beforeStoryIdx: null,
      afterStoryIdx: null,
    });
    expect(ids(fromBacklog)).toEqual({
      m: [
        [1, [1, 2, 3]],
        [2, [6]],
        [3, [4, 5]],
      ],
      b: [],
    });
  });
});

describe('milestone drop', () => {
  it('computes the neighbours and applies the move', () => {
    const p = plan();
    const move = computeMilestoneDrop(p.milestones, 3, 1)!;
    expect(move).toEqual({ milestoneIdx: 3, beforeMilestoneIdx: null, afterMilestoneIdx: 1 });
    expect(applyMilestoneMove(p, move).milestones.map((m) => m.milestoneIdx)).toEqual([3, 1, 2]);
    const down = computeMilestoneDrop(p.milestones, 1, 2)!;
    expect(down).toEqual({ milestoneIdx: 1, beforeMilestoneIdx: 2, afterMilestoneIdx: 3 });
    expect(applyMilestoneMove(p, down).milestones.map((m) => m.milestoneIdx)).toEqual([2, 1, 3]);
    expect(computeMilestoneDrop(p.milestones, 2, 2)).toBeNull();
  });
});

describe('patchStory', () => {
  it('changes one row wherever it is and keeps the other lists as they were', () => {
    const p = plan();
    const next = patchStory(p, 6, { title: 'Night mode' });
    expect(next.backlog[0]!.title).toBe('Night mode');
    expect(next.milestones[0]).toBe(p.milestones[0]);
  });
});
