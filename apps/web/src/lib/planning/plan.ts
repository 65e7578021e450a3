import type { Story, StoryStatus, TimelineMilestone, TimelineStory } from '@teamline/contract';

/** The timeline's data: milestones in order (each with its stories in order) and the backlog. */
export interface Plan {
  milestones: TimelineMilestone[];
  backlog: TimelineStory[];
  /** The GitHub project key (`SHOP`): stories show as `SHOP-{storyNo}`; unset, none. */
  projectKey?: string | null;
}

/** A story as the timeline lists it (the fields of a row), from a story answer or event. */
export const toTimelineStory = (s: Story): TimelineStory => ({
  storyIdx: s.storyIdx,
  storyNo: s.storyNo,
  milestoneIdx: s.milestoneIdx,
  epicIdx: s.epicIdx,
  title: s.title,
  status: s.status,
  startDt: s.startDt,
  endDt: s.endDt,
  assignees: s.assignees,
  point: s.point,
  orderKey: s.orderKey,
});

export interface StoryFilters {
  /** memberInProjectIdx of an assignee. */
  assignee: number | null;
  /** An epic, 'none' for stories without one. */
  epic: number | 'none' | null;
  status: StoryStatus | null;
  text: string;
}
export const emptyFilters: StoryFilters = { assignee: null, epic: null, status: null, text: '' };
export const hasActiveFilters = (f: StoryFilters): boolean =>
  f.assignee !== null || f.epic !== null || f.status !== null || f.text.trim() !== '';

export function matchesFilters(story: TimelineStory, f: StoryFilters): boolean {
  if (f.assignee !== null && !story.assignees.includes(f.assignee)) return false;
  if (f.epic === 'none' && story.epicIdx !== null) return false;
  if (typeof f.epic === 'number' && story.epicIdx !== f.epic) return false;
  if (f.status !== null && story.status !== f.status) return false;
  const text = f.text.trim().toLowerCase();
  if (text && !story.title.toLowerCase().includes(text) && `#${story.storyIdx}` !== text) return false;
  return true;
}

/** One line of the (virtualised) list. Ids are what the drag-and-drop library sees. */
export type Row =
  | { kind: 'milestone'; id: string; milestone: TimelineMilestone; shown: number; total: number }
  | { kind: 'backlog'; id: string; shown: number; total: number }
  | { kind: 'story'; id: string; story: TimelineStory; milestoneIdx: number | null }
  | { kind: 'empty'; id: string; milestoneIdx: number | null };

export const storyRowId = (storyIdx: number) => `s-${storyIdx}`;
export const milestoneRowId = (milestoneIdx: number) => `m-${milestoneIdx}`;
export const BACKLOG_ROW_ID = 'backlog';
export const groupKey = (milestoneIdx: number | null) =>
  milestoneIdx === null ? 'backlog' : String(milestoneIdx);

export function buildRows(
  plan: Plan,
  filters: StoryFilters,
  collapsed: ReadonlySet<string>,
  /** While a milestone is dragged every group shows only its header. */
  headersOnly = false,
): Row[] {
  const rows: Row[] = [];
  const group = (milestoneIdx: number | null, stories: TimelineStory[]) => {
    if (headersOnly || collapsed.has(groupKey(milestoneIdx))) return;
    let shown = 0;
    for (const story of stories) {
      if (!matchesFilters(story, filters)) continue;
      shown += 1;
      rows.push({ kind: 'story', id: storyRowId(story.storyIdx), story, milestoneIdx });
    }
    if (shown === 0) rows.push({ kind: 'empty', id: `e-${groupKey(milestoneIdx)}`, milestoneIdx });
  };
  const countShown = (stories: TimelineStory[]) => stories.filter((s) => matchesFilters(s, filters)).length;
  for (const milestone of plan.milestones) {
    rows.push({
      kind: 'milestone',
      id: milestoneRowId(milestone.milestoneIdx),
      milestone,
      shown: countShown(milestone.stories),
      total: milestone.stories.length,
    });
    group(milestone.milestoneIdx, milestone.stories);
  }
  if (!headersOnly) {
    rows.push({
      kind: 'backlog',
      id: BACKLOG_ROW_ID,
      shown: countShown(plan.backlog),
      total: plan.backlog.length,
    });
    group(null, plan.backlog);
  }
  return rows;
}

