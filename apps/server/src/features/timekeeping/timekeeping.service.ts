import type { CreateTimekeepingRequest, Timekeeping } from '@teamline/contract';
import { AppError, fieldError } from '../../shared/app-error.js';
import type { Actor, AppContext } from '../../shared/context.js';
import type { Authorization } from '../../platform/authorization/authorization.js';
import type { MembershipRow } from '../project/project.repository.js';
import type { PlanningStore } from '../planning/planning-repositories.js';
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
  authz: Authorization<MembershipRow>,
) {
  /** Entries with what the caller may do with each (the same record rule as bulkDelete). */
  async function withAbilities(m: MembershipRow, rows: TimekeepingRow[]): Promise<Timekeeping[]> {
    const idxs = [...new Set(rows.map((row) => row.memberInProjectIdx))];
    const records = await planning.members.findRecords(m.projectIdx, idxs);
    const byIdx = new Map(records.map((o) => [o.memberInProjectIdx, o]));
    return rows.map((row) => {
      const record = { projectIdx: row.projectIdx, owners: [byIdx.get(row.memberInProjectIdx)] };
      return {
        ...toTimekeeping(row),
        can: { delete: authz.allows(m, 'time.delete', record), edit: authz.allows(m, 'time.edit', record) },
      };
    });
  }

  return {
    /** Professionals log time; someone else's time only per the spec §5 check (lead, admin). */
    async create(actor: Actor, input: CreateTimekeepingRequest): Promise<Timekeeping> {
      const story = await planning.story.findById(input.storyIdx);
      if (!story) throw new AppError('STORY_NOT_FOUND');
      const target = { projectIdx: story.projectIdx, missing: 'STORY_NOT_FOUND' as const };
      const m = await authz.authorize(actor, 'planning.view', target);
      // An entry belongs to the member whose time it is (spec §5: own, a lead's team, admin).
      authz.decide(m, 'time.log', { ...target, owners: [m] });
      const owner = input.memberInProjectIdx ?? m.memberInProjectIdx;
      if (owner !== m.memberInProjectIdx) {
        const [record] = await planning.members.findActive(story.projectIdx, [owner]);
        if (!record) throw fieldError('memberInProjectIdx', 'invalid');
        authz.decide(m, 'time.log', { ...target, owners: [record] });
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
        const m = await authz.authorize(actor, 'planning.view', {
          projectIdx: story.projectIdx,
          missing: 'STORY_NOT_FOUND',
        });
        return withAbilities(m, await planning.timekeeping.listOfStory(story.projectIdx, story.storyIdx));
      }
      const m = await authz.authorize(actor, 'planning.view', query.projectIdx!);
      return withAbilities(
        m,
        await planning.timekeeping.listOfProject(query.projectIdx!, query.from, query.to),
      );
    },

    /**
     * All or nothing: every entry must exist and lie in a project of the caller (else 404
     * TIMEKEEPING_NOT_FOUND alike) and be the caller's to edit per spec §5 (403 FORBIDDEN).
     */
    async bulkDelete(actor: Actor, idxs: number[]): Promise<{ deletedCount: number }> {
      const unique = [...new Set(idxs)];
      const rows = await planning.timekeeping.findByIds(unique);
      if (rows.length !== unique.length) throw new AppError('TIMEKEEPING_NOT_FOUND');
      const byProject = new Map<number, TimekeepingRow[]>();
      for (const row of rows) byProject.set(row.projectIdx, [...(byProject.get(row.projectIdx) ?? []), row]);
      for (const [projectIdx, entries] of byProject) {
        const target = { projectIdx, missing: 'TIMEKEEPING_NOT_FOUND' as const };
        const m = await authz.authorize(actor, 'planning.view', target);
        const owners = await planning.members.findRecords(
          projectIdx,
          entries.map((e) => e.memberInProjectIdx),
        );
        const byIdx = new Map(owners.map((o) => [o.memberInProjectIdx, o]));
        for (const e of entries)
          authz.decide(m, 'time.delete', { ...target, owners: [byIdx.get(e.memberInProjectIdx)] });
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
