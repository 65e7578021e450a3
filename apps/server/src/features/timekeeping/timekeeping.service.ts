import {
  maxMinutesPerDay,
  todayCode,
  type CreateTimekeepingRequest,
  type Timekeeping,
  type UpdateTimekeepingRequest,
} from '@teamline/contract';
import { AppError, fieldError } from '../../shared/app-error.js';
import type { Actor, AppContext } from '../../shared/context.js';
import type { Authorization } from '../../platform/authorization/authorization.js';
import { loadOr404AndAuthorize } from '../../platform/authorization/load-and-authorize.js';
import type { MembershipRow } from '../membership/membership.port.js';
import type { PlanningRepositories, PlanningStore } from '../planning-store/planning-repositories.js';
import type { TimekeepingRow } from '../planning-store/timekeeping.repository.js';
import { toTimekeeping } from './timekeeping.presenter.js';

const monthOf = (workDt: string) => workDt.slice(0, 6);

/**
 * "Today" of the member whose time it is: their own time zone once the member profile has one
 * (it has none yet), else the latest on earth (UTC+14), so nobody is refused their own today
 * (docs/decisions.md "Time sheets").
 */
const todayOf = (_memberInProjectIdx: number, now: Date) => todayCode(undefined, now);

/**
 * The rules of a write, inside its transaction after the owner's membership row is locked: the
 * months touched must not be locked by a settlement, the date not in the future, the day's minutes
 * (this entry's included, `exceptIdx` left out) not over 1,440.
 */
async function checkWrite(
  r: PlanningRepositories,
  entry: { projectIdx: number; memberInProjectIdx: number; workDt: string; minutes: number },
  options: { months: string[]; exceptIdx?: number; now: Date },
) {
  for (const month of new Set(options.months))
    if (await r.timekeeping.isMonthLocked(entry.projectIdx, entry.memberInProjectIdx, month))
      throw new AppError('TIMEKEEPING_LOCKED', { month });
  if (entry.workDt > todayOf(entry.memberInProjectIdx, options.now))
    throw new AppError('TIMEKEEPING_FUTURE_DATE');
  const loggedMinutes = await r.timekeeping.minutesOfDay(
    entry.memberInProjectIdx,
    entry.workDt,
    options.exceptIdx,
  );
  if (loggedMinutes + entry.minutes > maxMinutesPerDay)
    throw new AppError('TIMEKEEPING_DAY_LIMIT', { loggedMinutes });
}

