import {
  EPIC_LIMIT,
  historyTypes,
  type CreateEpicRequest,
  type Epic,
  type UpdateEpicRequest,
} from '@teamline/contract';
import { AppError } from '../../shared/app-error.js';
import type { Actor, AppContext } from '../../shared/context.js';
import type { Authorization } from '../../platform/authorization/authorization.js';
import { loadOr404AndAuthorize } from '../../platform/authorization/load-and-authorize.js';
import type { MembershipRow } from '../membership/membership.port.js';
import type { PlanningRepositories, PlanningStore } from '../planning-store/planning-repositories.js';
import { toEpic } from './epic.presenter.js';

export function createEpicService(
  ctx: AppContext,
  planning: PlanningStore,
  authz: Authorization<MembershipRow>,
) {
  async function load(actor: Actor, epicIdx: number) {
    const { row, membership: m } = await loadOr404AndAuthorize(
      authz,
      actor,
      'epic.manage',
      'EPIC_NOT_FOUND',
      () => planning.epic.findById(epicIdx),
    );
    return { row, m };
  }
  async function present(r: PlanningRepositories, projectIdx: number, epicIdx: number): Promise<Epic> {
    const [row] = await r.epic.listWithProgress(projectIdx, epicIdx);
    return toEpic(row!);
  }

  return {
    async list(actor: Actor, projectIdx: number): Promise<Epic[]> {
      await authz.authorize(actor, 'epic.view', projectIdx);
      return (await planning.epic.listWithProgress(projectIdx)).map(toEpic);
    },

    /** At most 30 a project (docs/product/planning.md#epics); counted under the project lock so two creators cannot make 31. */
    async create(actor: Actor, input: CreateEpicRequest): Promise<Epic> {
      const m = await authz.authorize(actor, 'epic.manage', input.projectIdx);
      return planning.transaction(async (r) => {
        await r.version.bump(input.projectIdx);
        if ((await r.epic.count(input.projectIdx)) >= EPIC_LIMIT) throw new AppError('EPIC_LIMIT_REACHED');
        const created = await r.epic.insert({
          projectIdx: input.projectIdx,
          label: input.label.trim(),
          weight: input.weight ?? 0,
          point: input.point ?? 0,
          colorCode: input.colorCode ?? null,
          createdByIdx: m.memberInProjectIdx,
        });
        const epic = await present(r, created.projectIdx, created.epicIdx);
        await r.events.record('epic.created', created.projectIdx, epic);
        return epic;
      });
    },

    async update(actor: Actor, epicIdx: number, input: UpdateEpicRequest): Promise<Epic> {
      const { row } = await load(actor, epicIdx);
      // Timelines and the dashboard show epic labels and colours: a new planning version retires their caches.
      return planning.transaction(async (r) => {
        await r.version.bump(row.projectIdx);
        await r.epic.update(row.projectIdx, epicIdx, {
          label: input.label?.trim(),
          weight: input.weight,
          point: input.point,
          colorCode: input.colorCode,
        });
        const epic = await present(r, row.projectIdx, epicIdx);
        await r.events.record('epic.updated', row.projectIdx, epic);
        return epic;
      });
    },

    /** Its stories stay, without an epic; each gets history 14. */
    async remove(actor: Actor, epicIdx: number) {
      const { row, m } = await load(actor, epicIdx);
      const detached = await planning.transaction(async (r) => {
        await r.version.bump(row.projectIdx);
        const stories = await r.epic.delete(row.projectIdx, epicIdx);
        await r.history.insert(
          stories.map((s) => ({
            projectIdx: row.projectIdx,
            storyIdx: s.storyIdx,
            milestoneIdx: s.milestoneIdx,
            type: historyTypes.epic,
            actorIdx: m.memberInProjectIdx,
            before: { epicIdx },
            after: { epicIdx: null },
          })),
        );
        await r.events.record('epic.deleted', row.projectIdx, { epicIdx });
        return stories.length;
      });
      return { epicIdx, detachedStoryCount: detached };
    },
  };
}
export type EpicService = ReturnType<typeof createEpicService>;
