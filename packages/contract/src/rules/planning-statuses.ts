/**
 * Timeline statuses and their moves (docs/product/planning.md#status-flow), apart from the schemas: plain
 * data without zod, so a page that only needs a status list does not load zod with it (see
 * docs/decisions.md › Web app › initial JavaScript).
 */

/** docs/product/planning.md#status-flow. */
export const storyStatuses = [
  'considering',
  'pending',
  'inProgress',
  'completed',
  'delayed',
  'rejected',
] as const;
export type StoryStatus = (typeof storyStatuses)[number];
export const milestoneStatuses = [
  'pending',
  'inProgress',
  'completed',
  'delayed',
  'approving',
  'approved',
  'rejected',
] as const;
export type MilestoneStatus = (typeof milestoneStatuses)[number];

/**
 * Manual story moves through PATCH /story/{id} (docs/product/planning.md#status-flow). `delayed` is only
 * entered by the scheduled job; `considering` only by a client's creation.
 */
export const storyTransitions: Record<StoryStatus, readonly StoryStatus[]> = {
  considering: ['pending', 'rejected'],
  pending: ['inProgress'],
  inProgress: ['completed', 'pending'],
  completed: ['inProgress'],
  delayed: ['inProgress', 'completed'],
  rejected: [],
};
/** Open stories: the ones the delay job watches. */
export const openStoryStatuses: readonly StoryStatus[] = ['pending', 'inProgress'];

/** Manual milestone moves through PATCH /milestone/{id}; approval has its own call. */
export const milestoneTransitions: Record<MilestoneStatus, readonly MilestoneStatus[]> = {
  pending: ['inProgress'],
  inProgress: ['completed', 'pending'],
  completed: ['inProgress'],
  delayed: ['inProgress', 'completed'],
  approving: [],
  approved: [],
  // A rejected milestone goes back to work.
  rejected: ['inProgress'],
};
/** Where a professional may request approval from (→ approving). */
export const approvalRequestableStatuses: readonly MilestoneStatus[] = [
  'pending',
  'inProgress',
  'completed',
  'rejected',
];

export const canMoveStory = (from: StoryStatus, to: StoryStatus): boolean =>
  from === to || storyTransitions[from].includes(to);
export const canMoveMilestone = (from: MilestoneStatus, to: MilestoneStatus): boolean =>
  from === to || milestoneTransitions[from].includes(to);
