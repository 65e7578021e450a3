import { hasPermission, type CreateTimekeepingRequest, type Timekeeping } from '@teamline/contract';
import { AppError, fieldError } from '../../shared/app-error.js';
import type { Actor, AppContext } from '../../shared/context.js';
import { requireMembership, requireProfessional } from '../project/project.policy.js';
import type { ProjectRepository } from '../project/project.repository.js';
import type { ProjectService } from '../project/project.service.js';
import type { PlanningStore } from '../planning/planning-repositories.js';
import { permissionActor } from '../story/story.policy.js';
import type { TimekeepingRow } from './timekeeping.repository.js';

const toTimekeeping = (row: TimekeepingRow): Timekeeping => ({
  timekeepingIdx: row.timekeepingIdx,
  projectIdx: row.projectIdx,
  storyIdx: row.storyIdx,
  memberInProjectIdx: row.memberInProjectIdx,
  workDt: row.workDt,
  minutes: row.minutes,
  note: row.note,
  createdAt: row.createdAt.toISOString(),
});

export function createTimekeepingService(
  ctx: AppContext,
  planning: PlanningStore,
  projects: ProjectService,
  projectRepo: ProjectRepository,
) {
  return {
    /** Professionals log time; someone else's time only per the spec §5 check (lead, admin). */
    async create(actor: Actor, input: CreateTimekeepingRequest): Promise<Timekeeping> {
      const story = await planning.story.findById(input.storyIdx);
      if (!story) throw new AppError('STORY_NOT_FOUND');
      const m = requireProfessional(
        requireMembership(await projectRepo.findMembership(story.projectIdx, actor.memberIdx)),
      );
      const owner = input.memberInProjectIdx ?? m.memberInProjectIdx;
      if (owner !== m.memberInProjectIdx) {
        const [record] = await planning.members.findActive(story.projectIdx, [owner]);
        if (!record) throw fieldError('memberInProjectIdx', 'invalid');
        if (!hasPermission(record, permissionActor(m))) throw new AppError('FORBIDDEN');
      }
      return planning.transaction(async (r) => {
        const entry = toTimekeeping(
          await r.timekeeping.insert({
            projectIdx: story.projectIdx,
            storyIdx: story.storyIdx,
            memberInProjectIdx: owner,
            workDt: input.workDt,
            minutes: input.minutes,
            note: input.note || null,
            createdByIdx: m.memberInProjectIdx,
          }),
        );
        await r.events.record('timekeeping.created', entry.projectIdx, entry);
        return entry;
      });
    },

    async list(
      actor: Actor,
      query: { storyIdx?: number; projectIdx?: number; from?: string; to?: string },
    ): Promise<Timekeeping[]> {
      if (query.storyIdx !== undefined) {
        const story = await planning.story.findById(query.storyIdx);
        if (!story) throw new AppError('STORY_NOT_FOUND');
        requireMembership(await projectRepo.findMembership(story.projectIdx, actor.memberIdx));
        return (await planning.timekeeping.listOfStory(story.projectIdx, story.storyIdx)).map(toTimekeeping);
      }
      await projects.membershipOf(actor, query.projectIdx!);
      return (await planning.timekeeping.listOfProject(query.projectIdx!, query.from, query.to)).map(
        toTimekeeping,
      );
    },

    /**
     * All or nothing: every entry must exist (404), lie in a project of the caller (403
     * PROJECT_ACCESS_DENIED) and be the caller's to edit per spec §5 (403 FORBIDDEN).
     */
    async bulkDelete(actor: Actor, idxs: number[]): Promise<{ deletedCount: number }> {
      const unique = [...new Set(idxs)];
      const rows = await planning.timekeeping.findByIds(unique);
      if (rows.length !== unique.length) throw new AppError('TIMEKEEPING_NOT_FOUND');
      const byProject = new Map<number, TimekeepingRow[]>();
      for (const row of rows) byProject.set(row.projectIdx, [...(byProject.get(row.projectIdx) ?? []), row]);
      for (const [projectIdx, entries] of byProject) {
        const m = requireMembership(await projectRepo.findMembership(projectIdx, actor.memberIdx));
        const owners = await planning.members.findRecords(
          projectIdx,
          entries.map((e) => e.memberInProjectIdx),
        );
        const byIdx = new Map(owners.map((o) => [o.memberInProjectIdx, o]));
        for (const e of entries)
          if (!hasPermission(byIdx.get(e.memberInProjectIdx), permissionActor(m)))
            throw new AppError('FORBIDDEN');
      }
      const deletedCount = await planning.transaction(async (r) => {
        let n = 0;
        for (const [projectIdx, entries] of byProject) {
          const timekeepingIdxs = entries.map((e) => e.timekeepingIdx);
          n += await r.timekeeping.deleteMany(projectIdx, timekeepingIdxs);
          await r.events.record('timekeeping.deleted', projectIdx, { timekeepingIdxs });
        }
        return n;
      });
      return { deletedCount };
    },
  };
}
export type TimekeepingService = ReturnType<typeof createTimekeepingService>;
