import type { StoryDeps } from './story.deps.js';

/** Today as YYYYMMDD in UTC: a story is late once the whole of its end day has passed. */
export const todayCode = (now: Date): string => now.toISOString().slice(0, 10).replaceAll('-', '');

/**
 * The delay job: open stories past their end date become delayed (history 9, actor null), with
 * one story.updated event each. Safe on several instances at once (see markOverdueDelayed).
 */
export async function runDelayJob({ planning }: StoryDeps, now: Date) {
  const today = todayCode(now);
  const moved = [];
  // One transaction a project, version first like every planning write (no lock-order cycles).
  for (const projectIdx of await planning.story.projectsWithOverdue(today))
    moved.push(
      ...(await planning.transaction(async (r) => {
        await r.version.bump(projectIdx);
        const delayed = await r.story.markOverdueDelayed(projectIdx, today);
        for (const s of delayed)
          await r.events.record('story.updated', projectIdx, {
            storyIdx: s.storyIdx,
            milestoneIdx: s.milestoneIdx,
            status: 'delayed',
            automatic: true,
          });
        return delayed;
      })),
    );
  return moved;
}
