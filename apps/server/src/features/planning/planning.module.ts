import { defineModule } from '../../platform/module.js';
import { epicRoutes } from '../epic/epic.routes.js';
import { createEpicService, type EpicService } from '../epic/epic.service.js';
import { createHistoryRepository } from '../planning-store/history.repository.js';
import { historyRoutes } from '../history/history.routes.js';
import { createHistoryCache, HISTORY_CHANGED } from '../history/history-cache.js';
import { createHistoryService, type HistoryService } from '../history/history.service.js';
import { MEMBERSHIP_CHANGED } from '../membership/membership.port.js';
import { milestoneRoutes } from '../milestone/milestone.routes.js';
import { createMilestoneService, type MilestoneService } from '../milestone/milestone.service.js';
import { DELAY_JOB, delayJobCron, storyDelayJob } from '../story/story-delay.job.js';
import { storyRoutes } from '../story/story.routes.js';
import { createStoryService, type StoryService } from '../story/story.service.js';
import { timekeepingRoutes } from '../timekeeping/timekeeping.routes.js';
import { createTimekeepingService, type TimekeepingService } from '../timekeeping/timekeeping.service.js';
import { createPlanningStore } from '../planning-store/planning-repositories.js';
import {
  createPlanningVersionCache,
  PLANNING_VERSION_CHANGED,
  type PlanningVersionReader,
} from '../planning-store/planning-version-cache.js';

declare module '../../platform/services.js' {
  interface Services {
    milestone: MilestoneService;
    story: StoryService;
    epic: EpicService;
    timekeeping: TimekeepingService;
    history: HistoryService;
    /** Each project's planning version, for caches of planning answers outside this module (dashboard). */
    planningVersion: PlanningVersionReader;
  }
}

/**
 * Planning: milestones, stories, epics, time entries and their history. One module because their
 * writes share one unit of work (the planning store) and one version counter per project.
 */
export const planningModule = defineModule({
  name: 'planning',
  services: ({ ctx, services: { authz } }) => {
    // The version every cached timeline and dashboard answer checks (embedded database only), dropped on 0037's notices.
    const versionCache = ctx.projectCaches?.hear('planning-version', createPlanningVersionCache(), [
      PLANNING_VERSION_CHANGED,
    ]);
    const planning = createPlanningStore(ctx.database.db, ctx, versionCache);
    return {
      planningVersion: planning.version,
      milestone: createMilestoneService(ctx, planning, authz),
      story: createStoryService(ctx, planning, authz),
      epic: createEpicService(ctx, planning, authz),
      timekeeping: createTimekeepingService(ctx, planning, authz),
      history: createHistoryService(
        createHistoryRepository(
          ctx.database.db,
          ctx.database.connection.kind === 'pglite' ? ctx.database.connection.client : undefined,
        ),
        authz,
        {
          projectOfStory: (storyIdx) => planning.story.projectOf(storyIdx),
          projectOfMilestone: (milestoneIdx) => planning.milestone.projectOf(milestoneIdx),
        },
        // Story and milestone history lists (embedded database only), dropped on 0023's and 0022's notices.
        ctx.projectCaches?.hear('history', createHistoryCache(), [MEMBERSHIP_CHANGED, HISTORY_CHANGED]),
      ),
    };
  },
  routes: async (api) => {
    await api.register(milestoneRoutes);
    await api.register(storyRoutes);
    await api.register(epicRoutes);
    await api.register(timekeepingRoutes);
    await api.register(historyRoutes);
  },
  jobs: ({ ctx, services }) => [storyDelayJob(services.story, ctx.config)],
  // The scan also runs once at start, as it did before it had a cron.
  setup: (app) => {
    if (delayJobCron(app.ctx.config))
      app.addHook('onReady', async () => void (await app.ctx.jobs.send(DELAY_JOB, {})));
  },
});
