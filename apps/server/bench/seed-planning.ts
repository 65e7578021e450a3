/**
 * Bulk seed of one big project for the timeline benchmark: 20 members, 10 epics, 100 milestones,
 * 5,000 stories (50 a milestone, 1–2 assignees each) and 50,000 history records, in multi-row
 * inserts (a few seconds, not minutes).
 */
import {
  epics,
  histories,
  members,
  membersInProject,
  milestones,
  planningVersions,
  stories,
  projects,
  storyAssignees,
} from '../src/db/schema/index.js';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../src/infra/db.js';
import { keysAfter } from '../src/shared/order-key.js';

const chunks = <T>(rows: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(rows.length / size) }, (_, i) => rows.slice(i * size, (i + 1) * size));

export async function seedPlanning(
  db: Db,
  projectIdx: number,
  adminMip: number,
  sizes = { members: 20, milestones: 100, stories: 5000, history: 50_000 },
  /** Keeps the seeded members' e-mails apart when one database is seeded more than once. */
  tag = '',
) {
  const extra = await db
    .insert(members)
    .values(
      Array.from({ length: sizes.members - 1 }, (_, i) => ({
        email: `seed${i}${tag}@bench.test`,
        nickname: `member${i}`,
        name: 'Seed',
        phone: '0100',
      })),
    )
    .returning({ memberIdx: members.memberIdx });
  const mips = [
    adminMip,
    ...(
      await db
        .insert(membersInProject)
        .values(
          extra.map((m, i) => ({
            projectIdx,
            memberIdx: m.memberIdx,
            role: i < 3 ? ('depth1' as const) : ('depth2' as const),
          })),
        )
        .returning({ idx: membersInProject.memberInProjectIdx })
    ).map((r) => r.idx),
  ];
  const epicIdxs = (
    await db
      .insert(epics)
      .values(
        Array.from({ length: 10 }, (_, i) => ({ projectIdx, label: `Epic ${i}`, createdByIdx: adminMip })),
      )
      .returning({ idx: epics.epicIdx })
  ).map((r) => r.idx);
  const milestoneKeys = keysAfter(null, sizes.milestones);
  const milestoneIdxs = (
    await db
      .insert(milestones)
      .values(
        milestoneKeys.map((orderKey, i) => ({
          projectIdx,
          title: `Milestone ${i + 1}`,
          startDt: '20260101',
          endDt: '20261231',
          orderKey,
          createdByIdx: adminMip,
        })),
      )
      .returning({ idx: milestones.milestoneIdx })
  ).map((r) => r.idx);

  const perMilestone = Math.ceil(sizes.stories / milestoneIdxs.length);
  const keys = keysAfter(null, perMilestone);
  const statuses = ['pending', 'inProgress', 'completed', 'delayed'] as const;
  // Numbers after any story the project has: take them from its counter at once.
  const [counter] = await db
    .update(projects)
    .set({ nextStoryNo: sql`${projects.nextStoryNo} + ${sizes.stories}` })
    .where(eq(projects.projectIdx, projectIdx))
    .returning({ next: projects.nextStoryNo });
  const firstNo = counter!.next - sizes.stories;
  const storyRows = Array.from({ length: sizes.stories }, (_, i) => ({
    projectIdx,
    storyNo: firstNo + i,
    milestoneIdx: milestoneIdxs[Math.floor(i / perMilestone)]!,
    epicIdx: i % 3 === 0 ? null : epicIdxs[i % epicIdxs.length]!,
    title: `Story ${i + 1}: implement the part of the feature`,
    description: 'Seeded for the benchmark.',
    status: statuses[i % statuses.length]!,
    startDt: '20260301',
    endDt: '20260331',
    reporterIdx: mips[i % mips.length]!,
    point: (i % 8) + 1,
    orderKey: keys[i % perMilestone]!,
    createdByIdx: adminMip,
  }));
  const storyIdxs: number[] = [];
  for (const chunk of chunks(storyRows, 1000))
    storyIdxs.push(
      ...(await db.insert(stories).values(chunk).returning({ idx: stories.storyIdx })).map((r) => r.idx),
    );

  const assigneeRows = storyIdxs.flatMap((storyIdx, i) => {
    const first = mips[i % mips.length]!;
    const second = mips[(i + 7) % mips.length]!;
    return (i % 3 === 0 ? [first, second] : [first]).map((m) => ({
      storyIdx,
      memberInProjectIdx: m,
      projectIdx,
    }));
  });
  for (const chunk of chunks(assigneeRows, 5000)) await db.insert(storyAssignees).values(chunk);

  const historyRows = Array.from({ length: sizes.history }, (_, i) => ({
    projectIdx,
    storyIdx: storyIdxs[i % storyIdxs.length]!,
    milestoneIdx: null,
    type: (i % 13) + 1,
    actorIdx: mips[i % mips.length]!,
    before: { title: `before ${i}` },
    after: { title: `after ${i}` },
  }));
  for (const chunk of chunks(historyRows, 5000)) await db.insert(histories).values(chunk);
  return {
    milestoneCount: milestoneIdxs.length,
    storyCount: storyIdxs.length,
    memberCount: mips.length,
    storyIdxs,
  };
}

/**
 * A planning change as a story edit makes it: one story's title and the project's planning version,
 * in one transaction. What a read "after a change" follows (the timeline rebuilds the milestone of
 * the story, the dashboard its figures).
 */
export async function changeStory(db: Db, projectIdx: number, storyIdx: number, n: number) {
  await db.transaction(async (tx) => {
    await tx
      .update(planningVersions)
      .set({ version: sql`${planningVersions.version} + 1` })
      .where(eq(planningVersions.projectIdx, projectIdx));
    await tx
      .update(stories)
      .set({ title: `Story changed ${n}` })
      .where(eq(stories.storyIdx, storyIdx));
  });
}
