/**
 * The demo project's plan for `npm run seed:demo`: two epics, three milestones around today (one
 * done, one under way, one next) with stories in every state, and a backlog, so a visitor's first
 * timeline and dashboard show what the product does. Written once: a project that already has
 * milestones is left as it is.
 */
import { historyTypes, type StoryStatus } from '@teamline/contract';
import { createEpicRepository } from '../features/planning-store/epic.repository.js';
import { createHistoryRepository } from '../features/planning-store/history.repository.js';
import { createMilestoneRepository } from '../features/planning-store/milestone.repository.js';
import { createStoryRepository } from '../features/planning-store/story.repository.js';
import type { Db } from '../infra/db.js';
import { keysAfter } from '../shared/order-key.js';

export interface DemoPeople {
  admin: number;
  lead: number;
  dev: number;
}

interface DemoStory {
  title: string;
  status: StoryStatus;
  /** Days from today. */
  from: number;
  to: number;
  epic: 'web' | 'api';
  who: (keyof DemoPeople)[];
  point: number;
}

const plan: {
  title: string;
  from: number;
  to: number;
  status: 'completed' | 'inProgress' | 'pending';
  stories: DemoStory[];
}[] = [
  {
    title: 'Discovery',
    from: -40,
    to: -15,
    status: 'completed',
    stories: [
      {
        title: 'Interview five clients',
        status: 'completed',
        from: -40,
        to: -32,
        epic: 'web',
        who: ['lead'],
        point: 3,
      },
      {
        title: 'Sketch the sign-up flow',
        status: 'completed',
        from: -30,
        to: -22,
        epic: 'web',
        who: ['dev'],
        point: 2,
      },
      {
        title: 'Choose the payment gateway',
        status: 'completed',
        from: -24,
        to: -16,
        epic: 'api',
        who: ['admin'],
        point: 1,
      },
    ],
  },
  {
    title: 'MVP',
    from: -14,
    to: 14,
    status: 'inProgress',
    stories: [
      { title: 'Login page', status: 'completed', from: -14, to: -7, epic: 'web', who: ['dev'], point: 3 },
      {
        title: 'Orders API',
        status: 'inProgress',
        from: -8,
        to: 5,
        epic: 'api',
        who: ['lead', 'dev'],
        point: 5,
      },
      {
        title: 'Cart and checkout',
        status: 'inProgress',
        from: -3,
        to: 10,
        epic: 'web',
        who: ['dev'],
        point: 8,
      },
      {
        title: 'Product images upload',
        status: 'delayed',
        from: -12,
        to: -2,
        epic: 'api',
        who: ['lead'],
        point: 3,
      },
      { title: 'E-mail receipts', status: 'pending', from: 6, to: 14, epic: 'api', who: ['admin'], point: 2 },
    ],
  },
  {
    title: 'Launch',
    from: 15,
    to: 45,
    status: 'pending',
    stories: [
      {
        title: 'Load test the checkout',
        status: 'pending',
        from: 15,
        to: 25,
        epic: 'api',
        who: ['lead'],
        point: 3,
      },
      {
        title: 'Store listing and screenshots',
        status: 'pending',
        from: 26,
        to: 40,
        epic: 'web',
        who: ['dev'],
        point: 2,
      },
    ],
  },
];

const backlog: Omit<DemoStory, 'from' | 'to'>[] = [
  { title: 'Dark mode', status: 'considering', epic: 'web', who: [], point: 0 },
  { title: 'Export orders as CSV', status: 'considering', epic: 'api', who: [], point: 0 },
];

/** `YYYYMMDD`, `days` from today (UTC). */
function dayCode(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return d.toISOString().slice(0, 10).replaceAll('-', '');
}

export async function seedDemoPlan(db: Db, projectIdx: number, people: DemoPeople): Promise<boolean> {
  const milestones = createMilestoneRepository(db);
  if ((await milestones.list(projectIdx)).length > 0) return false;
  const epicRepo = createEpicRepository(db);
  const stories = createStoryRepository(db);
  const history = createHistoryRepository(db);
  const epics = {
    web: await epicRepo.insert({
      projectIdx,
      label: 'Web app',
      colorCode: '#4f8cff',
      createdByIdx: people.admin,
    }),
    api: await epicRepo.insert({
      projectIdx,
      label: 'API',
      colorCode: '#36b37e',
      createdByIdx: people.admin,
    }),
  };

  const add = async (
    story: DemoStory | (typeof backlog)[number],
    milestoneIdx: number | null,
    orderKey: string,
  ) => {
    const row = await stories.insert(
      {
        projectIdx,
        milestoneIdx,
        epicIdx: epics[story.epic].epicIdx,
        title: story.title,
        status: story.status,
        startDt: 'from' in story ? dayCode(story.from) : null,
        endDt: 'to' in story ? dayCode(story.to) : null,
        reporterIdx: people.admin,
        point: story.point,
        orderKey,
        createdByIdx: people.admin,
      },
      story.who.map((w) => people[w]),
    );
    await history.insert([
      {
        projectIdx,
        storyIdx: row.storyIdx,
        milestoneIdx,
        type: historyTypes.created,
        actorIdx: people.admin,
        before: null,
        after: { title: row.title, status: row.status, milestoneIdx, assignees: row.assignees },
      },
    ]);
  };

  const milestoneKeys = keysAfter(null, plan.length);
  for (const [i, m] of plan.entries()) {
    const milestone = await milestones.insert({
      projectIdx,
      title: m.title,
      status: m.status,
      startDt: dayCode(m.from),
      endDt: dayCode(m.to),
      orderKey: milestoneKeys[i]!,
      createdByIdx: people.admin,
    });
    const keys = keysAfter(null, m.stories.length);
    for (const [j, s] of m.stories.entries()) await add(s, milestone.milestoneIdx, keys[j]!);
  }
  const backlogKeys = keysAfter(null, backlog.length);
  for (const [j, s] of backlog.entries()) await add(s, null, backlogKeys[j]!);
  return true;
}