export function arrayMove<T>(list: readonly T[], from: number, to: number): T[] {
  const copy = list.slice();
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item as T);
  return copy;
}

export interface StoryMove {
  storyIdx: number;
  milestoneIdx: number | null;
  beforeStoryIdx: number | null;
  afterStoryIdx: number | null;
}

const storiesOf = (plan: Plan, milestoneIdx: number | null): TimelineStory[] =>
  milestoneIdx === null
    ? plan.backlog
    : (plan.milestones.find((m) => m.milestoneIdx === milestoneIdx)?.stories ?? []);

function locate(plan: Plan, storyIdx: number): { milestoneIdx: number | null; index: number } | null {
  const inBacklog = plan.backlog.findIndex((s) => s.storyIdx === storyIdx);
  if (inBacklog >= 0) return { milestoneIdx: null, index: inBacklog };
  for (const m of plan.milestones) {
    const index = m.stories.findIndex((s) => s.storyIdx === storyIdx);
    if (index >= 0) return { milestoneIdx: m.milestoneIdx, index };
  }
  return null;
}

/**
 * Where a dropped story goes, as the one order call needs it: the target list and its neighbours
 * in the FULL list (filters may hide stories, so visible neighbours are translated to real ones).
 * The rows move like the sortable list shows them (array move of the dragged row onto the row it
 * is over); null when nothing changes.
 */
export function computeStoryDrop(
  plan: Plan,
  rows: readonly Row[],
  activeId: string,
  overId: string,
): StoryMove | null {
  const from = rows.findIndex((r) => r.id === activeId);
  const to = rows.findIndex((r) => r.id === overId);
  const active = rows[from];
  if (from < 0 || to < 0 || from === to || active?.kind !== 'story') return null;
  const moved = arrayMove(rows, from, to);
  let header = -1;
  for (let i = to - 1; i >= 0; i -= 1) {
    const r = moved[i];
    if (r?.kind === 'milestone' || r?.kind === 'backlog') {
      header = i;
      break;
    }
  }
  const headerRow = moved[header];
  // Above the first header: the top of the first list.
  const milestoneIdx =
    headerRow?.kind === 'milestone'
      ? headerRow.milestone.milestoneIdx
      : headerRow?.kind === 'backlog'
        ? null
        : (plan.milestones[0]?.milestoneIdx ?? null);
  const storyIdx = active.story.storyIdx;
  const full = storiesOf(plan, milestoneIdx).filter((s) => s.storyIdx !== storyIdx);
  const prevRow = header >= 0 ? moved[to - 1] : undefined;
  const nextRow = moved[to + 1];
  let before: TimelineStory | null = null;
  let after: TimelineStory | null = null;
  if (header < 0) {
    after = full[0] ?? null;
  } else if (prevRow?.kind === 'story') {
    const i = full.findIndex((s) => s.storyIdx === prevRow.story.storyIdx);
    before = full[i] ?? null;
    after = full[i + 1] ?? null;
  } else if (nextRow?.kind === 'story') {
    const i = full.findIndex((s) => s.storyIdx === nextRow.story.storyIdx);
    after = full[i] ?? null;
    before = i > 0 ? (full[i - 1] ?? null) : null;
  } else {
    before = full.at(-1) ?? null;
  }
  const move: StoryMove = {
    storyIdx,
    milestoneIdx,
    beforeStoryIdx: before?.storyIdx ?? null,
    afterStoryIdx: after?.storyIdx ?? null,
  };
  const now = locate(plan, storyIdx);
  if (now && now.milestoneIdx === milestoneIdx) {
    const list = storiesOf(plan, milestoneIdx);
    const currentBefore = list[now.index - 1]?.storyIdx ?? null;
    const currentAfter = list[now.index + 1]?.storyIdx ?? null;
    if (currentBefore === move.beforeStoryIdx && currentAfter === move.afterStoryIdx) return null;
  }
  return move;
}