export function createTimekeepingService(
  ctx: AppContext,
  planning: PlanningStore,
  authz: Authorization<MembershipRow>,
) {
  /** Entries with what the caller may do with each (the same record rule as bulkDelete). */
  async function withAbilities(m: MembershipRow, rows: TimekeepingRow[]): Promise<Timekeeping[]> {
    const idxs = [...new Set(rows.map((row) => row.memberInProjectIdx))];
    const records = await planning.members.findRecords(m.projectIdx, idxs);
    const locked = await planning.timekeeping.lockedMonths(m.projectIdx, idxs);
    const byIdx = new Map(records.map((o) => [o.memberInProjectIdx, o]));
    return rows.map((row) => {
      const record = { projectIdx: row.projectIdx, owners: [byIdx.get(row.memberInProjectIdx)] };
      // An entry of a submitted, approved or paid month is nobody's to change (409 on writes).
      const open = !locked.has(`${row.memberInProjectIdx}:${monthOf(row.workDt)}`);
      return {
        ...toTimekeeping(row),
        locked: !open,
        can: {
          delete: open && authz.allows(m, 'time.delete', record),
          edit: open && authz.allows(m, 'time.edit', record),
        },
      };
    });
  }

  return {
    /** Professionals log time; someone else's time only per the docs/product/projects-and-membership.md#permission-check check (lead, admin). */
    async create(actor: Actor, input: CreateTimekeepingRequest): Promise<Timekeeping> {
      const { row: story, membership: m } = await loadOr404AndAuthorize(
        authz,
        actor,
        'planning.view',
        'STORY_NOT_FOUND',
        () => planning.story.findById(input.storyIdx),
      );
      const target = { projectIdx: story.projectIdx, missing: 'STORY_NOT_FOUND' as const };
      // An entry belongs to the member whose time it is (docs/product/projects-and-membership.md#permission-check: own, a lead's team, admin).
      authz.decide(m, 'time.log', { ...target, owners: [m] });
      const owner = input.memberInProjectIdx ?? m.memberInProjectIdx;
      if (owner !== m.memberInProjectIdx) {
        const [record] = await planning.members.findActive(story.projectIdx, [owner]);
        if (!record) throw fieldError('memberInProjectIdx', 'invalid');
        authz.decide(m, 'time.log', { ...target, owners: [record] });
      }
      return planning.transaction(async (r) => {
        await r.members.lockMember(owner);
        await checkWrite(
          r,
          { projectIdx: story.projectIdx, memberInProjectIdx: owner, ...input },
          { months: [monthOf(input.workDt)], now: ctx.clock.now() },
        );
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

    /**
     * Story, date, minutes or note of one entry: its owner, or per docs/product/projects-and-membership.md#permission-check their lead or an admin
     * (403 FORBIDDEN); a stranger or another project's entry looks missing (404). Moving it to
     * another story stays within its project (STORY_NOT_FOUND otherwise).
     */
    async update(
      actor: Actor,
      timekeepingIdx: number,
      input: UpdateTimekeepingRequest,
    ): Promise<Timekeeping> {
      const { row, membership: m } = await loadOr404AndAuthorize(
        authz,
        actor,
        'planning.view',
        'TIMEKEEPING_NOT_FOUND',
        () => planning.timekeeping.findById(timekeepingIdx),
      );
      const target = { projectIdx: row.projectIdx, missing: 'TIMEKEEPING_NOT_FOUND' as const };
      const [owner] = await planning.members.findRecords(row.projectIdx, [row.memberInProjectIdx]);
      authz.decide(m, 'time.edit', { ...target, owners: [owner] });
      if (input.storyIdx !== undefined && input.storyIdx !== row.storyIdx) {
        const story = await planning.story.findById(input.storyIdx);
        if (!story || story.projectIdx !== row.projectIdx) throw new AppError('STORY_NOT_FOUND');
      }
      return planning.transaction(async (r) => {
        await r.members.lockMember(row.memberInProjectIdx);
        // Read again under the lock: a concurrent edit or delete may have come first.
        const current = await r.timekeeping.findById(timekeepingIdx);
        if (!current) throw new AppError('TIMEKEEPING_NOT_FOUND');
        const next = {
          storyIdx: input.storyIdx ?? current.storyIdx,
          workDt: input.workDt ?? current.workDt,
          minutes: input.minutes ?? current.minutes,
          note: input.note === undefined ? current.note : input.note || null,
        };
        await checkWrite(
          r,
          { projectIdx: current.projectIdx, memberInProjectIdx: current.memberInProjectIdx, ...next },
          {
            months: [monthOf(current.workDt), monthOf(next.workDt)],
            exceptIdx: current.timekeepingIdx,
            now: ctx.clock.now(),
          },
        );
        const entry = toTimekeeping(await r.timekeeping.update(timekeepingIdx, next));
        await r.events.record('timekeeping.updated', entry.projectIdx, entry);
        return entry;
      });
    },

    async list(
      actor: Actor,
      query: {
        storyIdx?: number;
        projectIdx?: number;
        memberInProjectIdx?: number;
        from?: string;
        to?: string;
      },
    ): Promise<Timekeeping[]> {
      if (query.storyIdx !== undefined) {
        const storyIdx = query.storyIdx;
        const { row: story, membership: m } = await loadOr404AndAuthorize(
          authz,
          actor,
          'planning.view',
          'STORY_NOT_FOUND',
          () => planning.story.findById(storyIdx),
        );
        return withAbilities(m, await planning.timekeeping.listOfStory(story.projectIdx, story.storyIdx));
      }
      const m = await authz.authorize(actor, 'planning.view', query.projectIdx!);
      return withAbilities(
        m,
        await planning.timekeeping.listOfProject(
          query.projectIdx!,
          query.from,
          query.to,
          query.memberInProjectIdx,
        ),
      );
    },

    /**
     * All or nothing: every entry must exist and lie in a project of the caller (else 404
     * TIMEKEEPING_NOT_FOUND alike) and be the caller's to edit per docs/product/projects-and-membership.md#permission-check (403 FORBIDDEN).
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
          const members = [...new Set(entries.map((e) => e.memberInProjectIdx))].sort((a, b) => a - b);
          // In id order, so two deletes over the same members cannot deadlock.
          for (const member of members) await r.members.lockMember(member);
          for (const e of entries)
            if (await r.timekeeping.isMonthLocked(projectIdx, e.memberInProjectIdx, monthOf(e.workDt)))
              throw new AppError('TIMEKEEPING_LOCKED', { month: monthOf(e.workDt) });
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