/** The optimistic result of a story move (the server answers with the real order key). */
export function applyStoryMove(plan: Plan, move: StoryMove): Plan {
  const at = locate(plan, move.storyIdx);
  if (!at) return plan;
  const story = storiesOf(plan, at.milestoneIdx)[at.index] as TimelineStory;
  const without = (list: TimelineStory[]) => list.filter((s) => s.storyIdx !== move.storyIdx);
  const insert = (list: TimelineStory[]): TimelineStory[] => {
    const next = without(list);
    let index = next.length;
    if (move.beforeStoryIdx !== null) {
      const i = next.findIndex((s) => s.storyIdx === move.beforeStoryIdx);
      if (i >= 0) index = i + 1;
    } else if (move.afterStoryIdx !== null) {
      const i = next.findIndex((s) => s.storyIdx === move.afterStoryIdx);
      if (i >= 0) index = i;
    }
    next.splice(index, 0, { ...story, milestoneIdx: move.milestoneIdx });
    return next;
  };
  return {
    milestones: plan.milestones.map((m) =>
      m.milestoneIdx === move.milestoneIdx
        ? { ...m, stories: insert(m.stories) }
        : m.milestoneIdx === at.milestoneIdx
          ? { ...m, stories: without(m.stories) }
          : m,
    ),
    backlog:
      move.milestoneIdx === null
        ? insert(plan.backlog)
        : at.milestoneIdx === null
          ? without(plan.backlog)
          : plan.backlog,
  };
}

export interface MilestoneMove {
  milestoneIdx: number;
  beforeMilestoneIdx: number | null;
  afterMilestoneIdx: number | null;
}

/** A milestone dropped onto another milestone's place: its new neighbours, or null for no change. */
export function computeMilestoneDrop(
  milestones: readonly { milestoneIdx: number }[],
  activeIdx: number,
  overIdx: number,
): MilestoneMove | null {
  const from = milestones.findIndex((m) => m.milestoneIdx === activeIdx);
  const to = milestones.findIndex((m) => m.milestoneIdx === overIdx);
  if (from < 0 || to < 0 || from === to) return null;
  const moved = arrayMove(milestones, from, to);
  return {
    milestoneIdx: activeIdx,
    beforeMilestoneIdx: moved[to - 1]?.milestoneIdx ?? null,
    afterMilestoneIdx: moved[to + 1]?.milestoneIdx ?? null,
  };
}

export function applyMilestoneMove(plan: Plan, move: MilestoneMove): Plan {
  const moving = plan.milestones.find((m) => m.milestoneIdx === move.milestoneIdx);
  if (!moving) return plan;
  const rest = plan.milestones.filter((m) => m.milestoneIdx !== move.milestoneIdx);
  let index = rest.length;
  if (move.beforeMilestoneIdx !== null)
    index = rest.findIndex((m) => m.milestoneIdx === move.beforeMilestoneIdx) + 1;
  else if (move.afterMilestoneIdx !== null)
    index = rest.findIndex((m) => m.milestoneIdx === move.afterMilestoneIdx);
  rest.splice(Math.max(0, index), 0, moving);
  return { ...plan, milestones: rest };
}

/** Replace one story's row fields wherever it is (realtime or a saved edit). */
export function patchStory(plan: Plan, storyIdx: number, patch: Partial<TimelineStory>): Plan {
  const fix = (list: TimelineStory[]) =>
    list.some((s) => s.storyIdx === storyIdx)
      ? list.map((s) => (s.storyIdx === storyIdx ? { ...s, ...patch } : s))
      : list;
  return {
    milestones: plan.milestones.map((m) => {
      const stories = fix(m.stories);
      return stories === m.stories ? m : { ...m, stories };
    }),
    backlog: fix(plan.backlog),
  };
}
